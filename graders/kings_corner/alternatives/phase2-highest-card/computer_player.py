"""Alternative computer player: the highest card first, the longest pile first.

Each step keeps its moves in a dictionary by kind; ``choose`` ignores the generator and
takes the move whose card (or moved pile's bottom card) ranks highest, the lowest pile
number breaking ties, which the steps leave free.
"""

from __future__ import annotations

import random

from .piles import PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings to the corners", "pile moves", "lays on piles", "lays on empty piles")


def _empty(table: Table, numbers: range) -> list[int]:
    return [n for n in numbers if table.pile(n).is_empty]


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1."""
    corners = _empty(table, range(5, 9))
    kings = [card for card in hand.sorted_cards if card.is_king]
    bottoms = [n for n in range(1, 5) if (b := table.pile(n).bottom) is not None and b.is_king]
    return [Move.lay(k, c) for k in kings for c in corners] + [
        Move.pile(s, c) for c in corners for s in bottoms
    ]


def pile_moves(table: Table) -> list[Move]:
    """Step 2."""
    found = []
    for source in range(4, 0, -1):
        for target in range(8, 0, -1):
            if target == source or table.pile(target).is_empty:
                continue
            if table.pile(source).can_move_onto(table.pile(target)):
                found.append(Move.pile(source, target))
    return found


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3."""
    found = []
    for card in hand.sorted_cards:
        for number in range(8, 0, -1):
            pile = table.pile(number)
            if not pile.is_empty and pile.can_take(card):
                found.append(Move.lay(card, number))
    return found


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4."""
    return [Move.lay(card, n) for n in _empty(table, range(1, 5)) for card in hand.sorted_cards]


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first step that has any."""
    return (
        king_moves(table, hand)
        or pile_moves(table)
        or lays_on_piles(table, hand)
        or lays_on_empty_piles(table, hand)
    )


class ComputerPlayer(Player):
    """Plays by the five steps, taking the highest card within a step."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        super().__init__(name)
        self._table: Table | None = None
        self._rng = rng or random.Random()

    def _rank(self, move: Move) -> tuple[int, int]:
        if move.card is not None:
            return (move.card.value, -move.target)
        bottom = self._table.pile(move.source).bottom if self._table is not None else None
        return (bottom.value if bottom is not None else 0, -move.target)

    def choose(self, moves: list[Move]) -> Move:
        return max(moves, key=self._rank)

    def take_turn(self, table: Table, opponent: Player) -> None:
        self._table = table
        moves = allowed_moves(table, self.hand)
        while moves:
            table.apply(self.hand, self.choose(moves))
            moves = allowed_moves(table, self.hand) if len(self.hand) else []
        if len(self.hand) and len(table.draw_pile):
            table.draw(self.hand)
