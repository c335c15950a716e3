"""The table of a round: the eight lay-down piles and the draw pile, and the moves.

Every change to a round goes through ``Table.apply`` (or its three shortcuts ``lay``,
``move`` and ``draw``), which checks the move against the rules and records it in
``Table.moves``.  A ``Move`` is a small value with a one-line notation, the same one
a person types at the console: ``L 7H 3`` (lay the Seven of Hearts on pile 3),
``M 1 5`` (move pile 1 onto pile 5) and ``D`` (draw a card).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .card import Card
from .piles import PILE_COUNT, DrawPile, IllegalMove, LaydownPile, PlayerHand

LAY = "L"
"""The kind of a move that lays a card from the hand on a pile."""

MOVE = "M"
"""The kind of a move that moves a whole pile onto another pile."""

DRAW = "D"
"""The kind of a move that draws the top card of the draw pile."""


class Move(NamedTuple):
    """One move of a turn, an immutable value.

    Attributes:
        kind: ``LAY``, ``MOVE`` or ``DRAW``.
        card: The card laid (a lay), otherwise None.
        source: The pile moved (a pile move), otherwise None.
        target: The pile laid or moved onto (a lay or a pile move), otherwise None.
    """

    kind: str
    card: Card | None = None
    source: int | None = None
    target: int | None = None

    @classmethod
    def lay(cls, card: Card, target: int) -> Move:
        """Return the move that lays ``card`` on pile ``target``."""
        return cls(LAY, card, None, target)

    @classmethod
    def pile(cls, source: int, target: int) -> Move:
        """Return the move that moves pile ``source`` onto pile ``target``."""
        return cls(MOVE, None, source, target)

    @classmethod
    def draw(cls) -> Move:
        """Return the move that draws a card."""
        return cls(DRAW)

    @property
    def notation(self) -> str:
        """str: ``L <card> <pile>``, ``M <pile> <pile>`` or ``D``, e.g. "L 7H 3"."""
        if self.kind == LAY:
            return f"{LAY} {self.card} {self.target}"
        if self.kind == MOVE:
            return f"{MOVE} {self.source} {self.target}"
        return DRAW

    @classmethod
    def from_notation(cls, text: str) -> Move:
        """Read a move written as ``notation`` writes it (case and spacing are free).

        Args:
            text: e.g. "L 7H 3", "m 1 5" or "D".

        Returns:
            The move.

        Raises:
            ValueError: If ``text`` is not a move's notation.
        """
        words = text.split() if isinstance(text, str) else []
        kind = words[0].upper() if words else ""
        try:
            if kind == LAY and len(words) == 3:
                return cls.lay(Card.from_notation(words[1]), int(words[2]))
            if kind == MOVE and len(words) == 3:
                return cls.pile(int(words[1]), int(words[2]))
        except ValueError:
            pass
        if kind == DRAW and len(words) == 1:
            return cls.draw()
        raise ValueError(f"{text!r} is not a move: expected e.g. 'L 7H 3', 'M 1 5' or 'D'")

    def __str__(self) -> str:
        """Return the notation."""
        return self.notation


class Table:
    """The lay-down piles and the draw pile of one round, and the moves made on them."""

    def __init__(
        self, draw_pile: DrawPile | None = None, piles: Iterable[LaydownPile] | None = None
    ) -> None:
        """Set up a table.

        Args:
            draw_pile: The stock; an empty ``DrawPile`` when None.
            piles: The eight lay-down piles, numbered 1 to 8 in order; eight new empty
                piles when None.

        Raises:
            ValueError: If ``piles`` are not eight piles numbered 1 to 8 in order.
        """
        self._draw_pile = DrawPile() if draw_pile is None else draw_pile
        if piles is None:
            piles = [LaydownPile(number) for number in range(1, PILE_COUNT + 1)]
        self._piles = tuple(piles)
        numbers = [pile.number for pile in self._piles]
        if numbers != list(range(1, PILE_COUNT + 1)):
            raise ValueError(f"expected piles numbered 1 to {PILE_COUNT}, got {numbers}")
        self._moves: list[Move] = []

    @property
    def piles(self) -> tuple[LaydownPile, ...]:
        """tuple[LaydownPile, ...]: The eight lay-down piles, pile 1 first."""
        return self._piles

    def pile(self, number: int) -> LaydownPile:
        """Return lay-down pile ``number``.

        Args:
            number: 1 to 8.

        Raises:
            IllegalMove: If ``number`` is not an int from 1 to 8.
        """
        if not isinstance(number, int) or not 1 <= number <= PILE_COUNT:
            raise IllegalMove(f"{number!r} is not a pile: use a number from 1 to {PILE_COUNT}")
        return self._piles[number - 1]

    @property
    def draw_pile(self) -> DrawPile:
        """DrawPile: The stock."""
        return self._draw_pile

    @property
    def moves(self) -> tuple[Move, ...]:
        """tuple[Move, ...]: Every move applied to this table, in order."""
        return tuple(self._moves)

    def is_legal(self, hand: PlayerHand, move: Move) -> bool:
        """Tell whether ``apply(hand, move)`` would succeed.

        Args:
            hand: The hand of the player who moves.
            move: The move.

        Returns:
            True if the move is allowed now.
        """
        kind = move.kind
        if kind == LAY:
            return (
                move.card in hand
                and move.target in range(1, PILE_COUNT + 1)
                and self._piles[move.target - 1].can_take(move.card)
            )
        if kind == MOVE:
            numbers = range(1, PILE_COUNT + 1)
            return (
                move.source in numbers
                and move.target in numbers
                and self._piles[move.source - 1].can_move_onto(self._piles[move.target - 1])
            )
        return kind == DRAW and not self._draw_pile.is_empty

    def apply(self, hand: PlayerHand, move: Move) -> Card | None:
        """Make ``move`` for the player holding ``hand`` and record it in ``moves``.

        Args:
            hand: The hand of the player who moves.
            move: A lay (the card leaves the hand for the pile), a pile move (the whole
                pile goes on top of the target pile) or a draw (the top card of the
                draw pile goes into the hand).

        Returns:
            The card drawn for a draw, otherwise None.

        Raises:
            IllegalMove: If the move is not allowed, or its kind is not ``LAY``, ``MOVE``
                or ``DRAW``; the message says why, and the table and the hand are
                unchanged.
        """
        if move.kind == LAY:
            pile = self.pile(move.target)
            if move.card not in hand:
                raise IllegalMove(f"{move.card} is not in the hand")
            pile.lay(move.card)
            hand.remove(move.card)
            drawn = None
        elif move.kind == MOVE:
            self.pile(move.source).move_onto(self.pile(move.target))
            drawn = None
        elif move.kind == DRAW:
            drawn = self._draw_pile.draw()
            hand.add(drawn)
        else:
            raise IllegalMove(f"{move.kind!r} is not a kind of move: expected L, M or D")
        self._moves.append(move)
        return drawn

    def lay(self, hand: PlayerHand, card: Card, number: int) -> None:
        """Lay ``card`` from ``hand`` on pile ``number`` (``apply`` of ``Move.lay``)."""
        self.apply(hand, Move.lay(card, number))

    def move(self, source: int, target: int) -> None:
        """Move pile ``source`` onto pile ``target`` (``apply`` of ``Move.pile``)."""
        self.apply(PlayerHand(), Move.pile(source, target))

    def draw(self, hand: PlayerHand) -> Card:
        """Draw the top card into ``hand`` (``apply`` of ``Move.draw``) and return it."""
        return self.apply(hand, Move.draw())

    def __str__(self) -> str:
        """Return the eight lines ``Pile N: <cards bottom first>`` (see ``pile_lines``)."""
        return "\n".join(pile_lines(self))


def pile_line(pile: LaydownPile) -> str:
    """Return ``Pile N:`` followed by the pile's cards, bottom first, each after a space.

    For example ``Pile 1: 8S 7H 6C`` and, for an empty pile, ``Pile 7:``.
    """
    return " ".join([f"Pile {pile.number}:", *(card.notation for card in pile.cards)])


def pile_lines(table: Table) -> list[str]:
    """Return the ``pile_line`` of each of the eight piles, pile 1 first."""
    return [pile_line(pile) for pile in table.piles]
