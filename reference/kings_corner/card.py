"""Cards, their ranks, suits and colours, and the rule of a descending sequence.

A card is an immutable value: two cards with the same rank and suit are equal and hash
alike.  Ranks and suits are one-character strings rather than enumerations, because
they are exactly the two characters of the card notation the course uses ("7H" is the
Seven of Hearts, "TC" the Ten of Clubs, "KS" the King of Spades).

Only colour matters in this game, never the order of the suits; the suit order is used
only to sort cards for display.  ``can_follow`` is the one rule every pile obeys.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = "A23456789TJQK"
"""The thirteen ranks, from the lowest (Ace) to the highest (King)."""

SUITS = "CDHS"
"""The four suits in their order: Clubs, Diamonds, Hearts, Spades."""

RED_SUITS = "DH"
"""The red suits (Diamonds and Hearts); Clubs and Spades are black."""

KING = "K"
"""The rank of a King, the only card an empty pile 5 to 8 accepts."""

_VALUES = {rank: value for value, rank in enumerate(RANKS, start=1)}
_SUIT_ORDER = {suit: index for index, suit in enumerate(SUITS)}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the standard deck, an immutable value.

    Cards are ordered by rank (Ace lowest, King highest), then by suit (Clubs,
    Diamonds, Hearts, Spades), so ``sorted`` gives a fixed order.  Two cards are equal
    when they have the same rank and suit, and equal cards hash alike.

    Attributes:
        rank: One of ``RANKS``, e.g. "7" or "T".
        suit: One of ``SUITS``, e.g. "H".
        value: The rank as a number, from 1 (Ace) to 13 (King).
        is_red: True for Diamonds and Hearts, False for Clubs and Spades.
        is_king: True when the rank is ``KING``.

    ``value``, ``is_red`` and ``is_king`` are worked out once, when the card is made, because every
    lay and every step of the computer's turn compares them.
    """

    rank: str
    suit: str
    value: int = field(init=False, repr=False, compare=False)
    is_red: bool = field(init=False, repr=False, compare=False)
    is_king: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the rank and suit, then work out ``value``, ``is_red`` and ``is_king``.

        Raises:
            ValueError: If ``rank`` is not one of ``RANKS`` or ``suit`` not one of
                ``SUITS`` (the message repeats the wrong value).
        """
        if not isinstance(self.rank, str) or len(self.rank) != 1 or self.rank not in RANKS:
            raise ValueError(f"unknown rank {self.rank!r}: expected one of {' '.join(RANKS)}")
        if not isinstance(self.suit, str) or len(self.suit) != 1 or self.suit not in SUITS:
            raise ValueError(f"unknown suit {self.suit!r}: expected one of {' '.join(SUITS)}")
        object.__setattr__(self, "value", _VALUES[self.rank])
        object.__setattr__(self, "is_red", self.suit in RED_SUITS)
        object.__setattr__(self, "is_king", self.rank == KING)

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card from its two characters, rank then suit, in either case.

        Whitespace around the text is ignored: "7h", " 7H " and "7H" are all the Seven
        of Hearts.

        Args:
            text: The notation, e.g. "QS" or "td".

        Returns:
            The card written in ``text``.

        Raises:
            ValueError: If ``text`` is not two characters, a rank then a suit (the
                message repeats the text).
        """
        cleaned = text.strip().upper() if isinstance(text, str) else ""
        if len(cleaned) != 2 or cleaned[0] not in RANKS or cleaned[1] not in SUITS:
            raise ValueError(
                f"{text!r} is not a card: expected a rank from {RANKS} "
                f"then a suit from {SUITS}, e.g. 7H"
            )
        return cls(cleaned[0], cleaned[1])

    @property
    def notation(self) -> str:
        """str: The two characters in upper case, rank then suit, e.g. "7H"."""
        return self.rank + self.suit

    @property
    def color(self) -> str:
        """str: "red" or "black"."""
        return "red" if self.is_red else "black"

    def __str__(self) -> str:
        """Return the notation, e.g. "7H"."""
        return self.rank + self.suit

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit.

        Returns:
            ``NotImplemented`` when ``other`` is not a ``Card``.
        """
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank == other.rank and self.suit == other.suit

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``: that of the pair (rank, suit)."""
        return hash((self.rank, self.suit))

    def _key(self) -> tuple[int, int]:
        """The sort key: rank value, then suit position in ``SUITS``."""
        return self.value, _SUIT_ORDER[self.suit]

    def __lt__(self, other: Card) -> bool:
        """Return True if this card sorts before ``other`` (lower rank, or earlier suit)."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: Card) -> bool:
        """Return True if this card sorts before ``other`` or equals it."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: Card) -> bool:
        """Return True if this card sorts after ``other``."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: Card) -> bool:
        """Return True if this card sorts after ``other`` or equals it."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()


def can_follow(card: Card, top: Card) -> bool:
    """Tell whether ``card`` may be laid on ``top`` in a lay-down pile.

    The card must be exactly one rank lower than ``top`` and of the other colour: a
    black Seven goes on a red Eight, and nothing goes on an Ace.

    Args:
        card: The card to lay.
        top: The card it would cover.

    Returns:
        True if ``card`` continues the descending, alternating sequence.
    """
    return card.value == top.value - 1 and card.is_red != top.is_red
