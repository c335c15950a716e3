"""Suits, ranks and cards, written from the contract: another hash, a repr of its own,
no ``NotImplemented`` from ``==`` and the notation read by a regular expression."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum


class Suit(Enum):
    """The four suits; each member's value is its letter in card notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"

    @property
    def letter(self) -> str:
        """str: The suit's letter."""
        return str(self.value)

    @property
    def symbol(self) -> str:
        """str: The suit's symbol."""
        return {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}[self.value]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """Return the suit written with ``letter`` (either case)."""
        for suit in cls:
            if isinstance(letter, str) and suit.value == letter.upper():
                return suit
        raise ValueError(f"{letter!r} names no suit")


RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The thirteen ranks, from the lowest ("2") to the highest ("A")."""

HEART_POINTS = 1
"""Penalty points of every heart."""

QUEEN_OF_SPADES_POINTS = 13
"""Penalty points of the Queen of Spades."""

_NOTATION = re.compile(r"(10|[2-9JQKA])([CDSH])")


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the 52-card deck, an immutable value."""

    rank: str
    suit: Suit
    strength: int = field(init=False, repr=False, compare=False)
    points: int = field(init=False, repr=False, compare=False)
    sort_key: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the fields, then work out ``strength``, ``points`` and ``sort_key``."""
        if not isinstance(self.rank, str) or self.rank not in RANKS:
            raise ValueError(f"no such rank: {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise TypeError(f"not a Suit: {self.suit!r}")
        strength = RANKS.index(self.rank)
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "points", penalty_points(self.rank, self.suit))
        object.__setattr__(self, "sort_key", (list(Suit).index(self.suit), strength))

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit."""
        return isinstance(other, Card) and (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``."""
        return hash((self.rank, self.suit.value))

    def __repr__(self) -> str:
        """Return ``Card('Q', Suit.SPADES)``."""
        return f"Card({self.rank!r}, Suit.{self.suit.name})"

    @property
    def notation(self) -> str:
        """str: The rank followed by the suit's letter."""
        return f"{self.rank}{self.suit.letter}"

    def __str__(self) -> str:
        """Return the rank followed by the suit's symbol."""
        return f"{self.rank}{self.suit.symbol}"

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation; case and surrounding whitespace are ignored."""
        found = _NOTATION.fullmatch(text.strip().upper()) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"{text!r} is not a card")
        return cls(found.group(1), Suit.from_letter(found.group(2)))


def penalty_points(rank: str, suit: Suit) -> int:
    """Return the penalty points of the card of this rank and suit."""
    points = {Suit.HEARTS: HEART_POINTS}.get(suit, 0)
    if (rank, suit) == ("Q", Suit.SPADES):
        points = QUEEN_OF_SPADES_POINTS
    return points


def full_deck() -> list[Card]:
    """Return a new list of the 52 cards in order: suit by suit (C, D, S, H), each 2 to Ace."""
    return [Card(rank, suit) for suit in Suit for rank in RANKS]


_DECK = tuple(full_deck())


TWO_OF_CLUBS = _DECK[0]
"""The card that leads the first trick of every hand (the 2 of Clubs)."""

QUEEN_OF_SPADES = _DECK[2 * len(RANKS) + RANKS.index("Q")]
"""The card worth ``QUEEN_OF_SPADES_POINTS``."""
