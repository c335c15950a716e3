"""The four suits, written from the docstrings: properties by ``match``, a letter table."""

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
        """str: The upper-case letter of the suit."""
        return str(self.value)

    @property
    def symbol(self) -> str:
        """str: The suit's Unicode symbol."""
        match self:
            case Suit.SPADES:
                return "\u2660"
            case Suit.HEARTS:
                return "\u2665"
            case Suit.CLUBS:
                return "\u2663"
            case _:
                return "\u2666"

    @property
    def is_red(self) -> bool:
        """bool: True for HEARTS and DIAMONDS."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """Return the suit with the given letter, ignoring case."""
        by_letter = {}
        for suit in cls:
            by_letter[suit.value] = suit
            by_letter[suit.value.lower()] = suit
        if isinstance(letter, str) and letter in by_letter:
            return by_letter[letter]
        raise ValueError(f"no suit has the letter {letter!r}")
