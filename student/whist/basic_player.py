"""A player that asks its strategy for every card it plays."""

from __future__ import annotations

from cards.card import Card, Suit
from cards.hand import Hand

from .player import Player, Strategy
from .trick import Trick


class BasicPlayer(Player):
    """A player holding a hand and a strategy (a ``BasicStrategy`` unless set otherwise)."""

    def __init__(self, player_id: int, strategy: Strategy | None = None) -> None:
        """Seat a player with an empty hand.

        Args:
            player_id: The player's seat, 0 to 3.
            strategy: The strategy choosing its cards; a new ``BasicStrategy()`` when None.

        Raises:
            ValueError: If ``player_id`` is not a seat from 0 to 3.
        """
        raise NotImplementedError("BasicPlayer.__init__ is yours to write in this phase")

    @property
    def player_id(self) -> int:
        """int: The player's seat, 0 to 3."""
        raise NotImplementedError("BasicPlayer.player_id is yours to write in this phase")

    @property
    def hand(self) -> Hand:
        """Hand: A copy of the player's cards, in the order dealt."""
        raise NotImplementedError("BasicPlayer.hand is yours to write in this phase")

    @property
    def trumps(self) -> Suit | None:
        """Suit | None: The trump suit last set, None before the first hand."""
        raise NotImplementedError("BasicPlayer.trumps is yours to write in this phase")

    def deal_card(self, card: Card) -> None:
        """Add a dealt card to the player's hand.

        Raises:
            TypeError: If ``card`` is not a ``Card``.
        """
        raise NotImplementedError("BasicPlayer.deal_card is yours to write in this phase")

    def set_strategy(self, strategy: Strategy) -> None:
        """Make ``strategy`` choose the player's cards from now on."""
        raise NotImplementedError("BasicPlayer.set_strategy is yours to write in this phase")

    def set_trumps(self, trumps: Suit) -> None:
        """Remember the trump suit of the hand about to be played."""
        raise NotImplementedError("BasicPlayer.set_trumps is yours to write in this phase")

    def play_card(self, trick: Trick) -> Card:
        """Ask the strategy for a card (giving it a copy of the hand), remove it, return it.

        Raises:
            ValueError: If the player holds no card, or the strategy chose a card the
                player does not hold (None, or anything that is not a card, included);
                the message names both, and the hand is as it was.  An exception the
                strategy raises passes through unchanged, the hand as it was.
        """
        raise NotImplementedError("BasicPlayer.play_card is yours to write in this phase")

    def view_trick(self, trick: Trick) -> None:
        """Pass the completed trick to the strategy's ``update_data``."""
        raise NotImplementedError("BasicPlayer.view_trick is yours to write in this phase")
