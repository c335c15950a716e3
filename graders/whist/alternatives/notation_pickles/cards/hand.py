"""A hand: the cards a player holds, in the order they were added.

A hand keeps, at every add and remove, the number of cards of each suit and the total
value of its cards (Aces counted 11), so that ``count_suit`` and ``total`` only read
them.  Hands are pickled with a format version, ``Hand.FORMAT_VERSION``, and their
cards as a list of notations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .card import FORMAT_KEY, Card, Rank, Suit, ascending_key, check_format, rank_key


class Hand:
    """The cards a player holds, with suit counts and a total value kept up to date.

    Attributes:
        FORMAT_VERSION: The format version written into a pickled hand (300) and
            required of a hand being loaded.
    """

    FORMAT_VERSION = 300

    def __init__(self, cards: Iterable[Card] | Hand = ()) -> None:
        """Make an empty hand, or one holding the given cards or the cards of a hand."""
        self._held: list[Card] = []
        self._per_suit = {suit: 0 for suit in Suit}
        self._value = 0
        self.add_cards(cards)

    def add(self, card: Card) -> None:
        """Add one card at the end of the hand.

        Raises:
            TypeError: If ``card`` is not a ``Card``.
        """
        if not isinstance(card, Card):
            raise TypeError(f"a hand holds cards, and {card!r} is not one")
        self._held.append(card)
        self._count(card, +1)

    def _count(self, card: Card, change: int) -> None:
        """Change the suit count and the total by one card coming in (+1) or out (-1)."""
        self._per_suit[card.suit] += change
        self._value += change * card.rank.points

    def add_cards(self, cards: Iterable[Card]) -> None:
        """Add every card of a collection, in its order.

        Raises:
            TypeError: If one of the items is not a ``Card`` (the cards before it
                stay added).
        """
        for card in tuple(cards):
            self.add(card)

    def add_hand(self, hand: Hand) -> None:
        """Add every card of another hand, in its order; that hand is not changed."""
        for position in range(len(hand)):
            self.add(hand[position])

    def remove(self, card: Card) -> bool:
        """Remove one copy of ``card`` (the first added) if the hand holds it."""
        for position, held in enumerate(self._held):
            if held == card:
                self.remove_at(position)
                return True
        return False

    def remove_hand(self, hand: Hand) -> bool:
        """Remove each card of another hand that this hand holds; that hand is not changed."""
        missing = 0
        for card in tuple(hand):
            if not self.remove(card):
                missing += 1
        return missing == 0

    def remove_at(self, position: int) -> Card:
        """Remove the card at ``position`` and return it.

        Raises:
            IndexError: If there is no card at ``position``.
        """
        card = self._held[position]
        del self._held[position]
        self._count(card, -1)
        return card

    @property
    def total(self) -> int:
        """int: The total value of the cards, Aces counted 11 (0 for an empty hand)."""
        return self._value

    def count_suit(self, suit: Suit) -> int:
        """Return the number of cards of ``suit`` in the hand."""
        return self._per_suit[suit]

    def count_rank(self, rank: Rank) -> int:
        """Return the number of cards of ``rank`` in the hand."""
        return [card.rank for card in self._held].count(rank)

    def has_suit(self, suit: Suit) -> bool:
        """Return True if the hand holds at least one card of ``suit``."""
        return self.count_suit(suit) != 0

    def sort(self) -> None:
        """Sort the hand in the ascending order (``cards.card.ascending_key``)."""
        self._held = sorted(self._held, key=ascending_key)

    def sort_by_rank(self) -> None:
        """Sort the hand in the rank order (``cards.card.rank_key``): all Twos first."""
        self._held = sorted(self._held, key=rank_key)

    def __len__(self) -> int:
        """Return the number of cards in the hand."""
        return len(self._held)

    def __iter__(self) -> Iterator[Card]:
        """Return an iterator over the cards, in the order they are held."""
        yield from tuple(self._held)

    def __contains__(self, card: object) -> bool:
        """Return True if the hand holds ``card``."""
        return any(held == card for held in self._held)

    def __getitem__(self, position: int) -> Card:
        """Return the card at ``position``, 0 being the first.

        Raises:
            IndexError: If there is no card at ``position``.
        """
        return self._held[position]

    def __str__(self) -> str:
        """Return the cards between angle brackets, e.g. "<10♦, 10♠, 2♣>"."""
        return f"<{', '.join(str(card) for card in self._held)}>"

    def __repr__(self) -> str:
        """Return e.g. "Hand(10D 10S 2C)": the cards in notation."""
        return f"Hand({' '.join(card.notation for card in self._held)})"

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the cards, in order."""
        return {FORMAT_KEY: Hand.FORMAT_VERSION, "notations": [c.notation for c in self._held]}

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a hand from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        check_format(state, Hand.FORMAT_VERSION, "Hand")
        notations = state["notations"]
        assert isinstance(notations, list)
        self.__init__([Card.from_notation(text) for text in notations])


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    hand = Hand(Card.from_notation(text) for text in ("10D", "10S", "AC"))
    print("Hand", hand, "totals", hand.total, "and holds", hand.count_suit(Suit.SPADES), "spade")
    hand.sort()
    print("Sorted ascending:", hand)
    hand.sort_by_rank()
    print("Sorted by rank:", hand, repr(hand))


if __name__ == "__main__":
    main()
