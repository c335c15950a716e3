"""Alternative computer player: a fixed preference within each step, no randomness.

Each step is worked out from one scan of the table into a small summary (the empty
piles, what each non-empty pile wants on top).  ``choose`` ignores the generator and
prefers, as the steps leave free: a King-bottomed pile before a King from the hand, the
highest empty corner; the longest pile to move, onto the highest pile number; the lowest
card to lay, on the highest pile number.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .piles import PlayerHand
from .player import Player
from .table import LAY, MOVE, Move, Table

STEP_NAMES = ("kings to the corners", "pile moves", "lays on piles", "lays on empty piles")
"""The names of steps 1 to 4."""


@dataclass(frozen=True)
class _Summary:
    """One scan of the table: the empty piles and what each non-empty pile wants."""

    empty: frozenset[int]
    wants: dict[int, tuple[int, bool]]


def _summary(table: Table) -> _Summary:
    """Scan the eight piles once."""
    empty = set()
    wants = {}
    for pile in table.piles:
        top = pile.top
        if top is None:
            empty.add(pile.number)
        else:
            wants[pile.number] = (top.value - 1, not top.is_red)
    return _Summary(frozenset(empty), wants)


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1: King lays and King-bottomed pile moves onto empty corners."""
    corners = sorted(_summary(table).empty & {5, 6, 7, 8})
    moves = [Move.lay(card, c) for c in corners for card in hand.cards if card.is_king]
    for source in (1, 2, 3, 4):
        bottom = table.pile(source).bottom
        if bottom is not None and bottom.is_king:
            moves += [Move.pile(source, c) for c in corners]
    return moves


def pile_moves(table: Table) -> list[Move]:
    """Step 2: moves of a pile 1 to 4 onto another non-empty pile that takes it."""
    wants = _summary(table).wants
    moves = []
    for source in (1, 2, 3, 4):
        bottom = table.pile(source).bottom
        if bottom is None:
            continue
        key = (bottom.value, bottom.is_red)
        moves += [Move.pile(source, t) for t, want in wants.items() if want == key and t != source]
    return moves


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3: lays of a card from the hand on a non-empty pile that takes it."""
    wants = _summary(table).wants
    return [
        Move.lay(card, number)
        for number, want in wants.items()
        for card in hand.cards
        if (card.value, card.is_red) == want
    ]


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4: lays of any card from the hand on an empty pile 1 to 4."""
    empty = sorted(_summary(table).empty & {1, 2, 3, 4})
    return [Move.lay(card, number) for card in hand.cards for number in empty]


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """The moves of the first of steps 1 to 4 that has any."""
    return (
        king_moves(table, hand)
        or pile_moves(table)
        or lays_on_piles(table, hand)
        or lays_on_empty_piles(table, hand)
    )


class ComputerPlayer(Player):
    """Plays by the five steps with a fixed preference inside each step."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        """Create a computer player with an empty hand."""
        super().__init__(name)
        self._rng = random.Random() if rng is None else rng
        self._table: Table | None = None

    def _preference(self, move: Move) -> tuple[int, int, int]:
        """A sort key: the move ``choose`` takes has the largest key."""
        if move.kind == MOVE:
            length = len(self._table.pile(move.source)) if self._table is not None else 0
            return (1, length, move.target or 0)
        if move.kind == LAY and move.card is not None:
            return (0, -move.card.value, move.target or 0)
        return (0, 0, 0)

    def choose(self, moves: list[Move]) -> Move:
        """Pick the move this player prefers (see ``_preference``)."""
        return max(moves, key=self._preference)

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Make moves of the first step that has one, then draw if anything is left."""
        self._table = table
        try:
            while len(self.hand) > 0:
                moves = allowed_moves(table, self.hand)
                if not moves:
                    break
                table.apply(self.hand, self.choose(moves))
            if len(self.hand) > 0 and len(table.draw_pile) > 0:
                table.draw(self.hand)
        finally:
            self._table = None
