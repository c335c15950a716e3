"""Ranks, suits and cards, with the three orders cards are sorted in.

A card is an immutable value: two cards of the same rank and suit are equal and hash
alike, so cards can be kept in sets and used as dictionary keys.

The *natural* order of cards (the one ``sorted`` and ``<`` use) is the descending order
of the course: suit by suit, spades first, then hearts, diamonds and clubs, and within a
suit from the Ace down to the Two.  So a sorted list starts with the highest card, and
``Card.max`` returns the first card of that order.  Two key functions give the other
orders: ``ascending_key`` (same suit order, ranks from the Two up) and ``rank_key`` (all
the Twos first, then the Threes, and so on).

Cards are pickled with a format version, ``Card.FORMAT_VERSION``; a card saved with
another version cannot be loaded (``check_format`` says why).  This version pickles a
card as its notation ("QS") beside the format version.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

FORMAT_KEY = "format"
"""The key under which a pickled card, deck or hand keeps its format version."""


class Suit(Enum):
    """The four suits, with the letter and symbol used to write them."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """str: The suit's letter in card notation: "C", "D", "H" or "S"."""
        return str(self.value)

    @property
    def symbol(self) -> str:
        """str: The suit's symbol: "♣", "♦", "♥" or "♠"."""
        return "♣♦♥♠"["CDHS".index(self.value)]

    @classmethod
    def random(cls, rng: random.Random) -> Suit:
        """Return a suit chosen at random by ``rng`` (one ``rng.choice(list(Suit))``).

        Args:
            rng: The random generator to draw from.

        Returns:
            The chosen suit.
        """
        suits = list(cls)
        return rng.choice(suits)


SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in the order cards are sorted by: spades first, clubs last."""


class Rank(Enum):
    """The thirteen ranks, from the Two up to the Ace; each member's value is its symbol."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    __hash__ = object.__hash__

    @property
    def points(self) -> int:
        """int: The rank's value: 2 to 10 for the number ranks, 10 for J, Q, K, 11 for A."""
        if self is Rank.ACE:
            return 11
        if self.value.isdigit():
            return int(self.value)
        return 10

    @property
    def symbol(self) -> str:
        """str: The rank as written in card notation: "2" to "10", "J", "Q", "K", "A"."""
        return str(self.value)

    @property
    def strength(self) -> int:
        """int: The rank's place in the order of strength: 0 for the Two to 12 for the Ace."""
        return list(Rank).index(self)

    def previous(self) -> Rank:
        """Return the rank just below this one, the Two wrapping round to the Ace."""
        ranks = list(Rank)
        return ranks[(ranks.index(self) + len(ranks) - 1) % len(ranks)]


RANKS: tuple[Rank, ...] = tuple(Rank)
"""The ranks from the weakest (Two) to the strongest (Ace)."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 52 cards, an immutable value ordered in the course's descending order.

    Attributes:
        rank: The card's rank.
        suit: The card's suit.
        FORMAT_VERSION: The format version written into a pickled card (100) and
            required of a card being loaded.
    """

    FORMAT_VERSION = 100

    rank: Rank
    suit: Suit
    _key: tuple[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        """Check the fields and work out the card's place in the natural order.

        Raises:
            TypeError: If ``rank`` is not a ``Rank`` or ``suit`` not a ``Suit``.
        """
        if type(self.rank) is not Rank:
            raise TypeError(f"{self.rank!r} is not a Rank")
        if type(self.suit) is not Suit:
            raise TypeError(f"{self.suit!r} is not a Suit")
        # The natural order: suit first (spades first), then the higher rank first.
        object.__setattr__(self, "_key", (SUIT_ORDER.index(self.suit), -self.rank.strength))

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit."""
        if isinstance(other, Card):
            return (self.rank, self.suit) == (other.rank, other.suit)
        return NotImplemented

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``."""
        return hash(self._key)

    def __lt__(self, other: Card) -> bool:
        """Return True if this card comes before ``other`` in the natural (descending) order."""
        if isinstance(other, Card):
            return self._key < other._key
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        """Return True if this card is ``other`` or comes before it in the natural order."""
        if isinstance(other, Card):
            return self._key <= other._key
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        """Return True if this card comes after ``other`` in the natural order."""
        if isinstance(other, Card):
            return self._key > other._key
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        """Return True if this card is ``other`` or comes after it in the natural order."""
        if isinstance(other, Card):
            return self._key >= other._key
        return NotImplemented

    @property
    def notation(self) -> str:
        """str: The rank's symbol then the suit's letter, e.g. "10D", "QS" or "AH"."""
        return f"{self.rank.symbol}{self.suit.letter}"

    def __str__(self) -> str:
        """Return the rank's symbol then the suit's symbol, e.g. "10♦" or "Q♠"."""
        return f"{self.rank.symbol}{self.suit.symbol}"

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation, case and surrounding whitespace ignored.

        Raises:
            ValueError: If ``text`` is not the notation of a card (the message repeats it).
        """
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a card's notation")
        word = text.strip().upper()
        for rank in Rank:
            for suit in Suit:
                if word == rank.symbol + suit.letter:
                    return cls(rank, suit)
        raise ValueError(f"{text!r} is not a card's notation")

    @staticmethod
    def max(cards: Iterable[Card]) -> Card:
        """Return the highest card: the one that comes first in the natural order.

        Raises:
            ValueError: If ``cards`` is empty.
        """
        walker = iter(cards)
        best = next(walker, None)
        if best is None:
            raise ValueError("no cards to take the highest of")
        while (card := next(walker, None)) is not None:
            if card < best:
                best = card
        return best

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version and the card's notation."""
        return {FORMAT_KEY: Card.FORMAT_VERSION, "card": self.notation}

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a card from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        check_format(state, Card.FORMAT_VERSION, "Card")
        card = Card.from_notation(str(state["card"]))
        object.__setattr__(self, "rank", card.rank)
        object.__setattr__(self, "suit", card.suit)
        object.__setattr__(self, "_key", card._key)


def ascending_key(card: Card) -> tuple[int, int]:
    """The sort key of the ascending order: suits as in the natural order, ranks upward."""
    return SUIT_ORDER.index(card.suit), card.rank.strength


def rank_key(card: Card) -> tuple[int, int]:
    """The sort key of the rank order: all Twos first, then Threes, up to the Aces."""
    return card.rank.strength, SUIT_ORDER.index(card.suit)


def full_deck() -> list[Card]:
    """Return the 52 cards in the natural order, from the Ace of Spades to the Two of Clubs."""
    return sorted(Card(rank, suit) for rank in Rank for suit in Suit)


def check_format(state: Mapping[str, object], expected: int, kind: str) -> None:
    """Check the format version kept in the state of a pickled card, deck or hand.

    Raises:
        pickle.UnpicklingError: If the state holds no format version or another one
            than ``expected`` (the message gives both).
    """
    try:
        found = state[FORMAT_KEY]
    except (KeyError, TypeError):
        found = None
    if found != expected:
        raise pickle.UnpicklingError(f"{kind} format {found} cannot be read: expected {expected}")


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    cards = [Card.from_notation(text) for text in ("10D", "4S", "10S", "2C", "6H", "3C")]
    print("Cards:", *cards)
    print("Natural order:", *sorted(cards))
    print("Ascending order:", *sorted(cards, key=ascending_key))
    print("Rank order:", *sorted(cards, key=rank_key))
    print("Highest:", Card.max(cards))
    print("Suit drawn with seed 1:", Suit.random(random.Random(1)).name)
    print("Pickled and loaded:", pickle.loads(pickle.dumps(cards[0])))


if __name__ == "__main__":
    main()
