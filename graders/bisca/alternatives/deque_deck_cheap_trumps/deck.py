"""The stock, written from the docstrings: a ``deque`` drawn from the left."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from itertools import product

from .card import RANKS, Card
from .suit import Suit


class Deck:
    """An ordered stock of cards; the first card is on top, the last at the bottom."""

    def __init__(self, cards: Iterable[Card]) -> None:
        """Create a stock holding the given cards in the given order."""
        self._cards: deque[Card] = deque(cards)

    @classmethod
    def standard(cls) -> Deck:
        """Return a full, unshuffled deck: suit by suit, each from the 2 to the Ace."""
        return cls(Card(rank, suit) for suit, rank in product(Suit, RANKS))

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """Return a full deck shuffled by one ``rng.shuffle`` of the standard list."""
        cards = [*cls.standard().cards]
        rng.shuffle(cards)
        return cls(cards)

    def __len__(self) -> int:
        """Return the number of cards left in the stock."""
        return len(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the cards left, the top card first."""
        return tuple(self._cards)

    @property
    def is_empty(self) -> bool:
        """bool: True when no card is left to draw."""
        return not self._cards

    @property
    def bottom(self) -> Card | None:
        """Card | None: The bottom card, or None when empty."""
        return self._cards[-1] if self._cards else None

    def draw(self) -> Card:
        """Remove the top card from the stock and return it."""
        try:
            return self._cards.popleft()
        except IndexError:
            raise ValueError("no card left to draw") from None
