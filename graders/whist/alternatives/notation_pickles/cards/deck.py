"""The deck: the 52 cards, shuffled when made, dealt from the top.

Shuffling goes through a ``random.Random`` given by the caller, never the global random
generator, so a seed always gives the same deal.  The deck walks its cards with two
iterators of its own: ``DealIterator`` in the order they will be dealt, keeping its own
position, and ``SortedIterator`` in the natural order of cards.  Iterating over a deck
uses the first.

Decks are pickled with a format version, ``Deck.FORMAT_VERSION``, and their cards
written in notation in one string ("AS KH 2C"); the generator is not saved, and a
loaded deck shuffles with a new ``random.Random()``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import final

from .card import FORMAT_KEY, Card, check_format, full_deck

DECK_SIZE = 52
"""The number of cards in a full deck."""


class Deck:
    """The cards not dealt yet, the top card (the next one dealt) first.

    Attributes:
        FORMAT_VERSION: The format version written into a pickled deck (200) and
            required of a deck being loaded.
    """

    FORMAT_VERSION = 200

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Refuse a subclass that defines its own ``new_deck``, which is final.

        Raises:
            TypeError: If the subclass defines ``new_deck``.
        """
        if "new_deck" in cls.__dict__:
            raise TypeError("new_deck is final and cannot be redefined")
        super().__init_subclass__(**kwargs)

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make a full deck of 52 cards and shuffle it (see ``new_deck``).

        Args:
            rng: The generator used to shuffle, now and by every later ``new_deck``;
                a new ``random.Random()`` when None.
        """
        if rng is None:
            rng = random.Random()
        self._shuffler = rng
        self._cards: list[Card] = []
        self.new_deck()

    @final
    def new_deck(self) -> None:
        """Put all 52 cards back in the deck and shuffle them (one ``shuffle`` call)."""
        fresh = full_deck()
        self._shuffler.shuffle(fresh)
        self._cards = fresh

    def size(self) -> int:
        """Return the number of cards left in the deck (0 to 52)."""
        return len(self)

    def __len__(self) -> int:
        """Return the number of cards left in the deck, as ``size()``."""
        return len(self._cards)

    def __iter__(self) -> DealIterator:
        """Return a ``DealIterator``: the cards in the order they will be dealt."""
        return DealIterator(self)

    def sorted_cards(self) -> SortedIterator:
        """Return a ``SortedIterator``: the cards in the natural order, highest first."""
        return SortedIterator(self)

    def deal(self) -> Card:
        """Remove the top card from the deck and return it, through a ``DealIterator``.

        Raises:
            IndexError: If the deck is empty.
        """
        walker = iter(self)
        for card in walker:
            walker.remove()
            return card
        raise IndexError("the deck is empty")

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the cards, top first."""
        return {FORMAT_KEY: Deck.FORMAT_VERSION, "cards": " ".join(c.notation for c in self._cards)}

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a deck from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        check_format(state, Deck.FORMAT_VERSION, "Deck")
        self._cards = [Card.from_notation(word) for word in str(state["cards"]).split()]
        self._shuffler = random.Random()


class DealIterator(Iterator[Card]):
    """Walks a deck in the order its cards will be dealt, keeping its own position."""

    def __init__(self, deck: Deck) -> None:
        """Start before the top card of ``deck``."""
        self._deck = deck
        self._next = 0
        self._last: int | None = None  # where the card last returned is, until removed

    def __next__(self) -> Card:
        """Return the next card to be dealt after those already returned.

        Raises:
            StopIteration: When every card has been returned.
        """
        cards = self._deck._cards
        if self._next == len(cards):
            raise StopIteration
        self._last = self._next
        self._next += 1
        return cards[self._last]

    def remove(self) -> None:
        """Remove from the deck the card the last ``next`` returned.

        Raises:
            RuntimeError: If ``next`` has not returned a card since the iterator was
                made or since the last ``remove``.
        """
        if self._last is None:
            raise RuntimeError("nothing to remove: call next first")
        self._deck._cards.pop(self._last)
        self._next = self._last
        self._last = None


class SortedIterator(Iterator[Card]):
    """Walks a deck's cards in the natural order, highest first."""

    def __init__(self, deck: Deck) -> None:
        """Take a sorted copy of the cards of ``deck``."""
        self._left = sorted(deck._cards, reverse=True)  # popped from the end

    def __next__(self) -> Card:
        """Return the next card in the natural order.

        Raises:
            StopIteration: When every card has been returned.
        """
        if not self._left:
            raise StopIteration
        return self._left.pop()


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    deck = Deck(random.Random(7))
    print("A shuffled deck of", deck.size(), "cards; the top three:", *list(deck)[:3])
    print("Its three highest cards:", *list(deck.sorted_cards())[:3])
    print("Dealt:", deck.deal(), deck.deal(), "leaving", len(deck))
    deck.new_deck()
    print("After new_deck:", len(deck), "cards")


if __name__ == "__main__":
    main()
