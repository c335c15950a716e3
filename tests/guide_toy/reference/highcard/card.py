"""Cards of the high-card game: a rank and a suit, ranked by rank alone.

A card is an immutable value.  Suits are the letters "S", "H", "C" and "D"; a card
prints with its suit's symbol, so the Ten of Hearts prints as "10♥".
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The thirteen ranks, from the weakest ("2") to the strongest ("A")."""

SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
"""The symbol of each suit letter."""


@dataclass(frozen=True)
class Card:
    """One card, an immutable value.

    Attributes:
        rank: One of ``RANKS``.
        suit: One of the letters of ``SYMBOLS``.
    """

    rank: str
    suit: str

    def __post_init__(self) -> None:
        """Check the rank and the suit.

        Raises:
            ValueError: If ``rank`` is not in ``RANKS`` or ``suit`` is not a suit
                letter (the message repeats the bad value).
        """
        if self.rank not in RANKS:
            raise ValueError(f"unknown rank {self.rank!r}")
        if self.suit not in SYMBOLS:
            raise ValueError(f"unknown suit {self.suit!r}")

    @property
    def strength(self) -> int:
        """int: The place of the rank in ``RANKS``: 0 for a 2 up to 12 for an Ace."""
        return RANKS.index(self.rank)

    def __str__(self) -> str:
        """Return the rank followed by the suit's symbol, e.g. "10♥"."""
        return self.rank + SYMBOLS[self.suit]
