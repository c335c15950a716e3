"""The computer player, written from the docstrings, with a strategy of its own.

The four rules of thumb are those of the stub's docstrings.  How ``choose`` uses them is
the student's to design, and this player makes two other choices than the stub
describes: it trumps a led Queen with a trump worth no points, and of the cheapest
cards to lead it leads the strongest (a 6 before a 2), keeping its weakest cards to
give away.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import PlayerView
from .card import Card
from .player import Player
from .suit import Suit

TRUMP_WORTHY_POINTS = 3
"""A led non-trump worth at least this many points (a Jack or better) deserves a trump."""

CHEAP_TRUMP_POINTS = 2
"""A led non-trump worth at least this many points (a Queen or better) deserves a trump
worth no points."""


def lead_cost(card: Card, trump: Suit) -> tuple[bool, int, int]:
    """Non-trumps before trumps, then fewer points, then lower strength."""
    return card.suit == trump, card.points, card.strength


def discard_cost(card: Card, trump: Suit) -> tuple[int, bool, int]:
    """Fewer points first, then non-trumps before trumps, then lower strength."""
    return card.points, card.suit == trump, card.strength


def best_same_suit_winner(hand: Iterable[Card], led: Card) -> Card | None:
    """The stronger card of the led suit worth the most points, the weakest of a tie."""
    ranked = sorted(
        (card for card in hand if card.suit == led.suit and card.strength > led.strength),
        key=lambda card: (-card.points, card.strength),
    )
    return ranked[0] if ranked else None


def cheapest_trump(hand: Iterable[Card], trump: Suit) -> Card | None:
    """The weakest trump in ``hand``, or None."""
    ranked = sorted((card for card in hand if card.suit == trump), key=lambda card: card.strength)
    return ranked[0] if ranked else None


class AutoPlayer(Player):
    """A player that chooses its own cards with the rules of thumb, trumping more often."""

    def choose(self, view: PlayerView) -> Card:
        """Choose the card to play; the same view always gives the same card."""
        if not view.hand:
            raise ValueError(f"{self.name} has nothing to play")
        if view.is_leading:
            return self._lead(view)
        return self._follow(view, view.table[0])

    def _lead(self, view: PlayerView) -> Card:
        """The cheapest card to lead; of cards worth as little, the strongest."""
        return min(
            view.hand,
            key=lambda card: (card.suit == view.trump, card.points, -card.strength),
        )

    def _follow(self, view: PlayerView, led: Card) -> Card:
        """Win with the led suit, else with a trump when the led card is worth it."""
        winner = best_same_suit_winner(view.hand, led)
        if winner is not None:
            return winner
        trump = cheapest_trump(view.hand, view.trump)
        if trump is not None and led.suit != view.trump:
            if led.points >= TRUMP_WORTHY_POINTS or view.stock_size == 0:
                return trump
            if led.points >= CHEAP_TRUMP_POINTS and trump.points == 0:
                return trump
        return min(view.hand, key=lambda card: discard_cost(card, view.trump))
