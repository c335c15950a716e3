"""Deck written from the docstrings: the cards kept bottom first, dealt from the end."""

from __future__ import annotations

import random
import typing

from .card import Card, check_format, full_deck

DECK_SIZE = 52


class Deck:
    """The cards not dealt yet."""

    FORMAT_VERSION = 200

    def __init_subclass__(cls, **kwargs):
        """new_deck is final."""
        super().__init_subclass__(**kwargs)
        if "new_deck" in cls.__dict__:
            raise TypeError("new_deck is final")

    def __init__(self, rng: random.Random | None = None) -> None:
        """52 cards, shuffled."""
        self._rng = rng if rng is not None else random.Random()
        self.new_deck()

    @typing.final
    def new_deck(self) -> None:
        """The natural order, shuffled once; kept reversed so the top is the last item."""
        cards = full_deck()
        self._rng.shuffle(cards)
        cards.reverse()
        self._stack = cards

    def size(self) -> int:
        """Cards left."""
        return len(self._stack)

    def __len__(self) -> int:
        """Cards left."""
        return self.size()

    def __iter__(self):
        """The dealing order."""
        return DealIterator(self)

    def sorted_cards(self):
        """The natural order."""
        return SortedIterator(self)

    def deal(self) -> Card:
        """Remove and return the top card."""
        dealer = DealIterator(self)
        if not dealer.has_next():
            raise IndexError("the deck is empty")
        card = next(dealer)
        dealer.remove()
        return card

    def __getstate__(self):
        """Version and cards, top first."""
        return {"format": type(self).FORMAT_VERSION, "cards": list(reversed(self._stack))}

    def __setstate__(self, state):
        """Check the version and restore."""
        check_format(state, type(self).FORMAT_VERSION, "Deck")
        self._stack = list(reversed(state["cards"]))
        self._rng = random.Random()


class DealIterator:
    """Walks from the top (the end of the stack) down."""

    def __init__(self, deck: Deck) -> None:
        """Start at the top."""
        self._deck = deck
        self._index = len(deck._stack) - 1
        self._returned = False

    def __iter__(self):
        """Itself."""
        return self

    def has_next(self) -> bool:
        """Whether a card is left."""
        return self._index >= 0

    def __next__(self) -> Card:
        """The next card."""
        if self._index < 0:
            raise StopIteration
        card = self._deck._stack[self._index]
        self._index -= 1
        self._returned = True
        return card

    def remove(self) -> None:
        """Remove the card last returned, once."""
        if not self._returned:
            raise RuntimeError("nothing to remove")
        self._returned = False
        del self._deck._stack[self._index + 1]


class SortedIterator:
    """The natural order."""

    def __init__(self, deck: Deck) -> None:
        """Sort a copy."""
        self._cards = iter(sorted(deck._stack))

    def __iter__(self):
        """Itself."""
        return self

    def __next__(self) -> Card:
        """The next card."""
        return next(self._cards)
