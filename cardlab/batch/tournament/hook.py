"""What an assignment provides to join class tournaments.

An assignment with a computer player ships
``graders/<assignment>/hidden/<assignment>_tournament.py`` defining ``GAME``: a class
built with the reference (:class:`~cardlab.judge.reference.Reference`) that has

* ``seats``: how many players a game has (2 for bisca);
* ``deal(seed)``: the deal a seed draws (a deck order, say);
* ``fixed_entrants()``: name -> factory(seed) of a chooser, the reference bots every
  class plays against;
* ``student_player(student)``: a new chooser asking the student's computer player, made
  in the student's worker through the proxy; it raises :class:`Forfeit` for an answer
  that is not a legal move;
* ``play(deal, choosers)``: plays one game run by the judge, returns the winning seat
  or None for a tie.

A chooser takes the reference's view of the game and returns the reference's move.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from ...errors import CardlabError

HOOK_SUFFIX = "_tournament.py"


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


def hook_path(graders: Path, assignment: str) -> Path:
    """Where an assignment's tournament hook lives."""
    return graders / "hidden" / f"{assignment}{HOOK_SUFFIX}"


def load_game(graders: Path, assignment: str, reference: Any) -> Any:
    """The assignment's ``GAME``, built with the reference.

    Raises:
        CardlabError: When the assignment has no tournament hook.
    """
    path = hook_path(graders, assignment)
    if not path.is_file():
        raise CardlabError(
            f"{assignment} has no class tournament (no {path.name} in its hidden graders)"
        )
    spec = importlib.util.spec_from_file_location(f"cardlab_hook_{assignment}", path)
    if spec is None or spec.loader is None:
        raise CardlabError(f"cannot load the tournament hook {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.GAME(reference)
