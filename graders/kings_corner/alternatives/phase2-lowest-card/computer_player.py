"""Alternative computer player: every legal move is classified into its step; lowest card first."""

from __future__ import annotations

import random

from .piles import PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings", "pile moves", "lays on piles", "lays on empty piles")


def _candidates(table: Table, hand: PlayerHand) -> list[Move]:
    lays = [Move.lay(card, number) for card in hand for number in range(1, 9)]
    moves = [Move.pile(source, target) for source in range(1, 5) for target in range(1, 9)]
    return [move for move in lays + moves if table.is_legal(hand, move)]


def _target_empty(table: Table, move: Move) -> bool:
    return table.pile(move.target).is_empty


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1."""
    found = []
    for move in _candidates(table, hand):
        if move.target >= 5 and _target_empty(table, move):
            found.append(move)
    return found


def pile_moves(table: Table) -> list[Move]:
    """Step 2."""
    return [
        move
        for move in _candidates(table, PlayerHand())
        if move.kind == "M" and not _target_empty(table, move)
    ]


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3."""
    return [
        move
        for move in _candidates(table, hand)
        if move.kind == "L" and not _target_empty(table, move)
    ]


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4."""
    return [
        move
        for move in _candidates(table, hand)
        if move.kind == "L" and move.target <= 4 and _target_empty(table, move)
    ]


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first step that has any."""
    for step in (
        king_moves(table, hand),
        pile_moves(table),
        lays_on_piles(table, hand),
        lays_on_empty_piles(table, hand),
    ):
        if step:
            return step
    return []


def _lowest_first(move: Move) -> tuple:
    return (move.card.value if move.card is not None else 0, move.source or 0, move.target)


class ComputerPlayer(Player):
    """Always takes the move with the lowest card (then the lowest pile)."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        super().__init__(name)
        self._rng = rng

    def choose(self, moves: list[Move]) -> Move:
        return min(moves, key=_lowest_first)

    def take_turn(self, table: Table, opponent: Player) -> None:
        while len(self.hand) > 0:
            moves = allowed_moves(table, self.hand)
            if not moves:
                if len(table.draw_pile) > 0:
                    table.draw(self.hand)
                return
            table.apply(self.hand, self.choose(moves))
