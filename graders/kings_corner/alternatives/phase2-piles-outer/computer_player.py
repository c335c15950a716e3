"""Alternative computer player: every step lists its moves pile by pile, the hand inside.

The choice is ``rng.choice`` as the contract asks, but over lists in another order than
the reference's, so a seeded computer makes other (equally allowed) moves.
"""

from __future__ import annotations

import random

from .piles import PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings to the corners", "pile moves", "lays on piles", "lays on empty piles")


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1: King-bottomed piles moved first in the list, then Kings from the hand."""
    moves = []
    for corner in table.piles[4:]:
        if not corner.is_empty:
            continue
        for source in table.piles[:4]:
            if source.bottom is not None and source.bottom.is_king:
                moves.append(Move.pile(source.number, corner.number))
        for card in hand:
            if card.is_king:
                moves.append(Move.lay(card, corner.number))
    return moves


def pile_moves(table: Table) -> list[Move]:
    """Step 2: target piles outside, sources inside."""
    moves = []
    for target in table.piles:
        if target.is_empty:
            continue
        for source in table.piles[:4]:
            if source is not target and source.can_move_onto(target):
                moves.append(Move.pile(source.number, target.number))
    return moves


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3: piles outside, the hand inside."""
    moves = []
    for pile in table.piles:
        if pile.is_empty:
            continue
        for card in hand:
            if pile.can_take(card):
                moves.append(Move.lay(card, pile.number))
    return moves


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4: empty piles 1 to 4 outside, the hand inside."""
    return [
        Move.lay(card, pile.number) for pile in table.piles[:4] if pile.is_empty for card in hand
    ]


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first step that has any."""
    for step in (king_moves, lays_on_piles, lays_on_empty_piles):
        if step is lays_on_piles:
            moves = pile_moves(table)
            if moves:
                return moves
        moves = step(table, hand)
        if moves:
            return moves
    return []


class ComputerPlayer(Player):
    """Plays by the five steps, choosing at random within a step."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        super().__init__(name)
        self._rng = rng if rng is not None else random.Random()

    def choose(self, moves: list[Move]) -> Move:
        return self._rng.choice(moves)

    def take_turn(self, table: Table, opponent: Player) -> None:
        while not self.hand.is_empty:
            moves = allowed_moves(table, self.hand)
            if not moves:
                break
            table.apply(self.hand, self.choose(moves))
        if not self.hand.is_empty and not table.draw_pile.is_empty:
            table.draw(self.hand)
