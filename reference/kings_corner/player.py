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
    return KING_PENALTY if card.is_king else CARD_PENALTY


def hand_penalty(cards: Iterable[Card]) -> int:
    """Return the penalty points of the cards left in a hand (0 for an empty hand)."""
    return sum(card_penalty(card) for card in cards)


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
        self._name = name
        self._hand = PlayerHand()

    @property
    def name(self) -> str:
        """str: The name given when the player was created."""
        return self._name

    @property
    def hand(self) -> PlayerHand:
        """PlayerHand: The player's hand (the same object for the player's whole life)."""
        return self._hand

    def penalty(self) -> int:
        """Return ``hand_penalty`` of the cards in hand now."""
        return hand_penalty(self._hand)

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
        raise NotImplementedError(f"{type(self).__name__} does not say how to play a turn")

    def __str__(self) -> str:
        """Return the player's name."""
        return self._name
