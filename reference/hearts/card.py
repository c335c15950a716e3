"""Suits, ranks and cards, with the penalty points each card is worth.

A card is an immutable value: cards with the same rank and suit are equal and hash
alike, so they can be kept in sets.  A card is written in *notation* as its rank then
its suit's letter: "QS" is the Queen of Spades, "10H" the Ten of Hearts, "2C" the Two of
Clubs.  Hands are shown sorted by ``Card.sort_key``: clubs, diamonds, spades, hearts,
and within a suit from the 2 up to the Ace.
"""

from __future__ import annotations

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
        """str: The suit's letter, e.g. "S" for spades."""
        return self.value

    @property
    def symbol(self) -> str:
        """str: The suit's symbol, e.g. "♠" for spades."""
        return _SYMBOLS[self]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        """Return the suit written with ``letter`` (either case).

        Raises:
            ValueError: If ``letter`` is not one of C, D, S, H.
        """
        try:
            return cls(letter.upper())
        except (ValueError, AttributeError):
            raise ValueError(f"not a suit letter: {letter!r} (expected C, D, S or H)") from None


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.HEARTS: "♥"}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The thirteen ranks, from the lowest ("2") to the highest ("A")."""

HEART_POINTS = 1
"""Penalty points of every heart."""

QUEEN_OF_SPADES_POINTS = 13
"""Penalty points of the Queen of Spades."""

_STRENGTH = {rank: i for i, rank in enumerate(RANKS)}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the 52-card deck, an immutable value.

    ``strength``, ``points`` and ``sort_key`` follow from the rank and suit and are
    worked out once, when the card is made: the rules read them at every play (a game
    engine playing thousands of hands a second spends most of its time there).  Two
    cards are equal when they have the same rank and suit; equal cards hash alike.

    Attributes:
        rank: One of ``RANKS``, e.g. "Q" or "10".
        suit: The card's suit.
        strength: The rank's position in ``RANKS``: 0 for a 2 up to 12 for an Ace.
        points: Penalty points: ``HEART_POINTS`` (1) for a heart,
            ``QUEEN_OF_SPADES_POINTS`` (13) for the Queen of Spades, 0 for any other card.
        sort_key: The order hands are shown in: (suit, strength), the suits in the
            order C, D, S, H.
    """

    rank: str
    suit: Suit
    strength: int = field(init=False, repr=False, compare=False)
    points: int = field(init=False, repr=False, compare=False)
    sort_key: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the fields, then work out ``strength`` and ``points``.

        Raises:
            ValueError: If ``rank`` is not one of ``RANKS``.
            TypeError: If ``suit`` is not a ``Suit``.
        """
        if self.rank not in _STRENGTH:
            raise ValueError(f"unknown rank {self.rank!r}: expected one of {', '.join(RANKS)}")
        if not isinstance(self.suit, Suit):
            raise TypeError(f"suit must be a Suit, not {self.suit!r}")
        object.__setattr__(self, "strength", _STRENGTH[self.rank])
        object.__setattr__(self, "points", penalty_points(self.rank, self.suit))
        object.__setattr__(self, "sort_key", (_SUIT_ORDER[self.suit], self.strength))

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit."""
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key == other.sort_key

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``: equal cards hash alike."""
        suit, strength = self.sort_key
        return suit * len(RANKS) + strength

    @property
    def notation(self) -> str:
        """str: The rank followed by the suit's letter, e.g. "QS" or "10H"."""
        return self.rank + self.suit.letter

    def __str__(self) -> str:
        """Return the rank followed by the suit's symbol, e.g. "Q♠"."""
        return self.rank + self.suit.symbol

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation, the inverse of ``notation``.

        Case and surrounding whitespace are ignored: "qs", " QS " and "Qs" are all the
        Queen of Spades.

        Raises:
            ValueError: If ``text`` is not the notation of a card.
        """
        cleaned = text.strip().upper() if isinstance(text, str) else ""
        rank, letter = cleaned[:-1], cleaned[-1:]
        if rank not in _STRENGTH or letter not in "CDSH" or not letter:
            raise ValueError(f"not a card notation: {text!r} (expected e.g. 'QS' or '10h')")
        return cls(rank, Suit(letter))


def penalty_points(rank: str, suit: Suit) -> int:
    """Return the penalty points of the card of this rank and suit.

    Returns:
        ``HEART_POINTS`` for a heart, ``QUEEN_OF_SPADES_POINTS`` for the Queen of Spades,
        0 for every other card.
    """
    if suit is Suit.HEARTS:
        return HEART_POINTS
    if suit is Suit.SPADES and rank == "Q":
        return QUEEN_OF_SPADES_POINTS
    return 0


def full_deck() -> list[Card]:
    """Return a new list of the 52 cards in order: suit by suit (C, D, S, H), each 2 to Ace."""
    return list(_DECK)


_DECK = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)


TWO_OF_CLUBS = _DECK[0]
"""The card that leads the first trick of every hand (the 2 of Clubs)."""

QUEEN_OF_SPADES = _DECK[2 * len(RANKS) + RANKS.index("Q")]
"""The card worth ``QUEEN_OF_SPADES_POINTS``."""
