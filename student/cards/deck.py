"""The deck: the 52 cards, shuffled when made, dealt from the top.

Shuffling goes through a ``random.Random`` given by the caller, never the global random
generator, so a seed always gives the same deal.  The deck walks its cards with two
iterators of its own: ``DealIterator`` in the order they will be dealt, keeping its own
position (it does not use a list's iterator), and ``SortedIterator`` in the natural order
of cards.  Iterating over a deck uses the first.

Decks are pickled with a format version, ``Deck.FORMAT_VERSION``; the generator is not
saved, and a loaded deck shuffles with a new ``random.Random()``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import final

from .card import Card

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
        raise NotImplementedError("Deck.__init_subclass__ is yours to write in this phase")

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make a full deck of 52 cards and shuffle it (see ``new_deck``).

        Args:
            rng: The generator used to shuffle, now and by every later ``new_deck``;
                a new ``random.Random()`` when None.
        """
        raise NotImplementedError("Deck.__init__ is yours to write in this phase")

    @final
    def new_deck(self) -> None:
        """Put all 52 cards back in the deck and shuffle them.

        The recipe is fixed, so that a seed always gives the same deal: take the 52
        cards in the natural order (``cards.card.full_deck()``, Ace of Spades first) as a
        list, call the deck's generator's ``shuffle`` on that list exactly once, and use
        the list as the deck, its first card on top.
        """
        raise NotImplementedError("Deck.new_deck is yours to write in this phase")

    def size(self) -> int:
        """Return the number of cards left in the deck (0 to 52)."""
        raise NotImplementedError("Deck.size is yours to write in this phase")

    def __len__(self) -> int:
        """Return the number of cards left in the deck, as ``size()``."""
        raise NotImplementedError("Deck.__len__ is yours to write in this phase")

    def __iter__(self) -> DealIterator:
        """Return a ``DealIterator``: the cards in the order they will be dealt."""
        raise NotImplementedError("Deck.__iter__ is yours to write in this phase")

    def sorted_cards(self) -> SortedIterator:
        """Return a ``SortedIterator``: the cards in the natural order, highest first."""
        raise NotImplementedError("Deck.sorted_cards is yours to write in this phase")

    def deal(self) -> Card:
        """Remove the top card from the deck and return it.

        The card is found with a ``DealIterator`` and removed through it.

        Returns:
            The card that was on top.

        Raises:
            IndexError: If the deck is empty.
        """
        raise NotImplementedError("Deck.deal is yours to write in this phase")

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the cards, top first."""
        raise NotImplementedError("Deck.__getstate__ is yours to write in this phase")

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a deck from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        raise NotImplementedError("Deck.__setstate__ is yours to write in this phase")


class DealIterator(Iterator[Card]):
    """Walks a deck in the order its cards will be dealt, keeping its own position."""

    def __init__(self, deck: Deck) -> None:
        """Start before the top card of ``deck``.

        Args:
            deck: The deck to walk.
        """
        raise NotImplementedError("DealIterator.__init__ is yours to write in this phase")

    def __next__(self) -> Card:
        """Return the next card to be dealt after those already returned.

        Raises:
            StopIteration: When every card has been returned.
        """
        raise NotImplementedError("DealIterator.__next__ is yours to write in this phase")

    def remove(self) -> None:
        """Remove from the deck the card the last ``next`` returned.

        Raises:
            RuntimeError: If ``next`` has not returned a card since the iterator was
                made or since the last ``remove``.
        """
        raise NotImplementedError("DealIterator.remove is yours to write in this phase")


class SortedIterator(Iterator[Card]):
    """Walks a deck's cards in the natural order, highest first.

    The deck is assumed not to change while the iterator is in use.
    """

    def __init__(self, deck: Deck) -> None:
        """Take a sorted copy of the cards of ``deck``.

        Args:
            deck: The deck to walk.
        """
        raise NotImplementedError("SortedIterator.__init__ is yours to write in this phase")

    def __next__(self) -> Card:
        """Return the next card in the natural order.

        Raises:
            StopIteration: When every card has been returned.
        """
        raise NotImplementedError("SortedIterator.__next__ is yours to write in this phase")


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    raise NotImplementedError("main is yours to write in this phase")


if __name__ == "__main__":
    main()
