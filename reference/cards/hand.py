"""A hand: the cards a player holds, in the order they were added.

A hand keeps, at every add and remove, the number of cards of each suit and the total
value of its cards (Aces counted 11), so that ``count_suit`` and ``total`` only read
them.  Hands are pickled with a format version, ``Hand.FORMAT_VERSION``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .card import FORMAT_KEY, Card, Rank, Suit, ascending_key, check_format, rank_key


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
        if isinstance(cards, Hand):  # a copy: its counts are already right
            self._cards = list(cards._cards)
            self._suit_counts = dict(cards._suit_counts)
            self._total = cards._total
            return
        self._cards: list[Card] = []
        self._suit_counts = dict.fromkeys(Suit, 0)
        self._total = 0
        self.add_cards(cards)

    def add(self, card: Card) -> None:
        """Add one card at the end of the hand.

        Raises:
            TypeError: If ``card`` is not a ``Card``.
        """
        if not isinstance(card, Card):
            raise TypeError(f"only cards can be added to a hand, not {card!r}")
        self._cards.append(card)
        self._suit_counts[card.suit] += 1
        self._total += card.rank.points

    def add_cards(self, cards: Iterable[Card]) -> None:
        """Add every card of a collection, in its order.

        Raises:
            TypeError: If one of the items is not a ``Card`` (the cards before it
                stay added).
        """
        for card in list(cards):
            self.add(card)

    def add_hand(self, hand: Hand) -> None:
        """Add every card of another hand, in its order; that hand is not changed."""
        self.add_cards(hand)

    def remove(self, card: Card) -> bool:
        """Remove one copy of ``card`` if the hand holds it.

        Returns:
            True if the card was in the hand and has been removed, False if not.
        """
        try:
            position = self._cards.index(card)
        except ValueError:
            return False
        self.remove_at(position)
        return True

    def remove_hand(self, hand: Hand) -> bool:
        """Remove each card of another hand that this hand holds; that hand is not changed.

        Returns:
            True if every card of ``hand`` was found and removed, False if one or more
            were missing (those found are removed all the same).
        """
        removed = [self.remove(card) for card in list(hand)]
        return all(removed)

    def remove_at(self, position: int) -> Card:
        """Remove the card at ``position`` (0 is the first card added) and return it.

        Raises:
            IndexError: If there is no card at ``position`` (negative positions count
                from the end, as for a list).
        """
        card = self._cards.pop(position)
        self._suit_counts[card.suit] -= 1
        self._total -= card.rank.points
        return card

    @property
    def total(self) -> int:
        """int: The total value of the cards, Aces counted 11 (0 for an empty hand)."""
        return self._total

    def count_suit(self, suit: Suit) -> int:
        """Return the number of cards of ``suit`` in the hand."""
        return self._suit_counts[suit]

    def count_rank(self, rank: Rank) -> int:
        """Return the number of cards of ``rank`` in the hand."""
        return sum(1 for card in self._cards if card.rank is rank)

    def has_suit(self, suit: Suit) -> bool:
        """Return True if the hand holds at least one card of ``suit``."""
        return self._suit_counts[suit] > 0

    def sort(self) -> None:
        """Sort the hand in the ascending order (``cards.card.ascending_key``)."""
        self._cards.sort(key=ascending_key)

    def sort_by_rank(self) -> None:
        """Sort the hand in the rank order (``cards.card.rank_key``): all Twos first."""
        self._cards.sort(key=rank_key)

    def __len__(self) -> int:
        """Return the number of cards in the hand."""
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        """Return an iterator over the cards, in the order they are held."""
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        """Return True if the hand holds ``card``."""
        return card in self._cards

    def __getitem__(self, position: int) -> Card:
        """Return the card at ``position``, 0 being the first.

        Raises:
            IndexError: If there is no card at ``position``.
        """
        return self._cards[position]

    def __str__(self) -> str:
        """Return the cards between angle brackets, e.g. "<10♦, 10♠, 2♣>"."""
        return "<" + ", ".join(map(str, self._cards)) + ">"

    def __repr__(self) -> str:
        """Return e.g. "Hand(10D 10S 2C)": the cards in notation."""
        return "Hand(" + " ".join(card.notation for card in self._cards) + ")"

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the cards, in order."""
        return {FORMAT_KEY: type(self).FORMAT_VERSION, "cards": list(self._cards)}

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a hand from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        check_format(state, type(self).FORMAT_VERSION, "Hand")
        self.__init__(state["cards"])


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    examples = (("10D", "10S", "2C"), ("10D", "10S", "AC"), ("10D", "AS", "AC"))
    for texts in examples:
        hand = Hand(Card.from_notation(text) for text in texts)
        print(f"Hand {hand} has total value {hand.total}")
    hand = Hand(Card.from_notation(t) for t in ("10D", "4S", "10S", "2C", "6H", "3C"))
    copy = Hand(hand)
    print(f"A hand {hand} and a copy of it {copy}")
    print(f"  spades: {hand.count_suit(Suit.SPADES)}, tens: {hand.count_rank(Rank.TEN)},"
          f" has hearts: {hand.has_suit(Suit.HEARTS)}, total: {hand.total}")
    hand.sort()
    print(f"  sorted ascending: {hand}")
    hand.sort_by_rank()
    print(f"  sorted by rank:   {hand}")
    print(f"  remove 6♥: {hand.remove(Card(Rank.SIX, Suit.HEARTS))}; again: "
          f"{hand.remove(Card(Rank.SIX, Suit.HEARTS))}")
    print(f"  remove the first card: {hand.remove_at(0)}; now {hand}, total {hand.total}")
    hand.add_hand(Hand([Card(Rank.ACE, Suit.HEARTS)]))
    print(f"  after adding a hand holding A♥: {hand}, hearts: {hand.count_suit(Suit.HEARTS)}")
    print(f"  removing the copy's cards removes them all: {hand.remove_hand(copy)}, {hand}")


if __name__ == "__main__":
    main()
