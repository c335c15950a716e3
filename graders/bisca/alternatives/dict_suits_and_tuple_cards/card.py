"""Cards, their ranks and points, and the rule that decides a round.

A card is an immutable value: two cards with the same rank and suit are equal and hash
alike, so cards can be kept in sets and used as dictionary keys.  Ranks are plain
one-character strings rather than an enumeration, because they double as the first
character of the card notation ("QS" is the Queen of Spades, "7H" the Seven of Hearts).

In bisca the order of strength differs from the face values: the 7 ranks just below the
Ace.  ``RANKS`` lists the ranks from weakest to strongest; ``POINTS`` says what each rank
is worth when the game is scored.
"""

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


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the bisca deck, an immutable value.

    A card is made from its rank and suit only; ``points`` and ``strength`` follow from
    the rank and are worked out once, when the card is made, because the game and the
    computer player read them at every move.  Two cards are equal when they have the
    same rank and suit, and equal cards hash alike.

    Attributes:
        rank: One of ``RANKS``, e.g. "Q" or "7".
        suit: The card's suit.
        points: The points this card scores, ``POINTS[rank]`` (0, 2, 3, 4, 10 or 11).
        strength: The position of the rank in ``RANKS``: 0 for a 2 up to 9 for an Ace.
    """

    rank: str
    suit: Suit
    points: int = field(init=False, repr=False, compare=False)
    strength: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the fields, then work out ``points`` and ``strength`` from the rank.

        The card is frozen, so those two fields are set with ``object.__setattr__``, the
        way the dataclasses documentation describes for ``__post_init__``.

        Raises:
            ValueError: If ``rank`` is not one of ``RANKS`` (the message repeats it).
            TypeError: If ``suit`` is not a ``Suit`` (the message repeats it).
        """
        if self.rank not in RANKS:
            raise ValueError(f"{self.rank!r} is not a rank")
        if not isinstance(self.suit, Suit):
            raise TypeError(f"{self.suit!r} is not a Suit")
        object.__setattr__(self, "points", POINTS[self.rank])
        object.__setattr__(self, "strength", RANKS.index(self.rank))

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit.

        Returns:
            ``NotImplemented`` when ``other`` is not a ``Card``, so Python can try the
            comparison the other way round (and then falls back to False).
        """
        if isinstance(other, Card):
            return (self.rank, self.suit) == (other.rank, other.suit)
        return NotImplemented

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``: that of the pair (rank, suit)."""
        return hash((self.rank, self.suit))

    @property
    def notation(self) -> str:
        """str: The rank followed by the suit's letter, e.g. "QS", "7H" or "AD"."""
        return f"{self.rank}{self.suit.letter}"

    def __str__(self) -> str:
        """Return the rank followed by the suit's symbol, e.g. "Q♠"."""
        return f"{self.rank}{self.suit.symbol}"

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation, the inverse of ``notation``.

        Case is ignored and so is whitespace around the text: "qs", " QS " and "Qs" all
        give the Queen of Spades.

        Args:
            text: Two characters, a rank from ``RANKS`` then a suit letter.

        Returns:
            The card written in ``text``.

        Raises:
            ValueError: If ``text`` is not the notation of a card (the message repeats
                the text).
        """
        if not isinstance(text, str) or len(text.strip()) != 2:
            raise ValueError(f"not a card: {text!r}")
        rank, letter = text.strip().upper()
        if rank not in RANKS:
            raise ValueError(f"not a card: {text!r}")
        try:
            suit = Suit.from_letter(letter)
        except ValueError:
            raise ValueError(f"not a card: {text!r}") from None
        return cls(rank, suit)

    def beats(self, led: Card, trump: Suit) -> bool:
        """Tell whether this card, played second in a round, wins against ``led``.

        The follower wins when it plays a stronger card of the led suit, or a trump
        when the led card is not a trump.  In every other case the leader wins.  Following
        suit is never required.

        Args:
            led: The card played first in the round.
            trump: The trump suit of the game.

        Returns:
            True if this card wins the round, False if ``led`` wins it.
        """
        if self.suit is led.suit:
            return self.strength > led.strength
        return self.suit is trump and led.suit is not trump
