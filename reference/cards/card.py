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
another version cannot be loaded (``check_format`` says why).
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

    # Identity hashing, in C: an Enum's own __hash__ is written in Python, and hands and
    # strategies look suits up in dictionaries at every card played.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """str: The suit's letter in card notation: "C", "D", "H" or "S"."""
        return self.value

    @property
    def symbol(self) -> str:
        """str: The suit's symbol: "♣", "♦", "♥" or "♠"."""
        return _SUIT_SYMBOLS[self]

    @classmethod
    def random(cls, rng: random.Random) -> Suit:
        """Return a suit chosen at random by ``rng``.

        The recipe is fixed, so that a seed always gives the same suit: one call of
        ``rng.choice(list(Suit))`` (the suits in the order CLUBS, DIAMONDS, HEARTS,
        SPADES).

        Args:
            rng: The random generator to draw from.

        Returns:
            The chosen suit.
        """
        return rng.choice(list(cls))


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in the order cards are sorted by: spades first, clubs last."""


class Rank(Enum):
    """The thirteen ranks, from the Two up to the Ace; each member's value is its symbol.

    A rank is worth its number from the Two to the Ten; the Jack, Queen and King are
    each worth 10 and the Ace 11 (``Rank.points``).  The order of strength follows the
    order of the members, the Ace highest.
    """

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

    __hash__ = object.__hash__  # identity hashing in C, as for Suit

    @property
    def points(self) -> int:
        """int: The rank's value: 2 to 10 for the number ranks, 10 for J, Q, K, 11 for A."""
        return _RANK_POINTS[self]

    @property
    def symbol(self) -> str:
        """str: The rank as written in card notation: "2" to "10", "J", "Q", "K", "A"."""
        return self.value

    @property
    def strength(self) -> int:
        """int: The rank's place in the order of strength: 0 for the Two to 12 for the Ace."""
        return _RANK_STRENGTH[self]

    def previous(self) -> Rank:
        """Return the rank just below this one, the Two wrapping round to the Ace.

        Returns:
            ``Rank.THREE`` for ``Rank.FOUR``; ``Rank.ACE`` for ``Rank.TWO``.
        """
        return RANKS[self.strength - 1]


RANKS: tuple[Rank, ...] = tuple(Rank)
"""The ranks from the weakest (Two) to the strongest (Ace)."""

