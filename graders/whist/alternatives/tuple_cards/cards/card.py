"""Rank, Suit and Card written from the docstrings, ordered through a sort key."""

from __future__ import annotations

import functools
import pickle
import random
from enum import Enum

FORMAT_KEY = "format"


class Suit(Enum):
    """The four suits."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        """The letter."""
        return self.value

    @property
    def symbol(self) -> str:
        """The symbol."""
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[self.value]

    @classmethod
    def random(cls, rng: random.Random) -> Suit:
        """rng.choice(list(Suit))."""
        return rng.choice(list(cls))


SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(Enum):
    """The ranks, Two to Ace."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def strength(self) -> int:
        """0 for the Two up to 12 for the Ace."""
        return list(Rank).index(self)

    @property
    def points(self) -> int:
        """The value."""
        if self is Rank.ACE:
            return 11
        return min(self.strength + 2, 10)

    @property
    def symbol(self) -> str:
        """The symbol."""
        return self.value

    def previous(self) -> Rank:
        """The rank below, the Two wrapping to the Ace."""
        members = list(Rank)
        return members[(members.index(self) - 1) % len(members)]


RANKS = tuple(Rank)


@functools.total_ordering
class Card:
    """A card; sorted() gives the descending order."""

    FORMAT_VERSION = 100
    __slots__ = ("rank", "suit")

    def __init__(self, rank: Rank, suit: Suit) -> None:
        """Check and keep the rank and suit."""
        if not isinstance(rank, Rank):
            raise TypeError(f"not a rank: {rank!r}")
        if not isinstance(suit, Suit):
            raise TypeError(f"not a suit: {suit!r}")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)

    def __setattr__(self, name, value):
        """Cards are immutable."""
        raise AttributeError("a card cannot change")

    def _key(self):
        return (SUIT_ORDER.index(self.suit), -self.rank.strength)

    def __eq__(self, other):
        """Same rank and suit."""
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self):
        """Hash of (rank, suit)."""
        return hash((self.rank.name, self.suit.name))

    def __lt__(self, other):
        """Before other in the descending order."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __repr__(self):
        """Notation."""
        return f"Card({self.notation})"

    @property
    def notation(self) -> str:
        """e.g. 10D."""
        return self.rank.value + self.suit.value

    def __str__(self) -> str:
        """e.g. 10♦."""
        return self.rank.value + self.suit.symbol

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a notation."""
        text = text.strip().upper() if isinstance(text, str) else ""
        for rank in Rank:
            for suit in Suit:
                if rank.value + suit.value == text:
                    return cls(rank, suit)
        raise ValueError(f"not a card notation: {text!r}")

    @staticmethod
    def max(cards) -> Card:
        """The first card of the natural order."""
        it = iter(cards)
        best = next(it, None)
        if best is None:
            raise ValueError("no cards")
        while True:
            card = next(it, None)
            if card is None:
                return best
            best = card if card < best else best

    def __reduce__(self):
        """Pickle through the state below."""
        return (
            _empty_card,
            (),
            {FORMAT_KEY: type(self).FORMAT_VERSION, "rank": self.rank.name, "suit": self.suit.name},
        )

    def __setstate__(self, state):
        """Check the version and restore."""
        check_format(state, type(self).FORMAT_VERSION, "Card")
        object.__setattr__(self, "rank", Rank[state["rank"]])
        object.__setattr__(self, "suit", Suit[state["suit"]])


def _empty_card() -> Card:
    return object.__new__(Card)


def ascending_key(card: Card):
    """Suit order, ranks upward."""
    return (SUIT_ORDER.index(card.suit), card.rank.strength)


def rank_key(card: Card):
    """Ranks upward, then suit order."""
    return (card.rank.strength, SUIT_ORDER.index(card.suit))


def full_deck() -> list[Card]:
    """The 52 cards in the natural order."""
    return sorted(Card(rank, suit) for rank in Rank for suit in Suit)


def check_format(state, expected: int, kind: str) -> None:
    """Refuse another format version."""
    if not isinstance(state, dict) or state.get(FORMAT_KEY) != expected:
        found = state.get(FORMAT_KEY) if isinstance(state, dict) else None
        raise pickle.UnpicklingError(f"{kind} format {found}, expected {expected}")
