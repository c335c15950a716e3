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

"Lowest" and "highest" compare ranks only, the Two lowest and the Ace highest.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cards.card import Card, Rank, Suit
from cards.hand import Hand

from .player import Strategy
from .trick import Trick, beats, partner_of


def _strength(card: Card) -> int:
    """Return the strength of the card's rank, the sort key of ``min``/``max`` here."""
    return card.rank.strength


def _all_of_rank(cards: list[Card], rank: Rank) -> frozenset[Card]:
    """Return every card of ``cards`` of the given rank (one per suit at most)."""
    return frozenset(card for card in cards if card.rank is rank)


def _all_of_lowest_rank(cards: list[Card]) -> frozenset[Card]:
    """Return every card of ``cards`` whose rank is the lowest among them."""
    return _all_of_rank(cards, min(cards, key=_strength).rank)


def _lowest_discard(cards: list[Card], trumps: Suit) -> frozenset[Card]:
    """Return the lowest non-trumps, or the lowest trump when holding only trumps."""
    others = [card for card in cards if card.suit is not trumps]
    return _all_of_lowest_rank(others or cards)


def basic_choices(hand: Iterable[Card], trick: Trick) -> frozenset[Card]:
    """Return the cards the basic strategy allows for the player whose turn it is.

    Args:
        hand: The player's cards, at least one.
        trick: The trick in progress, not complete.

    Returns:
        The allowed cards: one card, or several tied ones (of one rank, in different
        suits) where the rule leaves a tie.

    Raises:
        ValueError: If ``hand`` is empty or ``trick`` is complete.
    """
    cards = list(hand)
    if not cards:
        raise ValueError("a player with no cards cannot choose one")
    seat = trick.next_player
    if seat is None:
        raise ValueError("the trick is complete: no one is to play")
    if not len(trick):
        return _all_of_rank(cards, max(cards, key=_strength).rank)
    lead, trumps = trick.lead_suit, trick.trumps
    led = [card for card in cards if card.suit is lead]
    best = trick.winning_card()
    if trick.winner() == partner_of(seat):
        return frozenset({min(led, key=_strength)}) if led else _lowest_discard(cards, trumps)
    if led:
        top = max(led, key=_strength)
        return frozenset({top if beats(top, best, trumps) else min(led, key=_strength)})
    winning_trumps = [c for c in cards if c.suit is trumps and beats(c, best, trumps)]
    if winning_trumps:
        return frozenset({min(winning_trumps, key=_strength)})
    return _lowest_discard(cards, trumps)


class BasicStrategy(Strategy):
    """Plays by ``basic_choices``, breaking ties with a random generator; learns nothing."""

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make a basic strategy.

        Args:
            rng: The generator that breaks ties; a new ``random.Random()`` when None.
        """
        self._rng = random.Random() if rng is None else rng

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Return one of ``basic_choices(hand, trick)``.

        With a tie, the generator's ``choice`` picks among the tied cards sorted in the
        natural order (``sorted``).
        """
        choices = basic_choices(hand, trick)
        if len(choices) == 1:
            return next(iter(choices))
        return self._rng.choice(sorted(choices))

    def update_data(self, trick: Trick) -> None:
        """Do nothing: the basic strategy keeps no memory of past tricks."""
