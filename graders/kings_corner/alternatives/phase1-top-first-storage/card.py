"""Alternative Card: the order and colour looked up by position in the rank and suit strings.

The sort key is one number, ``13 * value + suit index``, worked out once, and the
comparisons are written with it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RED_SUITS = "DH"
KING = "K"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the standard deck, an immutable value."""

    rank: str
    suit: str
    value: int = field(init=False, repr=False, compare=False)
    is_red: bool = field(init=False, repr=False, compare=False)
    is_king: bool = field(init=False, repr=False, compare=False)
    _order: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the rank and suit, then work out the derived fields."""
        if not (isinstance(self.rank, str) and len(self.rank) == 1 and self.rank in RANKS):
            raise ValueError(f"rank must be one of {RANKS}, not {self.rank!r}")
        if not (isinstance(self.suit, str) and len(self.suit) == 1 and self.suit in SUITS):
            raise ValueError(f"suit must be one of {SUITS}, not {self.suit!r}")
        value = RANKS.index(self.rank) + 1
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "is_red", RED_SUITS.find(self.suit) >= 0)
        object.__setattr__(self, "is_king", self.rank == KING)
        object.__setattr__(self, "_order", 4 * value + SUITS.index(self.suit))

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card from its two characters, rank then suit, in either case."""
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a card")
        rank, _, suit = "", "", ""
        letters = text.strip().upper()
        if len(letters) == 2:
            rank, suit = letters[0], letters[1]
        if rank not in RANKS or suit not in SUITS or not rank or not suit:
            raise ValueError(f"{text!r} is not a card (rank then suit, e.g. 7H)")
        return cls(rank, suit)

    @property
    def notation(self) -> str:
        """The two characters in upper case, rank then suit."""
        return f"{self.rank}{self.suit}"

    @property
    def color(self) -> str:
        """ "red" or "black"."""
        return ("black", "red")[self.is_red]

    def __str__(self) -> str:
        """The notation."""
        return self.notation

    def __eq__(self, other: object) -> bool:
        """Same rank and suit."""
        if isinstance(other, Card):
            return (self.rank, self.suit) == (other.rank, other.suit)
        return NotImplemented

    def __hash__(self) -> int:
        """The hash of the pair (rank, suit)."""
        return hash((self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        """Lower rank, or the same rank and an earlier suit."""
        if isinstance(other, Card):
            return self._order < other._order
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        """Before or equal."""
        if isinstance(other, Card):
            return self._order <= other._order
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        """After."""
        if isinstance(other, Card):
            return self._order > other._order
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        """After or equal."""
        if isinstance(other, Card):
            return self._order >= other._order
        return NotImplemented


def can_follow(card: Card, top: Card) -> bool:
    """One rank lower than ``top`` and of the other colour."""
    return top.value - card.value == 1 and card.color != top.color
