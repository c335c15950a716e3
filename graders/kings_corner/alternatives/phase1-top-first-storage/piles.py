"""Alternative piles: each pile stores its cards top first, in a list it owns.

``_stack[0]`` is the top card and ``_stack[-1]`` the bottom one, so laying inserts at
the front; every view (``cards``, iteration, ``str``) turns the list back to bottom
first.  The draw pile is built suit by suit with ``itertools.product``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence

from .card import KING, RANKS, SUITS, Card, can_follow

PILE_COUNT = 8
CORNER_PILES = range(5, PILE_COUNT + 1)
MOVABLE_PILES = range(1, 5)
HAND_SIZE = 7


class IllegalMove(ValueError):
    """A lay, a pile move or a draw that the rules refuse; the message says why."""


class CardPile:
    """An ordered pile of cards, stored top first."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        """Create a pile holding ``cards``, the bottom card first."""
        self._stack: list[Card] = []
        for card in cards:
            self._stack.insert(0, card)

    def __len__(self) -> int:
        """The number of cards."""
        return len(self._stack)

    def __iter__(self) -> Iterator[Card]:
        """The cards from the bottom up, of a copy."""
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        """True if ``card`` is in the pile."""
        return any(card == held for held in self._stack)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, bottom first."""
        return tuple(reversed(self._stack))

    @property
    def is_empty(self) -> bool:
        """True when the pile holds no card."""
        return len(self._stack) == 0

    @property
    def top(self) -> Card | None:
        """The top card, or None."""
        return self._stack[0] if self._stack else None

    @property
    def bottom(self) -> Card | None:
        """The bottom card, or None."""
        return self._stack[-1] if self._stack else None

    def add(self, card: Card) -> None:
        """Put ``card`` on top, without checking any rule."""
        self._stack.insert(0, card)

    def remove(self, card: Card) -> Card:
        """Take ``card`` out, wherever it is."""
        for index, held in enumerate(self._stack):
            if held == card:
                return self._stack.pop(index)
        raise IllegalMove(f"no {card} here to take")

    def clear(self) -> tuple[Card, ...]:
        """Empty the pile and return its cards, bottom first."""
        cards = self.cards
        self._stack = []
        return cards

    def __str__(self) -> str:
        """The notations from the bottom up."""
        return " ".join(str(card) for card in self.cards)


def accepts(number: int, top: Card | None, card: Card) -> bool:
    """Whether pile ``number`` with top card ``top`` accepts ``card``."""
    if top is None:
        return card.rank == KING if number in CORNER_PILES else True
    return can_follow(card, top)


class LaydownPile(CardPile):
    """One of the eight numbered lay-down piles on the table."""

    def __init__(self, number: int, cards: Iterable[Card] = ()) -> None:
        """Create pile ``number``; the cards must obey its rules laid one by one."""
        if type(number) is not int or not 1 <= number <= PILE_COUNT:
            raise ValueError(f"pile number {number!r} is not 1 to 8")
        self._number = number
        super().__init__()
        for card in cards:
            self.lay(card)

    @property
    def number(self) -> int:
        """The pile's number."""
        return self._number

    @property
    def needs_king(self) -> bool:
        """True for piles 5 to 8."""
        return self._number >= 5

    @property
    def is_movable(self) -> bool:
        """True for piles 1 to 4."""
        return self._number <= 4

    def can_take(self, card: Card) -> bool:
        """Whether ``card`` may be laid here."""
        return accepts(self._number, self.top, card)

    def lay(self, card: Card) -> None:
        """Lay ``card`` on top, or raise ``IllegalMove``."""
        if self.can_take(card):
            self._stack.insert(0, card)
            return
        if self.top is None:
            why = "only a King may start it"
        else:
            why = f"{card} does not go on {self.top}"
        raise IllegalMove(f"pile {self._number} refuses {card}: {why}")

    def can_move_onto(self, other: LaydownPile) -> bool:
        """Whether this whole pile may go on ``other``."""
        if other is self or not self.is_movable or self.bottom is None:
            return False
        return other.can_take(self.bottom)

    def move_onto(self, other: LaydownPile) -> None:
        """Move every card of this pile onto ``other``, in order."""
        if not self.can_move_onto(other):
            raise IllegalMove(f"pile {self._number} cannot go onto pile {other.number}")
        other._stack[:0] = self._stack
        self._stack = []


class PlayerHand(CardPile):
    """The cards a player holds."""

    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        """The cards from the highest to the lowest."""
        return tuple(sorted(self._stack, reverse=True))

    def add(self, card: Card) -> None:
        """Take ``card`` into the hand, unless it is already there."""
        if card in self:
            raise IllegalMove(f"{card} is in the hand already")
        super().add(card)

    def __str__(self) -> str:
        """The sorted notations."""
        return " ".join(map(str, self.sorted_cards))


class DrawPile(CardPile):
    """The stock of cards still to be drawn."""

    @classmethod
    def standard(cls) -> DrawPile:
        """The 52 cards suit by suit, each from the Ace up."""
        return cls(Card(rank, suit) for suit, rank in itertools.product(SUITS, RANKS))

    @classmethod
    def shuffled(cls, rng: random.Random) -> DrawPile:
        """The 52 cards shuffled once by ``rng``."""
        cards = list(cls.standard().cards)
        rng.shuffle(cards)
        return cls(cards)

    def draw(self) -> Card:
        """Take the top card off the pile."""
        if not self._stack:
            raise IllegalMove("nothing left to draw")
        return self._stack.pop(0)

    def deal(self, first: PlayerHand, second: PlayerHand, piles: Sequence[LaydownPile]) -> None:
        """Seven cards each, alternately, then one on each of ``piles``."""
        for hand in itertools.chain.from_iterable(itertools.repeat((first, second), HAND_SIZE)):
            hand.add(self.draw())
        for pile in piles:
            pile.add(self.draw())
