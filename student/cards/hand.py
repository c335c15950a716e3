"""A hand: the cards a player holds, in the order they were added.

A hand keeps, at every add and remove, the number of cards of each suit and the total
value of its cards (Aces counted 11), so that ``count_suit`` and ``total`` only read
them.  Hands are pickled with a format version, ``Hand.FORMAT_VERSION``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .card import Card, Rank, Suit


class Hand:
    """The cards a player holds, with suit counts and a total value kept up to date.

    A hand may hold the same card more than once (it does not check); removing a card
    removes one copy, the first added.

    Attributes:
        FORMAT_VERSION: The format version written into a pickled hand (300) and
            required of a hand being loaded.
    """

    FORMAT_VERSION = 300

    def __init__(self, cards: Iterable[Card] | Hand = ()) -> None:
        """Make an empty hand, or one holding the given cards or the cards of a hand.

        Args:
            cards: The cards to add, in order, or another hand whose cards are added
                (that hand is not changed).  Empty by default.
        """
        raise NotImplementedError("Hand.__init__ is yours to write in this phase")

    def add(self, card: Card) -> None:
        """Add one card at the end of the hand.

        Raises:
            TypeError: If ``card`` is not a ``Card``.
        """
        raise NotImplementedError("Hand.add is yours to write in this phase")

    def add_cards(self, cards: Iterable[Card]) -> None:
        """Add every card of a collection, in its order.

        Raises:
            TypeError: If one of the items is not a ``Card`` (the cards before it
                stay added).
        """
        raise NotImplementedError("Hand.add_cards is yours to write in this phase")

    def add_hand(self, hand: Hand) -> None:
        """Add every card of another hand, in its order; that hand is not changed."""
        raise NotImplementedError("Hand.add_hand is yours to write in this phase")

    def remove(self, card: Card) -> bool:
        """Remove one copy of ``card`` if the hand holds it.

        Returns:
            True if the card was in the hand and has been removed, False if not.
        """
        raise NotImplementedError("Hand.remove is yours to write in this phase")

    def remove_hand(self, hand: Hand) -> bool:
        """Remove each card of another hand that this hand holds; that hand is not changed.

        Returns:
            True if every card of ``hand`` was found and removed, False if one or more
            were missing (those found are removed all the same).
        """
        raise NotImplementedError("Hand.remove_hand is yours to write in this phase")

    def remove_at(self, position: int) -> Card:
        """Remove the card at ``position`` (0 is the first card added) and return it.

        Raises:
            IndexError: If there is no card at ``position`` (negative positions count
                from the end, as for a list).
        """
        raise NotImplementedError("Hand.remove_at is yours to write in this phase")

    @property
    def total(self) -> int:
        """int: The total value of the cards, Aces counted 11 (0 for an empty hand)."""
        raise NotImplementedError("Hand.total is yours to write in this phase")

    def count_suit(self, suit: Suit) -> int:
        """Return the number of cards of ``suit`` in the hand."""
        raise NotImplementedError("Hand.count_suit is yours to write in this phase")

    def count_rank(self, rank: Rank) -> int:
        """Return the number of cards of ``rank`` in the hand."""
        raise NotImplementedError("Hand.count_rank is yours to write in this phase")

    def has_suit(self, suit: Suit) -> bool:
        """Return True if the hand holds at least one card of ``suit``."""
        raise NotImplementedError("Hand.has_suit is yours to write in this phase")

    def sort(self) -> None:
        """Sort the hand in the ascending order (``cards.card.ascending_key``)."""
        raise NotImplementedError("Hand.sort is yours to write in this phase")

    def sort_by_rank(self) -> None:
        """Sort the hand in the rank order (``cards.card.rank_key``): all Twos first."""
        raise NotImplementedError("Hand.sort_by_rank is yours to write in this phase")

    def __len__(self) -> int:
        """Return the number of cards in the hand."""
        raise NotImplementedError("Hand.__len__ is yours to write in this phase")

    def __iter__(self) -> Iterator[Card]:
        """Return an iterator over the cards, in the order they are held."""
        raise NotImplementedError("Hand.__iter__ is yours to write in this phase")

    def __contains__(self, card: object) -> bool:
        """Return True if the hand holds ``card``."""
        raise NotImplementedError("Hand.__contains__ is yours to write in this phase")

    def __getitem__(self, position: int) -> Card:
        """Return the card at ``position``, 0 being the first.

        Raises:
            IndexError: If there is no card at ``position``.
        """
        raise NotImplementedError("Hand.__getitem__ is yours to write in this phase")

    def __str__(self) -> str:
        """Return the cards between angle brackets, e.g. "<10♦, 10♠, 2♣>"."""
        raise NotImplementedError("Hand.__str__ is yours to write in this phase")

    def __repr__(self) -> str:
        """Return e.g. "Hand(10D 10S 2C)": the cards in notation."""
        raise NotImplementedError("Hand.__repr__ is yours to write in this phase")

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the cards, in order."""
        raise NotImplementedError("Hand.__getstate__ is yours to write in this phase")

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a hand from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        raise NotImplementedError("Hand.__setstate__ is yours to write in this phase")


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    raise NotImplementedError("main is yours to write in this phase")


if __name__ == "__main__":
    main()
