"""Alternative table: moves as named tuples, the checks written out in one place."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .card import Card
from .piles import DrawPile, IllegalMove, LaydownPile, PlayerHand

LAY, MOVE, DRAW = "L", "M", "D"


class Move(NamedTuple):
    kind: str
    card: Card | None = None
    source: int | None = None
    target: int | None = None

    @classmethod
    def lay(cls, card: Card, target: int) -> Move:
        return cls(LAY, card=card, target=target)

    @classmethod
    def pile(cls, source: int, target: int) -> Move:
        return cls(MOVE, source=source, target=target)

    @classmethod
    def draw(cls) -> Move:
        return cls(DRAW)

    @property
    def notation(self) -> str:
        return {LAY: f"L {self.card} {self.target}", MOVE: f"M {self.source} {self.target}"}.get(
            self.kind, "D"
        )

    @classmethod
    def from_notation(cls, text: str) -> Move:
        parts = str(text).upper().split()
        if parts == [DRAW]:
            return cls.draw()
        if len(parts) == 3 and parts[0] == LAY and parts[2].lstrip("-").isdigit():
            return cls.lay(Card.from_notation(parts[1]), int(parts[2]))
        if len(parts) == 3 and parts[0] == MOVE and all(p.lstrip("-").isdigit() for p in parts[1:]):
            return cls.pile(int(parts[1]), int(parts[2]))
        raise ValueError(f"not a move: {text!r}")

    def __str__(self) -> str:
        return self.notation


class Table:
    def __init__(
        self, draw_pile: DrawPile | None = None, piles: Iterable[LaydownPile] | None = None
    ) -> None:
        self._draw = draw_pile if draw_pile is not None else DrawPile([])
        self._piles = (
            tuple(piles) if piles is not None else tuple(LaydownPile(n) for n in range(1, 9))
        )
        if [p.number for p in self._piles] != list(range(1, 9)):
            raise ValueError("piles must be numbered 1 to 8")
        self._log: list[Move] = []

    piles = property(lambda self: self._piles)
    draw_pile = property(lambda self: self._draw)
    moves = property(lambda self: tuple(self._log))

    def pile(self, number: int) -> LaydownPile:
        if type(number) is not int or number < 1 or number > 8:
            raise IllegalMove(f"no pile {number!r}")
        return self._piles[number - 1]

    def is_legal(self, hand: PlayerHand, move: Move) -> bool:
        try:
            if move.kind == LAY:
                return move.card in hand and self.pile(move.target).can_take(move.card)
            if move.kind == MOVE:
                return self.pile(move.source).can_move_onto(self.pile(move.target))
            return move.kind == DRAW and len(self._draw) > 0
        except IllegalMove:
            return False

    def apply(self, hand: PlayerHand, move: Move) -> Card | None:
        drawn = None
        if move.kind == LAY:
            target = self.pile(move.target)
            if move.card not in hand:
                raise IllegalMove(f"{move.card} is not held")
            target.lay(move.card)
            hand.remove(move.card)
        elif move.kind == MOVE:
            self.pile(move.source).move_onto(self.pile(move.target))
        elif move.kind == DRAW:
            drawn = self._draw.draw()
            hand.add(drawn)
        else:
            raise IllegalMove(f"unknown move {move!r}")
        self._log.append(move)
        return drawn

    def lay(self, hand: PlayerHand, card: Card, number: int) -> None:
        self.apply(hand, Move.lay(card, number))

    def move(self, source: int, target: int) -> None:
        self.apply(PlayerHand(), Move.pile(source, target))

    def draw(self, hand: PlayerHand) -> Card:
        return self.apply(hand, Move.draw())

    def __str__(self) -> str:
        return "\n".join(pile_lines(self))


def pile_line(pile: LaydownPile) -> str:
    return f"Pile {pile.number}:" + "".join(f" {c.notation}" for c in pile.cards)


def pile_lines(table: Table) -> list[str]:
    return [pile_line(p) for p in table.piles]
