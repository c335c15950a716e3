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
from functools import cache

from .card import RANKS, SUITS, Card, can_follow

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


@cache
def _standard_cards() -> tuple[Card, ...]:
    """The 52 cards in standard order (built once; cards are immutable)."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


class CardPile:
    """An ordered pile of cards: the first card is at the bottom, the last on top."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        """Create a pile holding ``cards``, the bottom card first.

        The pile keeps a list of its own: what is later added to it or taken from it
        never changes ``cards``.

        Args:
            cards: The cards, bottom first; not checked against any rule.
        """
        self._cards: list[Card] = list(cards)

    def __len__(self) -> int:
        """Return the number of cards in the pile."""
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        """Iterate over the cards from the bottom to the top (of a copy: the pile may change)."""
        return iter(self._cards.copy())

    def __contains__(self, card: object) -> bool:
        """Return True if ``card`` is in the pile."""
        return card in self._cards

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the cards, the bottom card first."""
        return tuple(self._cards)

    @property
    def is_empty(self) -> bool:
        """bool: True when the pile holds no card."""
        return not self._cards

    @property
    def top(self) -> Card | None:
        """Card | None: The card on top, or None when the pile is empty."""
        return self._cards[-1] if self._cards else None

    @property
    def bottom(self) -> Card | None:
        """Card | None: The card at the bottom, or None when the pile is empty."""
        return self._cards[0] if self._cards else None

    def add(self, card: Card) -> None:
        """Put ``card`` on top of the pile, without checking any rule.

        Args:
            card: The card to add.
        """
        self._cards.append(card)

    def remove(self, card: Card) -> Card:
        """Take ``card`` out of the pile, wherever it is; the others keep their order.

        Args:
            card: The card to take out.

        Returns:
            The card taken out.

        Raises:
            IllegalMove: If ``card`` is not in the pile (the message names it).
        """
        try:
            self._cards.remove(card)
        except ValueError:
            raise IllegalMove(f"{card} is not in the pile") from None
        return card

    def clear(self) -> tuple[Card, ...]:
        """Empty the pile.

        Returns:
            The cards it held, the bottom card first.
        """
        cards = tuple(self._cards)
        self._cards.clear()
        return cards

    def __str__(self) -> str:
        """Return the cards in notation from the bottom up, separated by spaces."""
        return " ".join(card.notation for card in self._cards)


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
    if top is not None:
        return can_follow(card, top)
    return number not in CORNER_PILES or card.is_king


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
        if not isinstance(number, int) or number not in range(1, PILE_COUNT + 1):
            raise ValueError(f"{number!r} is not a pile number: expected 1 to {PILE_COUNT}")
        super().__init__()
        self._number = number
        for card in cards:
            self.lay(card)

    @property
    def number(self) -> int:
        """int: The pile's number, 1 to 8."""
        return self._number

    @property
    def needs_king(self) -> bool:
        """bool: True for piles 5 to 8, whose bottom card must be a King."""
        return self._number in CORNER_PILES

    @property
    def is_movable(self) -> bool:
        """bool: True for piles 1 to 4, which may be moved onto another pile."""
        return self._number in MOVABLE_PILES

    def can_take(self, card: Card) -> bool:
        """Tell whether ``card`` may be laid on this pile (see ``accepts``)."""
        return accepts(self._number, self.top, card)

    def lay(self, card: Card) -> None:
        """Lay ``card`` on top of this pile.

        Args:
            card: The card to lay.

        Raises:
            IllegalMove: If the pile refuses the card; the message names the card, the
                pile and the reason.
        """
        if not self.can_take(card):
            raise IllegalMove(f"{card} cannot go on pile {self._number}: {self._refusal(card)}")
        self._cards.append(card)

    def _refusal(self, card: Card) -> str:
        """Why the pile refuses ``card`` (which it does)."""
        top = self.top
        if top is None:
            return "an empty pile 5 to 8 takes only a King"
        return f"the card on {top} must be one rank lower and of the other colour"

    def can_move_onto(self, other: LaydownPile) -> bool:
        """Tell whether this whole pile may be moved onto ``other``.

        Only a non-empty pile 1 to 4 moves, onto another pile that accepts its bottom
        card (``other.can_take(self.bottom)``).

        Args:
            other: The pile it would go on.

        Returns:
            True if the move is allowed.
        """
        bottom = self.bottom
        return (
            self.is_movable and bottom is not None and other is not self and other.can_take(bottom)
        )

    def move_onto(self, other: LaydownPile) -> None:
        """Move all the cards of this pile, in order, on top of ``other``; this pile ends empty.

        Args:
            other: The pile to move onto.

        Raises:
            IllegalMove: If ``can_move_onto(other)`` is False; the message says why.
        """
        if not self.can_move_onto(other):
            raise IllegalMove(
                f"pile {self._number} cannot be moved onto pile "
                f"{other.number}: {self._move_refusal(other)}"
            )
        other._cards.extend(self._cards)
        self._cards.clear()

    def _move_refusal(self, other: LaydownPile) -> str:
        """Why this pile cannot be moved onto ``other`` (which it cannot)."""
        if not self.is_movable:
            return "only piles 1 to 4 can be moved"
        if self.is_empty:
            return "it is empty"
        if other is self:
            return "a pile cannot be moved onto itself"
        return other._refusal(self._cards[0])


class PlayerHand(CardPile):
    """The cards a player holds; shown sorted, the highest card first."""

    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards from the highest to the lowest (Card order reversed)."""
        return tuple(sorted(self._cards, reverse=True))

    def add(self, card: Card) -> None:
        """Take ``card`` into the hand.

        Args:
            card: A dealt or drawn card.

        Raises:
            IllegalMove: If the hand already holds ``card``.
        """
        if card in self._cards:
            raise IllegalMove(f"the hand already holds {card}")
        self._cards.append(card)

    def __str__(self) -> str:
        """Return the sorted cards in notation, separated by spaces."""
        return " ".join(card.notation for card in self.sorted_cards)


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
        return cls(_standard_cards())

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
        cards = list(_standard_cards())
        rng.shuffle(cards)
        return cls(cards)

    def draw(self) -> Card:
        """Take the top card off the pile.

        Returns:
            The card that was on top.

        Raises:
            IllegalMove: If the pile is empty.
        """
        if not self._cards:
            raise IllegalMove("the draw pile is empty")
        return self._cards.pop()

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
        for _ in range(HAND_SIZE):
            first.add(self.draw())
            second.add(self.draw())
        for pile in piles:
            pile.add(self.draw())
