"""The stock, written from the docstrings: a list kept bottom first, drawn with ``pop()``."""

from __future__ import annotations

import random
from collections.abc import Iterable

from .card import RANKS, Card
from .suit import Suit


class Deck:
    """An ordered stock of cards; the first card is on top, the last at the bottom."""

    def __init__(self, cards: Iterable[Card]) -> None:
        """Create a stock holding the given cards, the top card first."""
        self._stack = list(cards)
        self._stack.reverse()  # the top card at the end of the list, where pop() takes it

    @classmethod
    def standard(cls) -> Deck:
        """Return a full, unshuffled deck of 40 cards, 2♠ on top and A♦ at the bottom."""
        cards = []
        for suit in Suit:
            for rank in RANKS:
                cards.append(Card(rank, suit))
        return cls(cards)

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """Return a full deck in an order chosen by ``rng`` (one ``rng.shuffle``)."""
        cards = list(cls.standard().cards)
        rng.shuffle(cards)
        return cls(cards)

    def __len__(self) -> int:
        """Return the number of cards left in the stock."""
        return len(self._stack)

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the cards left, the top card first."""
        return tuple(reversed(self._stack))

    @property
    def is_empty(self) -> bool:
        """bool: True when no card is left to draw."""
        return len(self._stack) == 0

    @property
    def bottom(self) -> Card | None:
        """Card | None: The bottom card, or None when empty."""
        if self._stack:
            return self._stack[0]
        return None

    def draw(self) -> Card:
        """Remove the top card from the stock and return it."""
        if not self._stack:
            raise ValueError("the stock is empty: there is no card to draw")
        return self._stack.pop()
