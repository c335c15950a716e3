"""The four suits of the bisca deck.

A suit is an enumeration member whose value is its one-letter code, so that the letter
used in card notation ("QS" is the Queen of Spades) and the member are one lookup apart.
The members are listed in the deck's standard order: Spades, Hearts, Clubs, Diamonds.
"""

from __future__ import annotations

from enum import Enum


class Suit(Enum):
    """A card suit; its value is the suit's letter ("S", "H", "C" or "D")."""

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"

    @property
    def letter(self) -> str:
        """str: The upper-case letter of the suit: "S", "H", "C" or "D"."""
        return self.value

    @property
    def symbol(self) -> str:
        """str: The suit's Unicode symbol: "♠", "♥", "♣" or "♦"."""
        return {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[self.value]

    @property
    def is_red(self) -> bool:
        """bool: True for HEARTS and DIAMONDS, False for SPADES and CLUBS."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """Return the suit with the given letter, ignoring case.

        Args:
            letter: A single letter, "S", "H", "C" or "D" in either case.  Surrounding
                whitespace is not accepted.

        Returns:
            The matching suit, e.g. ``Suit.from_letter("h") is Suit.HEARTS``.

        Raises:
            ValueError: If ``letter`` is not one of the four letters (the message
                repeats the bad value).
        """
        if isinstance(letter, str) and len(letter) == 1 and letter.isascii():
            for suit in cls:
                if suit.value == letter.upper():
                    return suit
        raise ValueError(f"not a suit letter: {letter!r}")
