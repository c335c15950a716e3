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
        super().__init_subclass__(**kwargs)
        if "new_deck" in vars(cls):
            raise TypeError(f"{cls.__name__} cannot override Deck.new_deck, which is final")

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make a full deck of 52 cards and shuffle it (see ``new_deck``).

        Args:
            rng: The generator used to shuffle, now and by every later ``new_deck``;
                a new ``random.Random()`` when None.
        """
        self._rng = random.Random() if rng is None else rng
        self._cards: list[Card] = []
        self.new_deck()

    @final
    def new_deck(self) -> None:
        """Put all 52 cards back in the deck and shuffle them.

        The recipe is fixed, so that a seed always gives the same deal: take the 52
        cards in the natural order (``cards.card.full_deck()``, Ace of Spades first) as a
        list, call the deck's generator's ``shuffle`` on that list exactly once, and use
        the list as the deck, its first card on top.
        """
        cards = full_deck()
        self._rng.shuffle(cards)
        self._cards = cards

    def size(self) -> int:
        """Return the number of cards left in the deck (0 to 52)."""
        return len(self._cards)

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
        """Remove the top card from the deck and return it.

        The card is found with a ``DealIterator`` and removed through it.

        Returns:
            The card that was on top.

        Raises:
            IndexError: If the deck is empty.
        """
        dealer = DealIterator(self)
        try:
            card = next(dealer)
        except StopIteration:
            raise IndexError("cannot deal from an empty deck") from None
        dealer.remove()
        return card

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the cards, top first."""
        return {FORMAT_KEY: type(self).FORMAT_VERSION, "cards": list(self._cards)}

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a deck from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        check_format(state, type(self).FORMAT_VERSION, "Deck")
        self._cards = list(state["cards"])
        self._rng = random.Random()


class DealIterator(Iterator[Card]):
    """Walks a deck in the order its cards will be dealt, keeping its own position."""

    def __init__(self, deck: Deck) -> None:
        """Start before the top card of ``deck``.

        Args:
            deck: The deck to walk.
        """
        self._cards = deck._cards
        self._position = 0
        self._removable = False  # whether next() has returned a card since the last remove

    def __next__(self) -> Card:
        """Return the next card to be dealt after those already returned.

        Raises:
            StopIteration: When every card has been returned.
        """
        if self._position >= len(self._cards):
            raise StopIteration
        card = self._cards[self._position]
        self._position += 1
        self._removable = True
        return card

    def remove(self) -> None:
        """Remove from the deck the card the last ``next`` returned.

        Raises:
            RuntimeError: If ``next`` has not returned a card since the iterator was
                made or since the last ``remove``.
        """
        if not self._removable:
            raise RuntimeError("remove() needs a card returned by next() first")
        self._removable = False
        self._position -= 1
        del self._cards[self._position]


class SortedIterator(Iterator[Card]):
    """Walks a deck's cards in the natural order, highest first.

    The deck is assumed not to change while the iterator is in use.
    """

    def __init__(self, deck: Deck) -> None:
        """Take a sorted copy of the cards of ``deck``.

        Args:
            deck: The deck to walk.
        """
        self._cards = sorted(deck._cards)
        self._position = 0

    def __next__(self) -> Card:
        """Return the next card in the natural order.

        Raises:
            StopIteration: When every card has been returned.
        """
        if self._position >= len(self._cards):
            raise StopIteration
        card = self._cards[self._position]
        self._position += 1
        return card


def _first_five(cards: Iterator[Card] | Deck) -> str:
    """Return the first five cards given, written out."""
    return ", ".join(str(card) for card, _ in zip(cards, range(5), strict=False))


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    deck = Deck(random.Random(2015))
    print(f"A new shuffled deck holds {deck.size()} cards.")
    print("The first five in dealing order:", _first_five(deck))
    print("The first five in sorted order: ", _first_five(deck.sorted_cards()))
    dealt = [deck.deal() for _ in range(3)]
    print("Dealt three cards:", ", ".join(map(str, dealt)), f"-- {deck.size()} left")
    deck.new_deck()
    print(f"After new_deck() the deck holds {deck.size()} cards again.")


if __name__ == "__main__":
    main()
