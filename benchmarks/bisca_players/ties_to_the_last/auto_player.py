"""A computer player for bisca: the reference's rules of thumb, written with ``sorted``.

Of two equally cheap cards (the same points and strength, in two suits) it plays the one
that came into its hand last.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import PlayerView
from .card import Card
from .player import Player
from .suit import Suit

TRUMP_WORTHY_POINTS = 3
"""A led non-trump worth at least this many points (a Jack or better) deserves a trump."""


def lead_cost(card: Card, trump: Suit) -> tuple[bool, int, int]:
    """Rank cards from the best one to lead to the worst: non-trumps, fewer points, weaker."""
    return card.suit == trump, card.points, card.strength


def discard_cost(card: Card, trump: Suit) -> tuple[int, bool, int]:
    """Rank cards from the cheapest to give away: fewer points, non-trumps, weaker."""
    return card.points, card.suit == trump, card.strength


def best_same_suit_winner(hand: Iterable[Card], led: Card) -> Card | None:
    """The card of the led suit that beats ``led`` and banks the most points, or None."""
    winners = [c for c in hand if c.suit == led.suit and c.strength > led.strength]
    ranked = sorted(winners, key=lambda c: (-c.points, c.strength))
    return ranked[0] if ranked else None


def cheapest_trump(hand: Iterable[Card], trump: Suit) -> Card | None:
    """The weakest trump of ``hand``, or None."""
    trumps = sorted((c for c in hand if c.suit == trump), key=lambda c: c.strength)
    return trumps[0] if trumps else None


def _last_cheapest(hand: tuple[Card, ...], cost, trump: Suit) -> Card:
    """The cheapest card by ``cost``; of equally cheap ones, the one received last."""
    ranked = sorted(enumerate(hand), key=lambda pair: (cost(pair[1], trump), -pair[0]))
    return ranked[0][1]


class AutoPlayer(Player):
    """Leads its cheapest card, wins a round when worthwhile, else gives the cheapest away."""

    def choose(self, view: PlayerView) -> Card:
        """Choose the card to play; the same view always gives the same card.

        Raises:
            ValueError: If ``view.hand`` is empty.
        """
        if not view.hand:
            raise ValueError(f"{self.name} has no card to play")
        if not view.table:
            return _last_cheapest(view.hand, lead_cost, view.trump)
        led = view.table[0]
        winner = best_same_suit_winner(view.hand, led)
        worth_a_trump = led.suit != view.trump and (
            led.points >= TRUMP_WORTHY_POINTS or view.stock_size == 0
        )
        if winner is None and worth_a_trump:
            winner = cheapest_trump(view.hand, view.trump)
        return winner or _last_cheapest(view.hand, discard_cost, view.trump)
