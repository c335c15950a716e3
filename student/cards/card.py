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

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
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
        raise NotImplementedError("Suit.letter is yours to write in this phase")

    @property
    def symbol(self) -> str:
        """str: The suit's symbol: "♣", "♦", "♥" or "♠"."""
        raise NotImplementedError("Suit.symbol is yours to write in this phase")

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
        raise NotImplementedError("Suit.random is yours to write in this phase")


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
        raise NotImplementedError("Rank.points is yours to write in this phase")

    @property
    def symbol(self) -> str:
        """str: The rank as written in card notation: "2" to "10", "J", "Q", "K", "A"."""
        raise NotImplementedError("Rank.symbol is yours to write in this phase")

    @property
    def strength(self) -> int:
        """int: The rank's place in the order of strength: 0 for the Two to 12 for the Ace."""
        raise NotImplementedError("Rank.strength is yours to write in this phase")

    def previous(self) -> Rank:
        """Return the rank just below this one, the Two wrapping round to the Ace.

        Returns:
            ``Rank.THREE`` for ``Rank.FOUR``; ``Rank.ACE`` for ``Rank.TWO``.
        """
        raise NotImplementedError("Rank.previous is yours to write in this phase")


RANKS: tuple[Rank, ...] = tuple(Rank)
"""The ranks from the weakest (Two) to the strongest (Ace)."""


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

    def __post_init__(self) -> None:
        """Check the fields and work out the card's place in the natural order.

        Raises:
            TypeError: If ``rank`` is not a ``Rank`` or ``suit`` not a ``Suit`` (the
                message repeats the value).
        """
        raise NotImplementedError("Card.__post_init__ is yours to write in this phase")

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit."""
        raise NotImplementedError("Card.__eq__ is yours to write in this phase")

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``."""
        raise NotImplementedError("Card.__hash__ is yours to write in this phase")

    def __lt__(self, other: Card) -> bool:
        """Return True if this card comes before ``other`` in the natural (descending) order."""
        raise NotImplementedError("Card.__lt__ is yours to write in this phase")

    def __le__(self, other: Card) -> bool:
        """Return True if this card is ``other`` or comes before it in the natural order."""
        raise NotImplementedError("Card.__le__ is yours to write in this phase")

    def __gt__(self, other: Card) -> bool:
        """Return True if this card comes after ``other`` in the natural order."""
        raise NotImplementedError("Card.__gt__ is yours to write in this phase")

    def __ge__(self, other: Card) -> bool:
        """Return True if this card is ``other`` or comes after it in the natural order."""
        raise NotImplementedError("Card.__ge__ is yours to write in this phase")

    @property
    def notation(self) -> str:
        """str: The rank's symbol then the suit's letter, e.g. "10D", "QS" or "AH"."""
        raise NotImplementedError("Card.notation is yours to write in this phase")

    def __str__(self) -> str:
        """Return the rank's symbol then the suit's symbol, e.g. "10♦" or "Q♠"."""
        raise NotImplementedError("Card.__str__ is yours to write in this phase")

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
        raise NotImplementedError("Card.from_notation is yours to write in this phase")

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
        raise NotImplementedError("Card.max is yours to write in this phase")

    def __getstate__(self) -> dict[str, object]:
        """Return the state pickled: the format version, the rank and the suit."""
        raise NotImplementedError("Card.__getstate__ is yours to write in this phase")

    def __setstate__(self, state: Mapping[str, object]) -> None:
        """Restore a card from pickled state, after checking its format version.

        Raises:
            pickle.UnpicklingError: If the state was saved with another format version.
        """
        raise NotImplementedError("Card.__setstate__ is yours to write in this phase")


def ascending_key(card: Card) -> tuple[int, int]:
    """The sort key of the ascending order: suits as in the natural order, ranks upward.

    ``sorted(cards, key=ascending_key)`` lists spades first (Two to Ace), then hearts,
    diamonds and clubs.

    Returns:
        The pair (place of the suit in ``SUIT_ORDER``, strength of the rank).
    """
    raise NotImplementedError("ascending_key is yours to write in this phase")


def rank_key(card: Card) -> tuple[int, int]:
    """The sort key of the rank order: all Twos first, then Threes, up to the Aces.

    Cards of one rank follow ``SUIT_ORDER`` (spades first), so the order is total.

    Returns:
        The pair (strength of the rank, place of the suit in ``SUIT_ORDER``).
    """
    raise NotImplementedError("rank_key is yours to write in this phase")


def full_deck() -> list[Card]:
    """Return the 52 cards in the natural order, from the Ace of Spades to the Two of Clubs.

    Returns:
        A new list of the 52 cards.
    """
    raise NotImplementedError("full_deck is yours to write in this phase")


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
    raise NotImplementedError("check_format is yours to write in this phase")


def main() -> None:
    """Show every part of this module at work, with a line of explanation for each."""
    raise NotImplementedError("main is yours to write in this phase")


if __name__ == "__main__":
    main()
