"""Hand written from the docstrings, its suit counts kept in a Counter."""

from __future__ import annotations

from collections import Counter

from .card import Card, Rank, Suit, ascending_key, check_format, rank_key


class Hand:
    """Cards in the order added, with suit counts and total kept up to date."""

    FORMAT_VERSION = 300

    def __init__(self, cards=()) -> None:
        """An empty hand, or one holding the given cards (or another hand's)."""
        self._cards = []
        self._counts = Counter()
        self._total = 0
        self.add_cards(cards)

    def _count(self, card: Card, sign: int) -> None:
        self._counts[card.suit] += sign
        self._total += sign * card.rank.points

    def add(self, card: Card) -> None:
        """Add one card."""
        if not isinstance(card, Card):
            raise TypeError(f"not a card: {card!r}")
        self._cards.append(card)
        self._count(card, 1)

    def add_cards(self, cards) -> None:
        """Add each card."""
        for card in list(cards):
            self.add(card)

    def add_hand(self, hand: Hand) -> None:
        """Add another hand's cards."""
        self.add_cards(list(hand))

    def remove(self, card: Card) -> bool:
        """Remove one copy; True if it was there."""
        for position, held in enumerate(self._cards):
            if held == card:
                self.remove_at(position)
                return True
        return False

    def remove_hand(self, hand: Hand) -> bool:
        """Remove each card of another hand; True if all were there."""
        missing = 0
        for card in list(hand):
            if not self.remove(card):
                missing += 1
        return missing == 0

    def remove_at(self, position: int) -> Card:
        """Remove and return the card at position."""
        card = self._cards[position]
        del self._cards[position]
        self._count(card, -1)
        return card

    @property
    def total(self) -> int:
        """The total value."""
        return self._total

    def count_suit(self, suit: Suit) -> int:
        """Cards of the suit."""
        return self._counts[suit]

    def count_rank(self, rank: Rank) -> int:
        """Cards of the rank."""
        return [card.rank for card in self._cards].count(rank)

    def has_suit(self, suit: Suit) -> bool:
        """Any card of the suit."""
        return self._counts[suit] != 0

    def sort(self) -> None:
        """Ascending order."""
        self._cards = sorted(self._cards, key=ascending_key)

    def sort_by_rank(self) -> None:
        """Rank order."""
        self._cards = sorted(self._cards, key=rank_key)

    def __len__(self) -> int:
        """Number of cards."""
        return len(self._cards)

    def __iter__(self):
        """Cards in order."""
        return iter(list(self._cards))

    def __contains__(self, card) -> bool:
        """Whether the card is held."""
        return any(card == held for held in self._cards)

    def __getitem__(self, position: int) -> Card:
        """The card at position."""
        return self._cards[position]

    def __str__(self) -> str:
        """<c1, c2>."""
        return "<{}>".format(", ".join(str(card) for card in self._cards))

    def __repr__(self) -> str:
        """Hand(c1 c2), in notation."""
        return "Hand({})".format(" ".join(card.notation for card in self._cards))

    def __getstate__(self):
        """Version and cards."""
        return {"format": type(self).FORMAT_VERSION, "cards": self._cards}

    def __setstate__(self, state):
        """Check the version, then rebuild."""
        check_format(state, type(self).FORMAT_VERSION, "Hand")
        self.__init__(state["cards"])
