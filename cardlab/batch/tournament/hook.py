"""What an assignment provides to join class tournaments: a :class:`Game`.

An assignment with a computer player declares its tournament game in
``graders/<assignment>/assignment.toml`` (``[tournament] game = "FILE:NAME"``, see
:mod:`cardlab.course.registry`): an object that, called with the reference
(:class:`~cardlab.judge.reference.Reference`), returns a :class:`Game`. A chooser takes
the reference's view of the game and returns the reference's move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ...course.registry import Declaration, tournament_game

Chooser = Callable[[Any], Any]
"""Takes the reference's view of the game and returns the reference's move."""


class Forfeit(Exception):
    """A player gave no legal move: the game is lost, with its cause.

    Args:
        cause: One of a few short words (crash, illegal move, non-card, time-out,
            output flood, tampering).
        detail: What the player did, for the instructor.
    """

    def __init__(self, cause: str, detail: str) -> None:
        """Keep the cause and the detail."""
        super().__init__(f"{cause}: {detail}")
        self.cause = cause
        self.detail = detail


class Game(Protocol):
    """An assignment's game as class tournaments play it, built with the reference.

    Attributes:
        seats: How many players a game has (2 for a two-player game).
    """

    seats: int

    def deal(self, seed: int) -> Any:
        """The deal a seed draws (a deck order, say)."""

    def fixed_entrants(self) -> Mapping[str, Callable[[int], Chooser]]:
        """Name -> factory(seed) of a chooser: the reference bots every class plays against."""

    def student_player(self, student: Any) -> Chooser:
        """A new chooser asking the student's computer player, through the proxy.

        The chooser raises :class:`Forfeit` for an answer that is not a legal move.
        """

    def play(self, deal: Any, choosers: Sequence[Chooser]) -> int | None:
        """Play one game run by the judge: the winning seat, or None for a tie."""


def load_game(declaration: Declaration, reference: Any) -> Game:
    """The assignment's tournament game, built with the reference.

    Raises:
        CardlabError: When the assignment declares no tournament.
    """
    game: Game = tournament_game(declaration, reference)
    return game
