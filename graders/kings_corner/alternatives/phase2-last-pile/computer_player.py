"""Alternative computer player: steps written pile by pile; the last pile is tried first."""

from __future__ import annotations

import random

from .card import can_follow
from .piles import PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings", "pile moves", "lays on piles", "lays on empty piles")


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1."""
    result = []
    for corner in (8, 7, 6, 5):
        if len(table.pile(corner)) == 0:
            result += [Move.lay(c, corner) for c in hand.cards if c.rank == "K"]
            result += [
                Move.pile(n, corner)
                for n in (1, 2, 3, 4)
                if table.pile(n).bottom is not None and table.pile(n).bottom.rank == "K"
            ]
    return result


def pile_moves(table: Table) -> list[Move]:
    """Step 2."""
    result = []
    for target in reversed(table.piles):
        if target.top is None:
            continue
        for source in table.piles[:4]:
            if (
                source is not target
                and source.bottom is not None
                and can_follow(source.bottom, target.top)
            ):
                result.append(Move.pile(source.number, target.number))
    return result


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3."""
    return [
        Move.lay(c, p.number)
        for p in reversed(table.piles)
        if p.top is not None
        for c in hand.cards
        if can_follow(c, p.top)
    ]


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4."""
    return [
        Move.lay(c, p.number)
        for p in reversed(table.piles[:4])
        if p.top is None
        for c in hand.cards
    ]


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first step that has any."""
    return (
        king_moves(table, hand)
        or pile_moves(table)
        or lays_on_piles(table, hand)
        or lays_on_empty_piles(table, hand)
    )


class ComputerPlayer(Player):
    """Takes the move onto the highest-numbered pile."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        super().__init__(name)
        self.rng = rng or random.Random()

    def choose(self, moves: list[Move]) -> Move:
        return max(moves, key=lambda move: (move.target, move.source or 0))

    def take_turn(self, table: Table, opponent: Player) -> None:
        moves = allowed_moves(table, self.hand)
        while moves and not self.hand.is_empty:
            table.apply(self.hand, self.choose(moves))
            moves = allowed_moves(table, self.hand) if not self.hand.is_empty else []
        if not self.hand.is_empty and not table.draw_pile.is_empty:
            table.apply(self.hand, Move.draw())
