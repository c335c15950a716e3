"""What every card game of the package offers: the ``CardGame`` interface.

A game seats four players and deals them hands; tricks are played one at a time and
every trick has a winner; a hand ends when the cards run out and scores points; the game
ends when its variation says so.  A user interface needs nothing else: whose turn it is,
which cards they may play, the trick on the table, the tricks and points so far, and a
copy of the whole game (``clone``) to try another line of play.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from .card import Card, Suit
from .player import Direction, Player
from .trick import Trick


class CardGame(ABC):
    """A trick-taking game for four players, NORTH, EAST, SOUTH and WEST."""

    @property
    @abstractmethod
    def name(self) -> str:
        """str: The game's name, e.g. "Classic Whist"."""

    @property
    @abstractmethod
    def trumps(self) -> Suit | None:
        """Suit | None: The trump suit of the current hand, or None for no trumps."""

    @property
    @abstractmethod
    def trick(self) -> Trick | None:
        """Trick | None: The trick being played (or the last one played), None before a deal."""

    @property
    @abstractmethod
    def next_to_play(self) -> Direction | None:
        """Direction | None: Whose turn it is, or None when nobody may play (no cards)."""

    @abstractmethod
    def player(self, direction: Direction) -> Player:
        """Return the player in a seat.

        Args:
            direction: The seat.

        Returns:
            The player, whose hand is the game's own (changing it changes the game).
        """

    @abstractmethod
    def legal_moves(self) -> list[Card]:
        """Return the cards the player whose turn it is may play, in increasing order.

        Returns:
            A new list, empty when nobody may play.
        """

    @abstractmethod
    def is_hand_finished(self) -> bool:
        """Return True when no player holds a card: the hand is over (or none was dealt)."""

    @abstractmethod
    def is_game_finished(self) -> bool:
        """Return True when the game is over, by the rule of its variation."""

    @abstractmethod
    def winners(self) -> set[Direction]:
        """Return the players with the highest score (more than one on a tie)."""

    @abstractmethod
    def tricks_won(self) -> dict[Direction, int]:
        """Return a copy of how many tricks each player has won in the current hand."""

    @abstractmethod
    def scores(self) -> dict[Direction, int]:
        """Return a copy of each player's points over the hands played."""

    @abstractmethod
    def play(self, direction: Direction, card: Card) -> None:
        """Play a card for a player, and move the game on when the trick is complete.

        Args:
            direction: The player's seat.
            card: The card played.

        Raises:
            IllegalMove: If the rules forbid the move; the game is then unchanged.
        """

    @abstractmethod
    def deal(self, cards: Sequence[Card]) -> None:
        """Deal a new hand from ``cards`` and start its first trick.

        Args:
            cards: The shuffled deck, dealt one card at a time clockwise from NORTH.
        """

    @abstractmethod
    def start_round(self) -> None:
        """Start the next trick."""

    @abstractmethod
    def end_round(self) -> None:
        """Finish a complete trick: credit its winner, then end the hand or start a trick."""

    @abstractmethod
    def end_hand(self) -> None:
        """Finish a hand: score it and get ready for the next."""

    @abstractmethod
    def clone(self) -> CardGame:
        """Return a deep copy: a new game that later moves on either side do not affect."""
