"""A computer player for bisca: the reference's rules of thumb, ties broken by suit length.

Of two equally cheap cards (the same points and strength, in two suits) it leads from
the suit it holds more of, keeping a lone card of a suit as a later way out, and gives
away from the suit it holds fewer of.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .board import PlayerView
from .card import Card
from .player import Player
from .suit import Suit

TRUMP_WORTHY_POINTS = 3
"""A led non-trump worth at least this many points (a Jack or better) deserves a trump."""


def lead_cost(card: Card, trump: Suit) -> tuple[bool, int, int]:
    """Rank cards from the best one to lead to the worst: non-trumps, fewer points, weaker."""
    return (card.suit == trump, card.points, card.strength)


def discard_cost(card: Card, trump: Suit) -> tuple[int, bool, int]:
    """Rank cards from the cheapest to give away: fewer points, non-trumps, weaker."""
    return (card.points, card.suit == trump, card.strength)


def best_same_suit_winner(hand: Iterable[Card], led: Card) -> Card | None:
    """The card of the led suit that beats ``led`` and banks the most points, or None."""
    best: Card | None = None
    for card in hand:
        if card.suit != led.suit or card.strength <= led.strength:
            continue
        if best is None or (card.points, -card.strength) > (best.points, -best.strength):
            best = card
    return best


def cheapest_trump(hand: Iterable[Card], trump: Suit) -> Card | None:
    """The weakest trump of ``hand``, or None."""
    trumps = [card for card in hand if card.suit == trump]
    return min(trumps, key=lambda card: card.strength) if trumps else None


class AutoPlayer(Player):
    """Leads its cheapest card, wins a round when worthwhile, else gives the cheapest away."""

    def choose(self, view: PlayerView) -> Card:
        """Choose the card to play; the same view always gives the same card.

        Raises:
            ValueError: If ``view.hand`` is empty.
        """
        if not view.hand:
            raise ValueError(f"{self.name} has no card to play")
        length = Counter(card.suit for card in view.hand)
        if view.is_leading:
            return min(view.hand, key=lambda c: (*lead_cost(c, view.trump), -length[c.suit]))
        led = view.table[0]
        winner = best_same_suit_winner(view.hand, led)
        if winner is None and self._worth_a_trump(view, led):
            winner = cheapest_trump(view.hand, view.trump)
        if winner is not None:
            return winner
        return min(view.hand, key=lambda c: (*discard_cost(c, view.trump), length[c.suit]))

    @staticmethod
    def _worth_a_trump(view: PlayerView, led: Card) -> bool:
        """A led non-trump worth a Jack or more, or any led non-trump once the stock is out."""
        if led.suit == view.trump:
            return False
        return led.points >= TRUMP_WORTHY_POINTS or view.stock_size == 0
