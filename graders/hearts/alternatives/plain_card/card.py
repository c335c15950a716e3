"""Cards of hearts, written as plain classes from the contract."""

from __future__ import annotations

from enum import Enum


class Suit(Enum):
    """The four suits, each valued by its letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"

    @property
    def letter(self) -> str:
        """The suit's letter."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol."""
        return {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}[self.value]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """The suit of a letter, either case."""
        for suit in cls:
            if isinstance(letter, str) and suit.value == letter.upper():
                return suit
        raise ValueError(f"no suit {letter!r}")


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HEART_POINTS = 1
QUEEN_OF_SPADES_POINTS = 13


class Card:
    """One card: rank and suit, with strength and points."""

    __slots__ = ("points", "rank", "strength", "suit")

    def __init__(self, rank: str, suit: Suit) -> None:
        """Check and keep the rank and suit."""
        if rank not in RANKS:
            raise ValueError(f"bad rank {rank!r}")
        if not isinstance(suit, Suit):
            raise TypeError(f"bad suit {suit!r}")
        self.rank = rank
        self.suit = suit
        self.strength = RANKS.index(rank)
        self.points = penalty_points(rank, suit)

    def __eq__(self, other: object) -> bool:
        """Same rank and suit."""
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        """Hash of rank and suit."""
        return hash((self.rank, self.suit))

    def __repr__(self) -> str:
        """The notation."""
        return f"Card({self.notation})"

    @property
    def notation(self) -> str:
        """Rank then suit letter."""
        return f"{self.rank}{self.suit.value}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Suit order, then strength."""
        return list(Suit).index(self.suit), self.strength

    def __str__(self) -> str:
        """Rank then symbol."""
        return self.rank + self.suit.symbol

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a notation."""
        if not isinstance(text, str) or len(text.strip()) < 2:
            raise ValueError(f"not a card: {text!r}")
        cleaned = text.strip().upper()
        if cleaned[:-1] not in RANKS or cleaned[-1] not in "CDSH":
            raise ValueError(f"not a card: {text!r}")
        return cls(cleaned[:-1], Suit(cleaned[-1]))


def penalty_points(rank: str, suit: Suit) -> int:
    """Penalty points of a card."""
    if suit == Suit.HEARTS:
        return HEART_POINTS
    return QUEEN_OF_SPADES_POINTS if (rank, suit) == ("Q", Suit.SPADES) else 0


def full_deck() -> list[Card]:
    """The 52 cards in order."""
    return [Card(rank, suit) for suit in Suit for rank in RANKS]


TWO_OF_CLUBS = Card("2", Suit.CLUBS)
QUEEN_OF_SPADES = Card("Q", Suit.SPADES)
