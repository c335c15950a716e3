"""Alternative computer player: every step lists its moves in the reverse order.

The steps walk the hand from the highest card down and the piles from 8 down to 1, so
``self._rng.choice`` over the same generator picks other moves than a player that lists
them from the lowest card and pile 1 up, as the steps leave free.
"""

from __future__ import annotations

import random

from .piles import PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings to the corners", "pile moves", "lays on piles", "lays on empty piles")
"""The names of steps 1 to 4."""

_DOWN_ALL = range(8, 0, -1)
_DOWN_CORNERS = range(8, 4, -1)
_DOWN_MOVABLE = range(4, 0, -1)


def _empty(table: Table, numbers: range) -> list[int]:
    """The numbers of the empty piles among ``numbers``, in that order."""
    return [number for number in numbers if table.pile(number).is_empty]


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1: King lays and King-bottomed pile moves onto empty corners."""
    corners = _empty(table, _DOWN_CORNERS)
    moves: list[Move] = []
    for corner in corners:
        for source in _DOWN_MOVABLE:
            bottom = table.pile(source).bottom
            if bottom is not None and bottom.is_king:
                moves.append(Move.pile(source, corner))
        moves.extend(Move.lay(card, corner) for card in hand.sorted_cards if card.is_king)
    return moves


def pile_moves(table: Table) -> list[Move]:
    """Step 2: moves of a pile 1 to 4 onto another non-empty pile that takes it."""
    moves = []
    for target in _DOWN_ALL:
        other = table.pile(target)
        if other.is_empty:
            continue
        for source in _DOWN_MOVABLE:
            if source != target and table.pile(source).can_move_onto(other):
                moves.append(Move.pile(source, target))
    return moves


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3: lays of a card from the hand on a non-empty pile that takes it."""
    moves = []
    for card in hand.sorted_cards:
        for number in _DOWN_ALL:
            pile = table.pile(number)
            if not pile.is_empty and pile.can_take(card):
                moves.append(Move.lay(card, number))
    return moves


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4: lays of any card from the hand on an empty pile 1 to 4."""
    empty = _empty(table, _DOWN_MOVABLE)
    return [Move.lay(card, number) for number in empty for card in hand.sorted_cards]


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first of steps 1 to 4 that has any."""
    for step in (
        lambda: king_moves(table, hand),
        lambda: pile_moves(table),
        lambda: lays_on_piles(table, hand),
        lambda: lays_on_empty_piles(table, hand),
    ):
        moves = step()
        if moves:
            return moves
    return []


class ComputerPlayer(Player):
    """Plays by the five steps, choosing at random among moves listed in reverse."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        """Create a computer player with an empty hand."""
        super().__init__(name)
        self._rng = rng if rng is not None else random.Random()

    def choose(self, moves: list[Move]) -> Move:
        """Pick one of ``moves`` with the generator."""
        return self._rng.choice(moves)

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Make moves of the first step that has one, then draw if anything is left."""
        while not self.hand.is_empty:
            moves = allowed_moves(table, self.hand)
            if not moves:
                if not table.draw_pile.is_empty:
                    table.apply(self.hand, Move.draw())
                return
            table.apply(self.hand, self.choose(moves))
