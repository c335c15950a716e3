"""A computer player for bisca: the reference's rules of thumb, trumping from the last draw.

Once the stock holds two cards or fewer, the round being played is the last one that
draws, and a trump kept for later has about as little left to win as once the stock is
out: from then on this player spends its weakest trump on any led non-trump it cannot
beat in suit, where the reference waits for the stock to be empty.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import PlayerView
from .card import Card
from .player import Player
from .suit import Suit

TRUMP_WORTHY_POINTS = 3
"""A led non-trump worth at least this many points (a Jack or better) deserves a trump."""
LAST_DRAW = 2
"""A stock of this many cards or fewer is drawn empty by the round in progress."""


def lead_cost(card: Card, trump: Suit) -> tuple[bool, int, int]:
    """Rank cards from the best one to lead to the worst: non-trumps, fewer points, weaker."""
    return card.suit == trump, card.points, card.strength


def discard_cost(card: Card, trump: Suit) -> tuple[int, bool, int]:
    """Rank cards from the cheapest to give away: fewer points, non-trumps, weaker."""
    return card.points, card.suit == trump, card.strength


def best_same_suit_winner(hand: Iterable[Card], led: Card) -> Card | None:
    """The card of the led suit that beats ``led`` and banks the most points, or None."""
    winners = [card for card in hand if card.suit == led.suit and card.strength > led.strength]
    if not winners:
        return None
    return max(winners, key=lambda card: (card.points, -card.strength))


def cheapest_trump(hand: Iterable[Card], trump: Suit) -> Card | None:
    """The weakest trump of ``hand``, or None."""
    trumps = [card for card in hand if card.suit == trump]
    return min(trumps, key=lambda card: card.strength, default=None)


class AutoPlayer(Player):
    """Leads its cheapest card, wins a round when worthwhile, else gives the cheapest away."""

    def choose(self, view: PlayerView) -> Card:
        """Choose the card to play; the same view always gives the same card.

        Raises:
            ValueError: If ``view.hand`` is empty.
        """
        if not view.hand:
            raise ValueError(f"{self.name} has no card to play")
        trump = view.trump
        if view.is_leading:
            return min(view.hand, key=lambda card: lead_cost(card, trump))
        led = view.table[0]
        winner = best_same_suit_winner(view.hand, led)
        worth_a_trump = led.points >= TRUMP_WORTHY_POINTS or view.stock_size <= LAST_DRAW
        if winner is None and led.suit != trump and worth_a_trump:
            winner = cheapest_trump(view.hand, trump)
        if winner is not None:
            return winner
        return min(view.hand, key=lambda card: discard_cost(card, trump))
