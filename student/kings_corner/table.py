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
from .piles import DrawPile, LaydownPile, PlayerHand

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
        raise NotImplementedError("Move.lay is yours to write in this phase")

    @classmethod
    def pile(cls, source: int, target: int) -> Move:
        """Return the move that moves pile ``source`` onto pile ``target``."""
        raise NotImplementedError("Move.pile is yours to write in this phase")

    @classmethod
    def draw(cls) -> Move:
        """Return the move that draws a card."""
        raise NotImplementedError("Move.draw is yours to write in this phase")

    @property
    def notation(self) -> str:
        """str: ``L <card> <pile>``, ``M <pile> <pile>`` or ``D``, e.g. "L 7H 3"."""
        raise NotImplementedError("Move.notation is yours to write in this phase")

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
        raise NotImplementedError("Move.from_notation is yours to write in this phase")

    def __str__(self) -> str:
        """Return the notation."""
        raise NotImplementedError("Move.__str__ is yours to write in this phase")


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
        raise NotImplementedError("Table.__init__ is yours to write in this phase")

    @property
    def piles(self) -> tuple[LaydownPile, ...]:
        """tuple[LaydownPile, ...]: The eight lay-down piles, pile 1 first."""
        raise NotImplementedError("Table.piles is yours to write in this phase")

    def pile(self, number: int) -> LaydownPile:
        """Return lay-down pile ``number``.

        Args:
            number: 1 to 8.

        Raises:
            IllegalMove: If ``number`` is not an int from 1 to 8.
        """
        raise NotImplementedError("Table.pile is yours to write in this phase")

    @property
    def draw_pile(self) -> DrawPile:
        """DrawPile: The stock."""
        raise NotImplementedError("Table.draw_pile is yours to write in this phase")

    @property
    def moves(self) -> tuple[Move, ...]:
        """tuple[Move, ...]: Every move applied to this table, in order."""
        raise NotImplementedError("Table.moves is yours to write in this phase")

    def is_legal(self, hand: PlayerHand, move: Move) -> bool:
        """Tell whether ``apply(hand, move)`` would succeed.

        Args:
            hand: The hand of the player who moves.
            move: The move.

        Returns:
            True if the move is allowed now.
        """
        raise NotImplementedError("Table.is_legal is yours to write in this phase")

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
        raise NotImplementedError("Table.apply is yours to write in this phase")

    def lay(self, hand: PlayerHand, card: Card, number: int) -> None:
        """Lay ``card`` from ``hand`` on pile ``number`` (``apply`` of ``Move.lay``)."""
        raise NotImplementedError("Table.lay is yours to write in this phase")

    def move(self, source: int, target: int) -> None:
        """Move pile ``source`` onto pile ``target`` (``apply`` of ``Move.pile``)."""
        raise NotImplementedError("Table.move is yours to write in this phase")

    def draw(self, hand: PlayerHand) -> Card:
        """Draw the top card into ``hand`` (``apply`` of ``Move.draw``) and return it."""
        raise NotImplementedError("Table.draw is yours to write in this phase")

    def __str__(self) -> str:
        """Return the eight lines ``Pile N: <cards bottom first>`` (see ``pile_lines``)."""
        raise NotImplementedError("Table.__str__ is yours to write in this phase")


def pile_line(pile: LaydownPile) -> str:
    """Return ``Pile N:`` followed by the pile's cards, bottom first, each after a space.

    For example ``Pile 1: 8S 7H 6C`` and, for an empty pile, ``Pile 7:``.
    """
    raise NotImplementedError("pile_line is yours to write in this phase")


def pile_lines(table: Table) -> list[str]:
    """Return the ``pile_line`` of each of the eight piles, pile 1 first."""
    raise NotImplementedError("pile_lines is yours to write in this phase")
