"""The computer's turn: the course's five steps, with a free choice inside each step.

The course fixes the order of the steps and leaves the choice inside a step open ("any
card or pile that fits").  Each step is a pure function listing every move it allows
right now; ``allowed_moves`` gives those of the first step that has any.  The computer
repeats: take the allowed moves, pick one, make it, until none is left or the hand is
empty; then it draws.  Steps, as this course defines them precisely:

1. **Kings to the corners**: lay a King from the hand on an empty pile 5 to 8, or move
   a pile 1 to 4 whose bottom card is a King onto an empty pile 5 to 8.
2. **Pile moves**: move a pile 1 to 4 onto another *non-empty* pile that accepts its
   bottom card (never onto an empty pile: a pile moved onto an empty pile 1 to 4 gains
   nothing, and a turn that could do so forever would never end).
3. **Lays on piles**: lay a card from the hand on a non-empty pile that accepts it.
4. **Lays on empty piles**: lay any card from the hand on an empty pile 1 to 4.
5. **Draw**: when no step has a move and the hand is not empty, draw a card (if the
   draw pile is empty, the turn just ends).

After a move of step 3 or 4 the course says "go to step 2"; taking the first step with a
move is the same thing, since no move of steps 2 to 4 can make a step 1 move appear
(every King was laid first, and only pile moves or lays of non-Kings follow).
"""

from __future__ import annotations

import random

from .piles import PlayerHand
from .player import Player
from .table import Move, Table

STEP_NAMES = ("kings to the corners", "pile moves", "lays on piles", "lays on empty piles")
"""The names of steps 1 to 4, as failure messages and the docs call them."""


def king_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 1: every King lay, and every move of a King-bottomed pile, onto an empty pile 5-8.

    Args:
        table: The table.
        hand: The computer's hand.

    Returns:
        Every such move once, in any order (empty when no corner pile is empty).
    """
    raise NotImplementedError("king_moves is yours to write in this phase")


def pile_moves(table: Table) -> list[Move]:
    """Step 2: every move of a pile 1 to 4 onto another non-empty pile that accepts it.

    Args:
        table: The table.

    Returns:
        Every such move once, in any order.
    """
    raise NotImplementedError("pile_moves is yours to write in this phase")


def lays_on_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 3: every lay of a card from the hand on a non-empty pile that accepts it.

    Args:
        table: The table.
        hand: The computer's hand.

    Returns:
        Every such move once, in any order.
    """
    raise NotImplementedError("lays_on_piles is yours to write in this phase")


def lays_on_empty_piles(table: Table, hand: PlayerHand) -> list[Move]:
    """Step 4: every lay of a card from the hand on an empty pile 1 to 4.

    Args:
        table: The table.
        hand: The computer's hand.

    Returns:
        Every such move once, in any order.
    """
    raise NotImplementedError("lays_on_empty_piles is yours to write in this phase")


def allowed_moves(table: Table, hand: PlayerHand) -> list[Move]:
    """Return the moves of the first of steps 1 to 4 that has any, or [] if none has.

    Args:
        table: The table.
        hand: The computer's hand.

    Returns:
        ``king_moves``, else ``pile_moves``, else ``lays_on_piles``, else
        ``lays_on_empty_piles``: the first that is not empty.
    """
    raise NotImplementedError("allowed_moves is yours to write in this phase")


class ComputerPlayer(Player):
    """A player that plays its turns by the five steps, choosing at random within a step."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        """Create a computer player with an empty hand.

        Args:
            name: The name shown to people, e.g. "Computer".
            rng: Where the random choices within a step come from; a new unseeded
                ``random.Random()`` when None.
        """
        raise NotImplementedError("ComputerPlayer.__init__ is yours to write in this phase")

    def choose(self, moves: list[Move]) -> Move:
        """Pick one of ``moves`` (not empty): ``self._rng.choice(moves)``."""
        raise NotImplementedError("ComputerPlayer.choose is yours to write in this phase")

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Play one turn by the five steps, through ``table.apply``.

        While the hand is not empty and ``allowed_moves`` offers moves, apply the one
        ``choose`` picks.  Then, if the hand is not empty and the draw pile is not
        either, draw a card.  The turn says nothing: the game announces the moves.

        Args:
            table: The table of the round in progress.
            opponent: The other player (not used).
        """
        raise NotImplementedError("ComputerPlayer.take_turn is yours to write in this phase")
