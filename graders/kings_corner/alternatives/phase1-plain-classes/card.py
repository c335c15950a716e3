"""Alternative Card: a plain class with slots and a total order on (value, suit)."""

from __future__ import annotations

from functools import total_ordering

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RED_SUITS = "DH"
KING = "K"


@total_ordering
class Card:
    """A card; immutable by convention (no setters)."""

    __slots__ = ("_rank", "_suit")

    def __init__(self, rank: str, suit: str) -> None:
        if not (isinstance(rank, str) and len(rank) == 1 and rank in RANKS):
            raise ValueError(f"bad rank {rank!r}")
        if not (isinstance(suit, str) and len(suit) == 1 and suit in SUITS):
            raise ValueError(f"bad suit {suit!r}")
        self._rank = rank
        self._suit = suit

    rank = property(lambda self: self._rank)
    suit = property(lambda self: self._suit)
    value = property(lambda self: RANKS.index(self._rank) + 1)
    is_red = property(lambda self: self._suit in RED_SUITS)
    color = property(lambda self: "red" if self.is_red else "black")
    is_king = property(lambda self: self._rank == KING)
    notation = property(lambda self: self._rank + self._suit)

    @classmethod
    def from_notation(cls, text: str) -> Card:
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r}")
        word = text.strip().upper()
        if len(word) != 2:
            raise ValueError(f"not a card: {text!r}")
        return cls(word[0], word[1])

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card({self._rank!r}, {self._suit!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self._rank, self._suit) == (other._rank, other._suit)

    def __hash__(self) -> int:
        return hash(self.notation)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.value, SUITS.index(self._suit)) < (other.value, SUITS.index(other._suit))


def can_follow(card: Card, top: Card) -> bool:
    return top.value - card.value == 1 and card.color != top.color
