"""What every player has: a name, a hand, and a turn to play.

``Player`` is the base class of ``HumanPlayer`` and ``ComputerPlayer``.  It holds the
hand and counts its penalty points; the subclasses decide how a turn is played, the
person through commands at the console, the computer by the course's five steps.
"""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card
from .piles import PlayerHand
from .table import Table

KING_PENALTY = 10
"""Penalty points for a King left in a hand when a round ends."""

CARD_PENALTY = 1
"""Penalty points for any other card left in a hand when a round ends."""


def card_penalty(card: Card) -> int:
    """Return the penalty points of one card left in a hand: a King 10, any other 1."""
    raise NotImplementedError("card_penalty is yours to write in this phase")


def hand_penalty(cards: Iterable[Card]) -> int:
    """Return the penalty points of the cards left in a hand (0 for an empty hand)."""
    raise NotImplementedError("hand_penalty is yours to write in this phase")


class QuitGame(Exception):
    """Raised by a player's turn when the person asks to quit the program."""


class Player:
    """A participant in the game, with a name and a hand.

    A new player has an empty hand.  Subclasses implement ``take_turn``.
    """

    def __init__(self, name: str) -> None:
        """Create a player with an empty hand.

        Args:
            name: The name shown to people, e.g. "You" or "Computer".
        """
        raise NotImplementedError("Player.__init__ is yours to write in this phase")

    @property
    def name(self) -> str:
        """str: The name given when the player was created."""
        raise NotImplementedError("Player.name is yours to write in this phase")

    @property
    def hand(self) -> PlayerHand:
        """PlayerHand: The player's hand (the same object for the player's whole life)."""
        raise NotImplementedError("Player.hand is yours to write in this phase")

    def penalty(self) -> int:
        """Return ``hand_penalty`` of the cards in hand now."""
        raise NotImplementedError("Player.penalty is yours to write in this phase")

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Play one whole turn on ``table``, moving through ``table.apply``.

        A turn is any number of lays and pile moves, and ends with a draw, or without
        one when the hand is empty or the draw pile is.

        Args:
            table: The table of the round in progress.
            opponent: The other player (its hand size is public).

        Raises:
            QuitGame: If the person asks to quit (``HumanPlayer`` only).
            NotImplementedError: Always, in this base class.
        """
        raise NotImplementedError("Player.take_turn is yours to write in this phase")

    def __str__(self) -> str:
        """Return the player's name."""
        raise NotImplementedError("Player.__str__ is yours to write in this phase")
