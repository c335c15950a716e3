"""Alternative piles: the cards kept top first internally (the contract shows bottom first)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .card import RANKS, SUITS, Card, can_follow

PILE_COUNT = 8
CORNER_PILES = range(5, 9)
MOVABLE_PILES = range(1, 5)
HAND_SIZE = 7


class IllegalMove(ValueError):
    """A refused move."""


class CardPile:
    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self._stack = list(cards)[::-1]  # top first

    def __len__(self) -> int:
        return len(self._stack)

    def __iter__(self):
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return any(card == mine for mine in self._stack)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(reversed(self._stack))

    @property
    def is_empty(self) -> bool:
        return len(self._stack) == 0

    @property
    def top(self) -> Card | None:
        return self._stack[0] if self._stack else None

    @property
    def bottom(self) -> Card | None:
        return self._stack[-1] if self._stack else None

    def add(self, card: Card) -> None:
        self._stack.insert(0, card)

    def remove(self, card: Card) -> Card:
        for index, mine in enumerate(self._stack):
            if mine == card:
                return self._stack.pop(index)
        raise IllegalMove(f"{card} is not here")

    def clear(self) -> tuple[Card, ...]:
        cards = self.cards
        self._stack = []
        return cards

    def __str__(self) -> str:
        return " ".join(c.notation for c in self.cards)


def accepts(number: int, top: Card | None, card: Card) -> bool:
    if top is None:
        return card.is_king if number >= 5 else True
    return can_follow(card, top)


class LaydownPile(CardPile):
    def __init__(self, number: int, cards: Iterable[Card] = ()) -> None:
        if type(number) is not int or not 1 <= number <= 8:
            raise ValueError(f"no pile {number!r}")
        super().__init__()
        self.__number = number
        for card in cards:
            self.lay(card)

    number = property(lambda self: self.__number)
    needs_king = property(lambda self: self.__number >= 5)
    is_movable = property(lambda self: self.__number <= 4)

    def can_take(self, card: Card) -> bool:
        return accepts(self.__number, self.top, card)

    def lay(self, card: Card) -> None:
        if not self.can_take(card):
            raise IllegalMove(f"pile {self.__number} does not take {card}")
        self.add(card)

    def can_move_onto(self, other: LaydownPile) -> bool:
        if not self.is_movable or self.is_empty or other is self:
            return False
        return other.can_take(self.bottom)

    def move_onto(self, other: LaydownPile) -> None:
        if not self.can_move_onto(other):
            raise IllegalMove(f"pile {self.__number} cannot go on pile {other.number}")
        for card in self.clear():
            other.add(card)


class PlayerHand(CardPile):
    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        return tuple(sorted(self.cards)[::-1])

    def add(self, card: Card) -> None:
        if card in self:
            raise IllegalMove(f"already holding {card}")
        self._stack.append(card)  # kept in the order received: bottom = first received

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._stack)

    @property
    def top(self) -> Card | None:
        return self._stack[-1] if self._stack else None

    @property
    def bottom(self) -> Card | None:
        return self._stack[0] if self._stack else None

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        super().__init__()
        self._stack = list(cards)

    def __str__(self) -> str:
        return " ".join(c.notation for c in self.sorted_cards)


class DrawPile(CardPile):
    @classmethod
    def standard(cls) -> DrawPile:
        return cls(Card(rank, suit) for suit in SUITS for rank in RANKS)

    @classmethod
    def shuffled(cls, rng: random.Random) -> DrawPile:
        cards = list(cls.standard().cards)
        rng.shuffle(cards)
        return cls(cards)

    def draw(self) -> Card:
        if self.is_empty:
            raise IllegalMove("nothing to draw")
        return self._stack.pop(0)

    def deal(self, first: PlayerHand, second: PlayerHand, piles: Sequence[LaydownPile]) -> None:
        for _ in range(HAND_SIZE):
            for hand in (first, second):
                hand.add(self.draw())
        for pile in piles:
            pile.add(self.draw())
