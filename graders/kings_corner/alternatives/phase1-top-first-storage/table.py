"""Alternative Table: the piles kept in a dictionary by number, moves read by a pattern.

``apply`` checks a move with the same ``_check`` that ``is_legal`` uses, so that both
agree, and only then changes the piles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from .card import Card
from .piles import DrawPile, IllegalMove, LaydownPile, PlayerHand

LAY = "L"
MOVE = "M"
DRAW = "D"

_NUMBERS = tuple(range(1, 9))
_PATTERN = re.compile(
    r"\s*(?:(?P<lay>[lL])\s+(?P<card>\S+)\s+(?P<on>\d+)"
    r"|(?P<move>[mM])\s+(?P<source>\d+)\s+(?P<target>\d+)"
    r"|(?P<draw>[dD]))\s*"
)


class Move(NamedTuple):
    """One move of a turn, an immutable value."""

    kind: str
    card: Card | None = None
    source: int | None = None
    target: int | None = None

    @classmethod
    def lay(cls, card: Card, target: int) -> Move:
        """The move that lays ``card`` on pile ``target``."""
        return cls(kind=LAY, card=card, target=target)

    @classmethod
    def pile(cls, source: int, target: int) -> Move:
        """The move that moves pile ``source`` onto pile ``target``."""
        return cls(kind=MOVE, source=source, target=target)

    @classmethod
    def draw(cls) -> Move:
        """The move that draws a card."""
        return cls(kind=DRAW)

    @property
    def notation(self) -> str:
        """``L <card> <pile>``, ``M <pile> <pile>`` or ``D``."""
        parts: list[object] = [self.kind]
        if self.kind == LAY:
            parts += [self.card, self.target]
        elif self.kind == MOVE:
            parts += [self.source, self.target]
        return " ".join(str(part) for part in parts)

    @classmethod
    def from_notation(cls, text: str) -> Move:
        """Read a move written as ``notation`` writes it."""
        found = _PATTERN.fullmatch(text) if isinstance(text, str) else None
        if found is None:
            raise ValueError(f"{text!r} is not a move")
        if found["draw"]:
            return cls.draw()
        if found["move"]:
            return cls.pile(int(found["source"]), int(found["target"]))
        return cls.lay(Card.from_notation(found["card"]), int(found["on"]))

    def __str__(self) -> str:
        """The notation."""
        return self.notation


class Table:
    """The lay-down piles and the draw pile of one round, and the moves made on them."""

    def __init__(
        self, draw_pile: DrawPile | None = None, piles: Iterable[LaydownPile] | None = None
    ) -> None:
        """Set up a table."""
        self._stock = draw_pile if draw_pile is not None else DrawPile()
        given = [LaydownPile(n) for n in _NUMBERS] if piles is None else list(piles)
        if tuple(pile.number for pile in given) != _NUMBERS:
            raise ValueError("the table needs eight piles numbered 1 to 8 in order")
        self._by_number = {pile.number: pile for pile in given}
        self._history: list[Move] = []

    @property
    def piles(self) -> tuple[LaydownPile, ...]:
        """The eight lay-down piles, pile 1 first."""
        return tuple(self._by_number[n] for n in _NUMBERS)

    def pile(self, number: int) -> LaydownPile:
        """Lay-down pile ``number``."""
        if isinstance(number, int) and number in self._by_number:
            return self._by_number[number]
        raise IllegalMove(f"there is no pile {number!r}; the piles are 1 to 8")

    @property
    def draw_pile(self) -> DrawPile:
        """The stock."""
        return self._stock

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move applied to this table, in order."""
        return tuple(self._history)

    def _check(self, hand: PlayerHand, move: Move) -> None:
        """Raise ``IllegalMove`` unless ``move`` may be made now."""
        if move.kind == DRAW:
            if self._stock.is_empty:
                raise IllegalMove("the draw pile is empty")
        elif move.kind == LAY:
            target = self.pile(move.target)
            if move.card not in hand:
                raise IllegalMove(f"{move.card} is not held")
            if not target.can_take(move.card):
                raise IllegalMove(f"pile {target.number} does not take {move.card}")
        elif move.kind == MOVE:
            source, target = self.pile(move.source), self.pile(move.target)
            if not source.can_move_onto(target):
                raise IllegalMove(f"pile {source.number} cannot go onto pile {target.number}")
        else:
            raise IllegalMove(f"unknown kind of move {move.kind!r}")

    def is_legal(self, hand: PlayerHand, move: Move) -> bool:
        """Whether ``apply(hand, move)`` would succeed."""
        try:
            self._check(hand, move)
        except IllegalMove:
            return False
        return True

    def apply(self, hand: PlayerHand, move: Move) -> Card | None:
        """Make ``move`` and record it."""
        self._check(hand, move)
        drawn = None
        if move.kind == DRAW:
            drawn = self._stock.draw()
            hand.add(drawn)
        elif move.kind == LAY:
            self.pile(move.target).lay(hand.remove(move.card))
        else:
            self.pile(move.source).move_onto(self.pile(move.target))
        self._history.append(move)
        return drawn

    def lay(self, hand: PlayerHand, card: Card, number: int) -> None:
        """Lay ``card`` from ``hand`` on pile ``number``."""
        self.apply(hand, Move.lay(card, number))

    def move(self, source: int, target: int) -> None:
        """Move pile ``source`` onto pile ``target``."""
        self.apply(PlayerHand(), Move.pile(source, target))

    def draw(self, hand: PlayerHand) -> Card:
        """Draw the top card into ``hand`` and return it."""
        card = self.apply(hand, Move.draw())
        assert card is not None
        return card

    def __str__(self) -> str:
        """The eight pile lines."""
        return "\n".join(pile_lines(self))


def pile_line(pile: LaydownPile) -> str:
    """``Pile N:`` followed by the pile's cards, bottom first."""
    return "".join([f"Pile {pile.number}:", *(f" {card}" for card in pile.cards)])


def pile_lines(table: Table) -> list[str]:
    """The ``pile_line`` of each of the eight piles."""
    return list(map(pile_line, table.piles))
