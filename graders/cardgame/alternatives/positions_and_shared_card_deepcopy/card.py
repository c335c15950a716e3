"""Suits, ranks and cards of the standard 52-card deck.

A card is an immutable value made of a suit and a rank.  Cards are ordered by suit
first, in the order Hearts < Clubs < Diamonds < Spades, then by rank, from Two up to
Ace, so sorting a hand groups it by suit with the hearts first.  Suits and ranks are
enumerations whose values give their place in that order.

A card reads as words ("Queen of Hearts"), in short form with a suit symbol ("Q♥"), or
in notation, the rank's symbol then the suit's letter ("QH", "10S"), which is also what
``Card.from_notation`` reads.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import Enum

_SUIT_SYMBOLS = {"HEARTS": "♥", "CLUBS": "♣", "DIAMONDS": "♦", "SPADES": "♠"}
_FACE_SYMBOLS = {"JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A"}


class Suit(Enum):
    """A suit; its value is its place in the order of suits (Hearts lowest)."""

    HEARTS = 0
    CLUBS = 1
    DIAMONDS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """str: The suit's letter in card notation: "H", "C", "D" or "S"."""
        return self.name[0]

    @property
    def symbol(self) -> str:
        """str: The suit's symbol: "♥", "♣", "♦" or "♠"."""
        return _SUIT_SYMBOLS[self.name]

    def __str__(self) -> str:
        """Return the suit's name in words, e.g. "Hearts"."""
        return self.name.title()


class Rank(Enum):
    """A rank; its value is the number it counts as (Jack 11, Queen 12, King 13, Ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """str: The rank in card notation: "2" to "10", "J", "Q", "K" or "A"."""
        return _FACE_SYMBOLS.get(self.name, str(self.value))

    def __str__(self) -> str:
        """Return the rank's name in words, e.g. "Queen" or "Ten"."""
        return self.name.title()


_SUIT_BY_LETTER = {suit.letter: suit for suit in Suit}
_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank}


@functools.total_ordering
@dataclass(frozen=True, eq=False)
class Card:
    """One card, an immutable value ordered by suit, then rank.

    Two cards are equal when they have the same suit and rank, and equal cards have
    equal hashes, so cards can be kept in sets and used as dictionary keys.  The other
    comparisons (``<=``, ``>``, ``>=``) follow from ``==`` and ``<``.

    Attributes:
        suit: The card's suit.
        rank: The card's rank.
    """

    suit: Suit
    rank: Rank

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same suit and rank.

        Args:
            other: Any object.

        Returns:
            Whether both are cards with the same suit and rank; ``NotImplemented`` when
            ``other`` is not a ``Card`` (a card of a subclass of ``Card`` is one), so
            that Python asks ``other`` and, when it cannot answer either, gives False.
        """
        if not isinstance(other, Card):
            return NotImplemented
        return _place(self) == _place(other)

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``: equal cards hash alike.

        Returns:
            The hash of the pair (suit, rank).
        """
        return hash((self.suit, self.rank))

    def __lt__(self, other: Card) -> bool:
        """Return True if this card comes before ``other``: a lower suit, or a lower rank in one.

        Suits are ordered Hearts < Clubs < Diamonds < Spades, and within a suit ranks go
        from Two up to Ace, so every heart comes before every club, and so on.

        Args:
            other: Another card.

        Returns:
            Whether this card is lower than ``other``; ``NotImplemented`` when ``other``
            is not a ``Card`` (a card of a subclass of ``Card`` is one), so that Python
            asks ``other`` and, when it cannot answer either, raises ``TypeError``.
        """
        if not isinstance(other, Card):
            return NotImplemented
        return _place(self) < _place(other)

    def __str__(self) -> str:
        """Return the card in words, e.g. "Queen of Hearts"."""
        return f"{self.rank} of {self.suit}"

    def __repr__(self) -> str:
        """Return how the card is built, e.g. "Card(Suit.HEARTS, Rank.QUEEN)"."""
        return f"Card(Suit.{self.suit.name}, Rank.{self.rank.name})"

    @property
    def notation(self) -> str:
        """str: The rank's symbol then the suit's letter, e.g. "QH" or "10S"."""
        return self.rank.symbol + self.suit.letter

    @property
    def short_name(self) -> str:
        """str: The rank's symbol then the suit's symbol, e.g. "Q♥" or "10♠"."""
        return self.rank.symbol + self.suit.symbol

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation, the inverse of ``notation``.

        Case and surrounding whitespace are ignored: "qh", " QH " and "Qh" all give the
        Queen of Hearts.

        Args:
            text: A rank symbol ("2" to "10", "J", "Q", "K", "A") then a suit letter.

        Returns:
            The card written in ``text``.

        Raises:
            ValueError: If ``text`` is not the notation of a card (the message repeats it).
        """
        cleaned = text.strip().upper()
        rank, suit = _RANK_BY_SYMBOL.get(cleaned[:-1]), _SUIT_BY_LETTER.get(cleaned[-1:])
        if rank is None or suit is None:
            raise ValueError(f"not a card: {text!r} (write e.g. QH for the Queen of Hearts)")
        return cls(suit, rank)


def full_deck() -> list[Card]:
    """Return the 52 cards in creation order: suit by suit from Hearts, Two to Ace in each.

    Returns:
        A new list of the 52 cards, in increasing order.
    """
    return [Card(suit, rank) for suit in Suit for rank in Rank]


def _place(card: Card) -> int:
    """Return one number per card that follows the order of cards: suit first, then rank."""
    return card.suit.value * 100 + card.rank.value
