"""The four suits of the bisca deck.

A suit is an enumeration member whose value is its one-letter code, so that the letter
used in card notation ("QS" is the Queen of Spades) and the member are one lookup apart.
The members are listed in the deck's standard order: Spades, Hearts, Clubs, Diamonds.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

_SYMBOL_BY_LETTER: Mapping[str, str] = MappingProxyType({"S": "♠", "H": "♥", "C": "♣", "D": "♦"})
_RED_LETTERS = frozenset({"H", "D"})


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
        return _SYMBOL_BY_LETTER[self.value]

    @property
    def is_red(self) -> bool:
        """bool: True for HEARTS and DIAMONDS, False for SPADES and CLUBS."""
        return self.value in _RED_LETTERS

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """Return the suit with the given letter, ignoring case.

        Args:
            letter: A single letter, "S", "H", "C" or "D" in either case.  Surrounding
                whitespace is not accepted, nor another character whose upper case is
                one of the four (the long s "ſ" is not an "S").

        Returns:
            The matching suit, e.g. ``Suit.from_letter("h") is Suit.HEARTS``.

        Raises:
            ValueError: If ``letter`` is not one of the four letters (the message
                repeats the bad value).
        """
        ascii_letter = isinstance(letter, str) and letter.isascii()
        try:
            return cls(letter.upper() if ascii_letter else None)
        except ValueError:
            raise ValueError(
                f"unknown suit letter {letter!r}: expected one of S, H, C, D"
            ) from None
