"""The computer player, written from the docstrings: the rules as ``min`` and ``max`` keys."""

from __future__ import annotations

from collections.abc import Iterable

from .board import PlayerView
from .card import Card
from .player import Player
from .suit import Suit

TRUMP_WORTHY_POINTS = 3
"""A led non-trump worth at least this many points (a Jack or better) deserves a trump."""


def lead_cost(card: Card, trump: Suit) -> tuple[bool, int, int]:
    """Non-trumps before trumps, then fewer points, then lower strength."""
    is_trump = card.suit is trump
    return (is_trump, card.points, card.strength)


def discard_cost(card: Card, trump: Suit) -> tuple[int, bool, int]:
    """Fewer points first, then non-trumps before trumps, then lower strength."""
    is_trump = card.suit is trump
    return (card.points, is_trump, card.strength)


def best_same_suit_winner(hand: Iterable[Card], led: Card) -> Card | None:
    """The stronger card of the led suit worth the most points, the weakest of a tie."""
    winners = [card for card in hand if card.suit is led.suit and card.strength > led.strength]
    if not winners:
        return None
    return max(winners, key=lambda card: (card.points, -card.strength))


def cheapest_trump(hand: Iterable[Card], trump: Suit) -> Card | None:
    """The weakest trump in ``hand``, or None."""
    trumps = [card for card in hand if card.suit is trump]
    return min(trumps, key=lambda card: card.strength, default=None)


class AutoPlayer(Player):
    """A player that chooses its own cards with the rules of the stub's docstring."""

    def choose(self, view: PlayerView) -> Card:
        """Choose the card to play; the same view always gives the same card."""
        hand = tuple(view.hand)
        if len(hand) == 0:
            raise ValueError(f"{self.name} has no card left")
        trump = view.trump
        if view.is_leading:
            return min(hand, key=lambda card: lead_cost(card, trump))
        led = view.table[0]
        same_suit = best_same_suit_winner(hand, led)
        if same_suit is not None:
            return same_suit
        worth_it = led.suit is not trump and (
            led.points >= TRUMP_WORTHY_POINTS or view.stock_size == 0
        )
        trump_card = cheapest_trump(hand, trump) if worth_it else None
        if trump_card is not None:
            return trump_card
        return min(hand, key=lambda card: discard_cost(card, trump))
