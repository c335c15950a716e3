"""Cards, their ranks, suits and colours, and the rule of a descending sequence.

A card is an immutable value: two cards with the same rank and suit are equal and hash
alike.  Ranks and suits are one-character strings rather than enumerations, because
they are exactly the two characters of the card notation the course uses ("7H" is the
Seven of Hearts, "TC" the Ten of Clubs, "KS" the King of Spades).

Only colour matters in this game, never the order of the suits; the suit order is used
only to sort cards for display.  ``can_follow`` is the one rule every pile obeys.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = "A23456789TJQK"
"""The thirteen ranks, from the lowest (Ace) to the highest (King)."""

SUITS = "CDHS"
"""The four suits in their order: Clubs, Diamonds, Hearts, Spades."""

RED_SUITS = "DH"
"""The red suits (Diamonds and Hearts); Clubs and Spades are black."""

KING = "K"
"""The rank of a King, the only card an empty pile 5 to 8 accepts."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the standard deck, an immutable value.

    Cards are ordered by rank (Ace lowest, King highest), then by suit (Clubs,
    Diamonds, Hearts, Spades), so ``sorted`` gives a fixed order.  Two cards are equal
    when they have the same rank and suit, and equal cards hash alike.

    Attributes:
        rank: One of ``RANKS``, e.g. "7" or "T".
        suit: One of ``SUITS``, e.g. "H".
        value: The rank as a number, from 1 (Ace) to 13 (King).
        is_red: True for Diamonds and Hearts, False for Clubs and Spades.
        is_king: True when the rank is ``KING``.

    ``value``, ``is_red`` and ``is_king`` are worked out once, when the card is made, because every
    lay and every step of the computer's turn compares them.
    """

    rank: str
    suit: str
    value: int = field(init=False, repr=False, compare=False)
    is_red: bool = field(init=False, repr=False, compare=False)
    is_king: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Check the rank and suit, then work out ``value``, ``is_red`` and ``is_king``.

        Raises:
            ValueError: If ``rank`` is not one of ``RANKS`` or ``suit`` not one of
                ``SUITS`` (the message repeats the wrong value).
        """
        raise NotImplementedError("Card.__post_init__ is yours to write in this phase")

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """Read a card from its two characters, rank then suit, in either case.

        Whitespace around the text is ignored: "7h", " 7H " and "7H" are all the Seven
        of Hearts.

        Args:
            text: The notation, e.g. "QS" or "td".

        Returns:
            The card written in ``text``.

        Raises:
            ValueError: If ``text`` is not two characters, a rank then a suit (the
                message repeats the text).
        """
        raise NotImplementedError("Card.from_notation is yours to write in this phase")

    @property
    def notation(self) -> str:
        """str: The two characters in upper case, rank then suit, e.g. "7H"."""
        raise NotImplementedError("Card.notation is yours to write in this phase")

    @property
    def color(self) -> str:
        """str: "red" or "black"."""
        raise NotImplementedError("Card.color is yours to write in this phase")

    def __str__(self) -> str:
        """Return the notation, e.g. "7H"."""
        raise NotImplementedError("Card.__str__ is yours to write in this phase")

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a card of the same rank and suit.

        Returns:
            ``NotImplemented`` when ``other`` is not a ``Card``.
        """
        raise NotImplementedError("Card.__eq__ is yours to write in this phase")

    def __hash__(self) -> int:
        """Return a hash that agrees with ``==``: that of the pair (rank, suit)."""
        raise NotImplementedError("Card.__hash__ is yours to write in this phase")

    def __lt__(self, other: Card) -> bool:
        """Return True if this card sorts before ``other`` (lower rank, or earlier suit)."""
        raise NotImplementedError("Card.__lt__ is yours to write in this phase")

    def __le__(self, other: Card) -> bool:
        """Return True if this card sorts before ``other`` or equals it."""
        raise NotImplementedError("Card.__le__ is yours to write in this phase")

    def __gt__(self, other: Card) -> bool:
        """Return True if this card sorts after ``other``."""
        raise NotImplementedError("Card.__gt__ is yours to write in this phase")

    def __ge__(self, other: Card) -> bool:
        """Return True if this card sorts after ``other`` or equals it."""
        raise NotImplementedError("Card.__ge__ is yours to write in this phase")


def can_follow(card: Card, top: Card) -> bool:
    """Tell whether ``card`` may be laid on ``top`` in a lay-down pile.

    The card must be exactly one rank lower than ``top`` and of the other colour: a
    black Seven goes on a red Eight, and nothing goes on an Ace.

    Args:
        card: The card to lay.
        top: The card it would cover.

    Returns:
        True if ``card`` continues the descending, alternating sequence.
    """
    raise NotImplementedError("can_follow is yours to write in this phase")