_RANK_STRENGTH = {rank: index for index, rank in enumerate(RANKS)}
_RANK_POINTS = {
    rank: 11 if rank is Rank.ACE else min(10, index + 2) for rank, index in _RANK_STRENGTH.items()
}
_SUIT_PLACE = {suit: index for index, suit in enumerate(SUIT_ORDER)}
_SUIT_BY_LETTER = {suit.letter: suit for suit in Suit}
_RANK_BY_SYMBOL = {rank.symbol: rank for rank in Rank}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 52 cards, an immutable value ordered in the course's descending order.

    ``card_a < card_b`` is True when ``card_a`` comes before ``card_b`` in the natural
    order: an earlier suit in ``SUIT_ORDER``, or the same suit and a higher rank.  So
    ``sorted(cards)`` lists the cards from the highest (the Ace of Spades) to the lowest
    (the Two of Clubs).

    Attributes:
        rank: The card's rank.
        suit: The card's suit.
        FORMAT_VERSION: The format version written into a pickled card (100) and
            required of a card being loaded.
    """

    FORMAT_VERSION = 100

    rank: Rank
    suit: Suit
    _order: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the fields and work out the card's place in the natural order.

        Raises:
            TypeError: If ``rank`` is not a ``Rank`` or ``suit`` not a ``Suit`` (the
                message repeats the value).
        """
        if not isinstance(self.rank, Rank):
            raise TypeError(f"rank must be a Rank, not {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise TypeError(f"suit must be a Suit, not {self.suit!r}")
        place = _SUIT_PLACE[self.suit] * len(RANKS) + (len(RANKS) - 1 - self.rank.strength)
        object.__setattr__(self, "_order", place)

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit."""
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank is other.rank and self.suit is other.suit

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``."""
        return hash((self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        """Return True if this card comes before ``other`` in the natural (descending) order."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._order < other._order

    def __le__(self, other: Card) -> bool:
        """Return True if this card is ``other`` or comes before it in the natural order."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._order <= other._order

    def __gt__(self, other: Card) -> bool:
        """Return True if this card comes after ``other`` in the natural order."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._order > other._order

    def __ge__(self, other: Card) -> bool:
        """Return True if this card is ``other`` or comes after it in the natural order."""
        if not isinstance(other, Card):
            return NotImplemented
        return self._order >= other._order

    @property
    def notation(self) -> str:
        """str: The rank's symbol then the suit's letter, e.g. "10D", "QS" or "AH"."""
        return self.rank.symbol + self.suit.letter

    def __str__(self) -> str:
        """Return the rank's symbol then the suit's symbol, e.g. "10♦" or "Q♠"."""
        return self.rank.symbol + self.suit.symbol

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card written in notation, the inverse of ``notation``.

        Case and surrounding whitespace are ignored: "qs", " QS " and "Qs" all give
        the Queen of Spades.

        Args:
            text: A rank symbol ("2" to "10", "J", "Q", "K", "A") then a suit letter.

        Returns:
            The card written in ``text``.

        Raises:
            ValueError: If ``text`` is not the notation of a card (the message repeats it).
        """
        cleaned = text.strip().upper() if isinstance(text, str) else ""
        rank, suit = _RANK_BY_SYMBOL.get(cleaned[:-1]), _SUIT_BY_LETTER.get(cleaned[-1:])
        if rank is None or suit is None:
            raise ValueError(f"not a card notation: {text!r} (expected e.g. 'QS' or '10h')")
        return cls(rank, suit)

    @staticmethod
    def max(cards: Iterable[Card]) -> Card:
        """Return the highest card: the one that comes first in the natural order.

        The cards are walked once with an explicit iterator (``iter`` and ``next``).

        Args:
            cards: One card or more.

        Returns:
            The card ``c`` with ``c <= other`` for every other card given.

        Raises:
            ValueError: If ``cards`` is empty.
        """
        iterator = iter(cards)
        try:
            best = next(iterator)
        except StopIteration:
            raise ValueError("Card.max() needs at least one card") from None
        for card in iterator:
            if card < best:
                best = card
        return best

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version, the rank and the suit."""
        return {FORMAT_KEY: type(self).FORMAT_VERSION, "rank": self.rank, "suit": self.suit}

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a card from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        check_format(state, type(self).FORMAT_VERSION, "Card")
        object.__setattr__(self, "rank", state["rank"])
        object.__setattr__(self, "suit", state["suit"])
        self.__post_init__()


def ascending_key(card: Card) -> tuple[int, int]:
    """The sort key of the ascending order: suits as in the natural order, ranks upward.

    ``sorted(cards, key=ascending_key)`` lists spades first (Two to Ace), then hearts,
    diamonds and clubs.

    Returns:
        The pair (place of the suit in ``SUIT_ORDER``, strength of the rank).
    """
    return _SUIT_PLACE[card.suit], card.rank.strength


def rank_key(card: Card) -> tuple[int, int]:
    """The sort key of the rank order: all Twos first, then Threes, up to the Aces.

    Cards of one rank follow ``SUIT_ORDER`` (spades first), so the order is total.

    Returns:
        The pair (strength of the rank, place of the suit in ``SUIT_ORDER``).
    """
    return card.rank.strength, _SUIT_PLACE[card.suit]


def full_deck() -> list[Card]:
    """Return the 52 cards in the natural order, from the Ace of Spades to the Two of Clubs.

    Returns:
        A new list of the 52 cards.
    """
    return list(_FULL_DECK)


_FULL_DECK = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in reversed(RANKS))
"""The 52 cards, made once: cards are immutable, and every new deck needs them."""


def check_format(state: Mapping[str, object], expected: int, kind: str) -> None:
    """Check the format version kept in the state of a pickled card, deck or hand.

    Args:
        state: The state read from the pickle.
        expected: The format version of the class loading it.
        kind: The class's name, for the message.

    Raises:
        pickle.UnpicklingError: If the state holds no format version or another one
            than ``expected`` (the message gives both).
    """
    found = state.get(FORMAT_KEY) if isinstance(state, Mapping) else None
    if found != expected:
        raise pickle.UnpicklingError(
            f"cannot load this {kind}: it was saved in format {found!r}, "
            f"and this {kind} reads format {expected}"
        )


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    rng = random.Random(2015)
    print("Ranks, their values and the rank before each:")
    for rank in RANKS:
        print(f"  {rank.name:<5} value {rank.points:>2}, previous {rank.previous().name}")
    print(f"A random suit: {Suit.random(rng).name}")
    cards = [Card.from_notation(text) for text in ("10D", "4S", "10S", "2C", "6H", "3C")]
    print("Cards:", ", ".join(map(str, cards)))
    print("  rank and suit of the first:", cards[0].rank.name, cards[0].suit.name)
    print("Descending (natural) order:", ", ".join(map(str, sorted(cards))))
    print("Ascending order:           ", ", ".join(map(str, sorted(cards, key=ascending_key))))
    print("Rank order:                ", ", ".join(map(str, sorted(cards, key=rank_key))))
    print("Highest card (Card.max):", Card.max(cards))
    restored = pickle.loads(pickle.dumps(cards[0]))
    print(f"Pickled and loaded again: {restored}, equal: {restored == cards[0]}")


if __name__ == "__main__":
    main()
