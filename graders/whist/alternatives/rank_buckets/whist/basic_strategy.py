"""The course's basic strategy, as a rule giving the allowed cards and a strategy using it.

``basic_choices`` is the rule as a pure function: the set of cards the basic strategy
may play, which holds more than one card only where the rule leaves a tie.  The
``BasicStrategy`` plays one of them, chosen by its random generator.  The rule, for the
player whose turn it is (``trick.next_player``):

1. **Leading** (the trick is empty): a card of the highest rank in the hand (Ace high),
   of any suit.
2. **The partner is winning the trick**: the lowest card of the led suit; without one,
   the lowest card that is not a trump (of any suit); holding only trumps, the lowest
   trump.
3. **Otherwise** (the partner has not played, or is losing):

   * holding the led suit: its highest card if that beats the card winning the trick,
     else its lowest card;
   * void in the led suit: the lowest trump that beats the card winning the trick;
     without one, the lowest card that is not a trump (of any suit), or the lowest trump
     when holding only trumps.

"Lowest" and "highest" compare ranks only, the Two lowest and the Ace highest.  This
version sorts the cards into buckets by rank and reads the lowest or highest bucket.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable

from cards.card import Card
from cards.hand import Hand

from .player import Strategy
from .trick import Trick, beats, partner_of


def _by_rank(cards: Iterable[Card]) -> dict[int, set[Card]]:
    """Group cards by the strength of their rank."""
    buckets: dict[int, set[Card]] = defaultdict(set)
    for card in cards:
        buckets[card.rank.strength].add(card)
    return buckets


def _lowest(cards: Iterable[Card]) -> frozenset[Card]:
    """Every card of the lowest rank among ``cards`` (there is at least one)."""
    buckets = _by_rank(cards)
    return frozenset(buckets[min(buckets)])


def _highest(cards: Iterable[Card]) -> frozenset[Card]:
    """Every card of the highest rank among ``cards`` (there is at least one)."""
    buckets = _by_rank(cards)
    return frozenset(buckets[max(buckets)])


def _discard(cards: tuple[Card, ...], trick: Trick) -> frozenset[Card]:
    """The lowest cards that are not trumps, or the lowest trumps if nothing else is held."""
    plain = [card for card in cards if card.suit != trick.trumps]
    return _lowest(plain if plain else cards)


def basic_choices(hand: Iterable[Card], trick: Trick) -> frozenset[Card]:
    """Return the cards the basic strategy allows for the player whose turn it is.

    Raises:
        ValueError: If ``hand`` is empty or ``trick`` is complete.
    """
    cards = tuple(hand)
    if trick.is_complete:
        raise ValueError("nobody plays into a complete trick")
    if len(cards) == 0:
        raise ValueError("an empty hand has no card to choose")
    if trick.lead_suit is None:
        return _highest(cards)
    suited = [card for card in cards if card.suit == trick.lead_suit]
    seat = trick.next_player
    assert seat is not None
    if trick.winner() == partner_of(seat):
        return _lowest(suited) if suited else _discard(cards, trick)
    best = trick.winning_card()
    if suited:
        (top,) = sorted(suited, key=lambda card: card.rank.strength)[-1:]
        return frozenset({top}) if beats(top, best, trick.trumps) else _lowest(suited)
    winners = [c for c in cards if c.suit == trick.trumps and beats(c, best, trick.trumps)]
    return _lowest(winners) if winners else _discard(cards, trick)


class BasicStrategy(Strategy):
    """Plays by ``basic_choices``, breaking ties with a random generator; learns nothing."""

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make a basic strategy.

        Args:
            rng: The generator that breaks ties; a new ``random.Random()`` when None.
        """
        self._tie_breaker = random.Random() if rng is None else rng

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Return one of ``basic_choices(hand, trick)``, ``choice`` of the sorted ties."""
        allowed = sorted(basic_choices(hand, trick))
        if len(allowed) > 1:
            return self._tie_breaker.choice(allowed)
        return allowed[0]

    def update_data(self, trick: Trick) -> None:
        """Do nothing: the basic strategy keeps no memory of past tricks."""
        return None
