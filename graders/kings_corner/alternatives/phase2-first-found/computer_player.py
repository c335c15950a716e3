"""Alternative computer player: generators per step; the first move found is made."""

from __future__ import annotations

import random
from collections.abc import Iterator

from .piles import LaydownPile, PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings", "pile moves", "lays on piles", "lays on empty piles")


def _empty(piles: tuple[LaydownPile, ...], numbers: range) -> list[int]:
    return [n for n in numbers if piles[n - 1].is_empty]


def _kings(table: Table, hand: PlayerHand) -> Iterator[Move]:
    corners = _empty(table.piles, range(5, 9))
    for card in hand:
        if card.is_king:
            yield from (Move.lay(card, n) for n in corners)
    for pile in table.piles[:4]:
        if not pile.is_empty and pile.bottom.is_king:
            yield from (Move.pile(pile.number, n) for n in corners)


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1."""
    return list(_kings(table, hand))


def pile_moves(table: Table) -> list[Move]:
    """Step 2."""
    return [
        Move.pile(s.number, t.number)
        for s in table.piles[:4]
        for t in table.piles
        if not t.is_empty and s.can_move_onto(t)
    ]


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3."""
    return [
        Move.lay(c, p.number) for c in hand for p in table.piles if not p.is_empty and p.can_take(c)
    ]


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4."""
    return [Move.lay(c, n) for n in _empty(table.piles, range(1, 5)) for c in hand]


STEPS = (
    lambda t, h: king_moves(t, h),
    lambda t, h: pile_moves(t),
    lays_on_piles,
    lays_on_empty_piles,
)


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first step that has any."""
    for step in STEPS:
        moves = step(table, hand)
        if moves:
            return moves
    return []


class ComputerPlayer(Player):
    """Makes the first move each step lists."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        super().__init__(name)
        self._random = rng if rng is not None else random.Random()

    def choose(self, moves: list[Move]) -> Move:
        return moves[0]

    def take_turn(self, table: Table, opponent: Player) -> None:
        while True:
            if self.hand.is_empty:
                return
            moves = allowed_moves(table, self.hand)
            if not moves:
                break
            table.apply(self.hand, self.choose(moves))
        if not table.draw_pile.is_empty:
            table.draw(self.hand)
