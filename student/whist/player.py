"""The two interfaces of the game: a ``Player`` at the table and the ``Strategy`` it uses.

The game talks only to players; a player asks its strategy which card to play.  A
strategy sees only what these methods hand it: its own hand and the trick in progress
when it chooses a card, and every completed trick afterwards.  It never sees the deck or
another player's hand.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from cards.card import Card, Suit
from cards.hand import Hand

from .trick import Trick


class Strategy(ABC):
    """Decides which card a player plays."""

    @abstractmethod
    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Choose the card to play into ``trick`` from ``hand``.

        The seat of the player choosing is ``trick.next_player``.

        Args:
            hand: The player's cards (a copy: changing it changes nothing).
            trick: The trick in progress, with the cards played before this one.

        Returns:
            A card of ``hand``.
        """
        raise NotImplementedError("Strategy.choose_card is yours to write in this phase")

    @abstractmethod
    def update_data(self, trick: Trick) -> None:
        """Learn from a completed trick; called for every trick once all four have played.

        Args:
            trick: The completed trick.
        """
        raise NotImplementedError("Strategy.update_data is yours to write in this phase")


class Player(ABC):
    """One of the four players at the table."""

    @property
    @abstractmethod
    def player_id(self) -> int:
        """int: The player's seat, 0 to 3."""
        raise NotImplementedError("Player.player_id is yours to write in this phase")

    @abstractmethod
    def deal_card(self, card: Card) -> None:
        """Add a dealt card to the player's hand."""
        raise NotImplementedError("Player.deal_card is yours to write in this phase")

    @abstractmethod
    def set_strategy(self, strategy: Strategy) -> None:
        """Make ``strategy`` choose the player's cards from now on."""
        raise NotImplementedError("Player.set_strategy is yours to write in this phase")

    @abstractmethod
    def set_trumps(self, trumps: Suit) -> None:
        """Tell the player the trump suit of the hand about to be played."""
        raise NotImplementedError("Player.set_trumps is yours to write in this phase")

    @abstractmethod
    def play_card(self, trick: Trick) -> Card:
        """Choose a card with the strategy, remove it from the hand and return it.

        The player does not add the card to ``trick``; the game does.

        Args:
            trick: The trick in progress; ``trick.next_player`` is this player.

        Returns:
            The card played.
        """
        raise NotImplementedError("Player.play_card is yours to write in this phase")

    @abstractmethod
    def view_trick(self, trick: Trick) -> None:
        """Show the player a completed trick (its strategy's ``update_data``)."""
        raise NotImplementedError("Player.view_trick is yours to write in this phase")
