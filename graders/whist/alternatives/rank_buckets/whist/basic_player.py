"""A player that asks its strategy for every card it plays.

This version keeps the player's cards in a ``Hand`` and names the player in its
messages as the console does (players 1 to 4), with its seat.
"""

from __future__ import annotations

from cards.card import Card, Suit
from cards.hand import Hand

from .basic_strategy import BasicStrategy
from .player import Player, Strategy
from .trick import Trick


class BasicPlayer(Player):
    """A player holding a hand and a strategy (a ``BasicStrategy`` unless set otherwise)."""

    def __init__(self, player_id: int, strategy: Strategy | None = None) -> None:
        """Seat a player with an empty hand.

        Raises:
            ValueError: If ``player_id`` is not a seat from 0 to 3.
        """
        if type(player_id) is not int or not 0 <= player_id <= 3:
            raise ValueError(f"no seat {player_id!r}: seats are 0 to 3")
        self._seat = player_id
        self._cards = Hand()
        self._chooser: Strategy = strategy if strategy is not None else BasicStrategy()
        self._trump_suit: Suit | None = None

    def _name(self) -> str:
        """The player as messages name it: its console number and its seat."""
        return f"player {self._seat + 1} (seat {self._seat})"

    @property
    def player_id(self) -> int:
        """int: The player's seat, 0 to 3."""
        return self._seat

    @property
    def hand(self) -> Hand:
        """Hand: A copy of the player's cards, in the order dealt."""
        copy = Hand()
        copy.add_hand(self._cards)
        return copy

    @property
    def trumps(self) -> Suit | None:
        """Suit | None: The trump suit last set, None before the first hand."""
        return self._trump_suit

    def deal_card(self, card: Card) -> None:
        """Add a dealt card to the player's hand.

        Raises:
            TypeError: If ``card`` is not a ``Card``.
        """
        if not isinstance(card, Card):
            raise TypeError(f"{self._name()} was dealt {card!r}, which is not a card")
        self._cards.add(card)

    def set_strategy(self, strategy: Strategy) -> None:
        """Make ``strategy`` choose the player's cards from now on."""
        self._chooser = strategy

    def set_trumps(self, trumps: Suit) -> None:
        """Remember the trump suit of the hand about to be played."""
        self._trump_suit = trumps

    def play_card(self, trick: Trick) -> Card:
        """Ask the strategy for a card (giving it a copy of the hand), remove it, return it.

        Raises:
            ValueError: If the player holds no card, or the strategy chose a card the
                player does not hold; the message names both, and the hand is as it was.
        """
        if len(self._cards) == 0:
            raise ValueError(f"{self._name()} has no cards left")
        chosen = self._chooser.choose_card(self.hand, trick)
        if not isinstance(chosen, Card) or chosen not in self._cards:
            named = chosen.notation if isinstance(chosen, Card) else repr(chosen)
            raise ValueError(f"{self._name()} cannot play {named}: not in {self._cards!r}")
        self._cards.remove(chosen)
        return chosen

    def view_trick(self, trick: Trick) -> None:
        """Pass the completed trick to the strategy's ``update_data``."""
        self._chooser.update_data(trick)
