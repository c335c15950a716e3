"""``CardPile`` and the three kinds of pile built on it.

* ``CardPile`` holds any number of cards, from the bottom card to the top card.
* ``LaydownPile`` is one of the eight numbered piles on the table.  Cards go on it in
  descending ranks of alternating colours (``card.can_follow``); piles 1 to 4 accept
  any card when empty, piles 5 to 8 only a King.  A pile 1 to 4 may be moved, whole,
  onto another pile.
* ``PlayerHand`` is a player's hand; it is shown sorted, highest card first.
* ``DrawPile`` is the stock: it is shuffled with a random generator given by the
  caller (never the global one) and it deals a round.

Every change that breaks a rule raises ``IllegalMove`` and leaves the piles as they were.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from .card import Card

PILE_COUNT = 8
"""The number of lay-down piles, numbered 1 to ``PILE_COUNT``."""

CORNER_PILES = range(5, PILE_COUNT + 1)
"""The numbers of the corner piles (5 to 8), which must have a King at the bottom."""

MOVABLE_PILES = range(1, 5)
"""The numbers of the piles that may be moved onto another pile (1 to 4)."""

HAND_SIZE = 7
"""The number of cards dealt to each player."""


class IllegalMove(ValueError):
    """A lay, a pile move or a draw that the rules refuse; the message says why."""


class CardPile:
    """An ordered pile of cards: the first card is at the bottom, the last on top."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        """Create a pile holding ``cards``, the bottom card first.

        The pile keeps a list of its own: what is later added to it or taken from it
        never changes ``cards``.

        Args:
            cards: The cards, bottom first; not checked against any rule.
        """
        raise NotImplementedError("CardPile.__init__ is yours to write in this phase")

    def __len__(self) -> int:
        """Return the number of cards in the pile."""
        raise NotImplementedError("CardPile.__len__ is yours to write in this phase")

    def __iter__(self) -> Iterator[Card]:
        """Iterate over the cards from the bottom to the top (of a copy: the pile may change)."""
        raise NotImplementedError("CardPile.__iter__ is yours to write in this phase")

    def __contains__(self, card: object) -> bool:
        """Return True if ``card`` is in the pile."""
        raise NotImplementedError("CardPile.__contains__ is yours to write in this phase")

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the cards, the bottom card first."""
        raise NotImplementedError("CardPile.cards is yours to write in this phase")

    @property
    def is_empty(self) -> bool:
        """bool: True when the pile holds no card."""
        raise NotImplementedError("CardPile.is_empty is yours to write in this phase")

    @property
    def top(self) -> Card | None:
        """Card | None: The card on top, or None when the pile is empty."""
        raise NotImplementedError("CardPile.top is yours to write in this phase")

    @property
    def bottom(self) -> Card | None:
        """Card | None: The card at the bottom, or None when the pile is empty."""
        raise NotImplementedError("CardPile.bottom is yours to write in this phase")

    def add(self, card: Card) -> None:
        """Put ``card`` on top of the pile, without checking any rule.

        Args:
            card: The card to add.
        """
        raise NotImplementedError("CardPile.add is yours to write in this phase")

    def remove(self, card: Card) -> Card:
        """Take ``card`` out of the pile, wherever it is; the others keep their order.

        Args:
            card: The card to take out.

        Returns:
            The card taken out.

        Raises:
            IllegalMove: If ``card`` is not in the pile (the message names it).
        """
        raise NotImplementedError("CardPile.remove is yours to write in this phase")

    def clear(self) -> tuple[Card, ...]:
        """Empty the pile.

        Returns:
            The cards it held, the bottom card first.
        """
        raise NotImplementedError("CardPile.clear is yours to write in this phase")

    def __str__(self) -> str:
        """Return the cards in notation from the bottom up, separated by spaces."""
        raise NotImplementedError("CardPile.__str__ is yours to write in this phase")


def accepts(number: int, top: Card | None, card: Card) -> bool:
    """Tell whether pile ``number``, whose top card is ``top``, accepts ``card``.

    A pile that is not empty accepts the card that ``can_follow`` its top card.  An
    empty pile 1 to 4 accepts any card; an empty pile 5 to 8 accepts only a King.

    Args:
        number: The pile's number, 1 to 8.
        top: The pile's top card, or None when the pile is empty.
        card: The card to lay.

    Returns:
        True if the card may be laid there.
    """
    raise NotImplementedError("accepts is yours to write in this phase")


