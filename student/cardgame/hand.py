"""A hand: the cards one player holds, kept in card order.

A hand behaves like a sorted set: a card is held at most once, and iterating gives the
cards in increasing order (by suit, then rank), which is how a hand is shown.  It keeps
a sorted list and relies only on the cards' ``==`` and ``<``, so a hand works with any
cards that order themselves.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator

from .card import Card, Suit


class Hand:
    """The cards a player holds, in increasing order, each at most once."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        """Create a hand holding ``cards`` (a repeated card is held once).

        Args:
            cards: The cards to start with, in any order.
        """
        self._cards: list[Card] = []
        for card in cards:
            self.add(card)

    def __iter__(self) -> Iterator[Card]:
        """Iterate over the cards in increasing order."""
        return iter(list(self._cards))

    def __len__(self) -> int:
        """Return how many cards the hand holds."""
        return len(self._cards)

    def __contains__(self, card: object) -> bool:
        """Return True if the hand holds a card equal to ``card``."""
        return card in self._cards

    def __repr__(self) -> str:
        """Return the cards in short form, e.g. "Hand(2♥ Q♥ A♠)"."""
        return f"Hand({' '.join(card.short_name for card in self._cards)})"

    def cards_of(self, suit: Suit) -> list[Card]:
        """Return the cards of one suit, in increasing order.

        Args:
            suit: The suit wanted.

        Returns:
            A new list, empty when the hand holds no card of ``suit``.
        """
        return [card for card in self._cards if card.suit is suit]

    def add(self, card: Card) -> None:
        """Put a card in the hand, in its place; a card already held is not added again.

        Args:
            card: The card to add.
        """
        if card not in self._cards:
            bisect.insort(self._cards, card)

    def remove(self, card: Card) -> None:
        """Take a card out of the hand.

        Args:
            card: The card to remove.

        Raises:
            ValueError: If the hand does not hold ``card``.
        """
        if card not in self._cards:
            raise ValueError(f"{card} is not in this hand")
        self._cards.remove(card)

    def clear(self) -> None:
        """Remove every card."""
        self._cards.clear()

    def copy(self) -> Hand:
        """Return a new hand holding the same cards; changing one leaves the other alone."""
        twin = Hand()
        twin._cards = list(self._cards)
        return twin
