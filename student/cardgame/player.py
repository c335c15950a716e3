"""The four seats at the table, and the player in each.

``Direction`` names the seats; play goes clockwise, NORTH, EAST, SOUTH, WEST and round
to NORTH again.  A ``Player`` is a seat and the hand held there: it knows no rules, the
game decides what may be played.
"""

from __future__ import annotations

from enum import Enum

from .hand import Hand


class Direction(Enum):
    """A seat at the table, listed in clockwise order from NORTH."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    def next(self) -> Direction:
        """Return the seat to this one's left, who plays next: NORTH gives EAST, WEST NORTH."""
        seats = list(Direction)
        return seats[(seats.index(self) + 1) % len(seats)]

    def __str__(self) -> str:
        """Return the seat's name in words, e.g. "North"."""
        return self.name.title()


class Player:
    """A player: a seat at the table and the hand held there.

    Attributes:
        direction: The player's seat.
        hand: The cards the player holds.
    """

    def __init__(self, direction: Direction, hand: Hand | None = None) -> None:
        """Seat a player.

        Args:
            direction: The seat.
            hand: The cards held; a new empty hand when None.
        """
        self.direction = direction
        self.hand = hand if hand is not None else Hand()

    def __repr__(self) -> str:
        """Return the seat and the hand, e.g. "Player(NORTH, Hand(2♥ Q♥))"."""
        return f"Player({self.direction.name}, {self.hand!r})"