class LaydownPile(CardPile):
    """One of the eight numbered lay-down piles on the table."""

    def __init__(self, number: int, cards: Iterable[Card] = ()) -> None:
        """Create pile ``number`` holding ``cards``, the bottom card first.

        Args:
            number: The pile's number, 1 to 8.
            cards: The cards, bottom first; they must obey the rules of the pile as if
                laid one by one (empty by default).

        Raises:
            ValueError: If ``number`` is not 1 to 8.
            IllegalMove: If the cards do not make a valid pile.
        """
        raise NotImplementedError("LaydownPile.__init__ is yours to write in this phase")

    @property
    def number(self) -> int:
        """int: The pile's number, 1 to 8."""
        raise NotImplementedError("LaydownPile.number is yours to write in this phase")

    @property
    def needs_king(self) -> bool:
        """bool: True for piles 5 to 8, whose bottom card must be a King."""
        raise NotImplementedError("LaydownPile.needs_king is yours to write in this phase")

    @property
    def is_movable(self) -> bool:
        """bool: True for piles 1 to 4, which may be moved onto another pile."""
        raise NotImplementedError("LaydownPile.is_movable is yours to write in this phase")

    def can_take(self, card: Card) -> bool:
        """Tell whether ``card`` may be laid on this pile (see ``accepts``)."""
        raise NotImplementedError("LaydownPile.can_take is yours to write in this phase")

    def lay(self, card: Card) -> None:
        """Lay ``card`` on top of this pile.

        Args:
            card: The card to lay.

        Raises:
            IllegalMove: If the pile refuses the card; the message names the card, the
                pile and the reason.
        """
        raise NotImplementedError("LaydownPile.lay is yours to write in this phase")

    def can_move_onto(self, other: LaydownPile) -> bool:
        """Tell whether this whole pile may be moved onto ``other``.

        Only a non-empty pile 1 to 4 moves, onto another pile that accepts its bottom
        card (``other.can_take(self.bottom)``).

        Args:
            other: The pile it would go on.

        Returns:
            True if the move is allowed.
        """
        raise NotImplementedError("LaydownPile.can_move_onto is yours to write in this phase")

    def move_onto(self, other: LaydownPile) -> None:
        """Move all the cards of this pile, in order, on top of ``other``; this pile ends empty.

        Args:
            other: The pile to move onto.

        Raises:
            IllegalMove: If ``can_move_onto(other)`` is False; the message says why.
        """
        raise NotImplementedError("LaydownPile.move_onto is yours to write in this phase")


class PlayerHand(CardPile):
    """The cards a player holds; shown sorted, the highest card first."""

    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards from the highest to the lowest (Card order reversed)."""
        raise NotImplementedError("PlayerHand.sorted_cards is yours to write in this phase")

    def add(self, card: Card) -> None:
        """Take ``card`` into the hand.

        Args:
            card: A dealt or drawn card.

        Raises:
            IllegalMove: If the hand already holds ``card``.
        """
        raise NotImplementedError("PlayerHand.add is yours to write in this phase")

    def __str__(self) -> str:
        """Return the sorted cards in notation, separated by spaces."""
        raise NotImplementedError("PlayerHand.__str__ is yours to write in this phase")


class DrawPile(CardPile):
    """The stock of cards still to be drawn; the last card of ``cards`` is on top."""

    @classmethod
    def standard(cls) -> DrawPile:
        """Return the 52 cards in standard order.

        Suit by suit in ``SUITS`` order, each from the Ace to the King, bottom first: the
        Ace of Clubs is at the bottom and the King of Spades on top.

        Returns:
            A new, unshuffled draw pile.
        """
        raise NotImplementedError("DrawPile.standard is yours to write in this phase")

    @classmethod
    def shuffled(cls, rng: random.Random) -> DrawPile:
        """Return the 52 cards in an order chosen by ``rng``.

        The recipe is fixed so that a seed always gives the same deal: take the cards
        of ``DrawPile.standard().cards`` as a list, call ``rng.shuffle`` on it exactly
        once, and build the pile from the list (its last card on top).

        Args:
            rng: The source of randomness, e.g. ``random.Random(seed)``.

        Returns:
            A new shuffled draw pile.
        """
        raise NotImplementedError("DrawPile.shuffled is yours to write in this phase")

    def draw(self) -> Card:
        """Take the top card off the pile.

        Returns:
            The card that was on top.

        Raises:
            IllegalMove: If the pile is empty.
        """
        raise NotImplementedError("DrawPile.draw is yours to write in this phase")

    def deal(self, first: PlayerHand, second: PlayerHand, piles: Sequence[LaydownPile]) -> None:
        """Deal a round from the top of this pile.

        One card at a time, alternately, ``first`` (the player who is not dealing)
        then ``second`` (the dealer), until each hand has ``HAND_SIZE`` more cards;
        then one card face up on each of ``piles``, in order.  With a full pile of 52,
        34 cards are left to draw.

        Args:
            first: The hand of the player who does not deal.
            second: The dealer's hand.
            piles: The piles that get one card each (the table's piles 1 to 4), empty.

        Raises:
            IllegalMove: If the pile runs out of cards.
        """
        raise NotImplementedError("DrawPile.deal is yours to write in this phase")
