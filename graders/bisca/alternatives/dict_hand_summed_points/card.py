"""Cards, written from the docstrings: strength from ``RANKS.index``, nested rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .suit import Suit

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "Q", "J", "K", "7", "A")
"""The ten ranks, from the weakest ("2") to the strongest ("A")."""

POINTS: Mapping[str, int] = MappingProxyType(
    {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "Q": 2, "J": 3, "K": 4, "7": 10, "A": 11}
)
"""Points scored by a card of each rank; a full deck is worth 120 points."""


@dataclass(frozen=True, eq=False)
class Card:
    """One card of the bisca deck, an immutable value."""

    rank: str
    suit: Suit
    points: int = field(init=False, repr=False, compare=False)
    strength: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the fields, then work out ``points`` and ``strength``."""
        if not isinstance(self.rank, str) or self.rank not in RANKS:
            raise ValueError("a card's rank is one of " + " ".join(RANKS) + f", not {self.rank!r}")
        if type(self.suit) is not Suit:
            raise TypeError(f"a card's suit is a Suit, not {self.suit!r}")
        object.__setattr__(self, "strength", RANKS.index(self.rank))
        object.__setattr__(self, "points", POINTS[self.rank])

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit."""
        if isinstance(other, Card):
            return (self.rank, self.suit) == (other.rank, other.suit)
        return NotImplemented

    def __hash__(self) -> int:
        """Return the hash of the pair (rank, suit)."""
        pair = (self.rank, self.suit)
        return hash(pair)

    @property
    def notation(self) -> str:
        """str: The rank followed by the suit's letter."""
        return f"{self.rank}{self.suit.letter}"

    def __str__(self) -> str:
        """Return the rank followed by the suit's symbol."""
        return f"{self.rank}{self.suit.symbol}"

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation, ignoring case and surrounding whitespace."""
        if isinstance(text, str):
            cleaned = text.strip()
            if len(cleaned) == 2 and cleaned.isascii():
                rank, letter = cleaned[0].upper(), cleaned[1]
                if rank in RANKS and letter in "SHCDshcd":
                    return cls(rank, Suit.from_letter(letter))
        raise ValueError(f"{text!r} is not a card: write a rank then a suit letter, as QS")

    def beats(self, led: Card, trump: Suit) -> bool:
        """Tell whether this card, played second in a round, wins against ``led``."""
        if self.suit is led.suit:
            return self.strength > led.strength
        return self.suit is trump
