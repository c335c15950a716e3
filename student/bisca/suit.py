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
        raise NotImplementedError("Suit.letter is yours to write in this phase")

    @property
    def symbol(self) -> str:
        """str: The suit's Unicode symbol: "♠", "♥", "♣" or "♦"."""
        raise NotImplementedError("Suit.symbol is yours to write in this phase")

    @property
    def is_red(self) -> bool:
        """bool: True for HEARTS and DIAMONDS, False for SPADES and CLUBS."""
        raise NotImplementedError("Suit.is_red is yours to write in this phase")

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
        raise NotImplementedError("Suit.from_letter is yours to write in this phase")
