"""Terminal games: an assignment's reference game, played against its computer player.

Each assignment with a terminal game has a module here, named after the assignment,
with a ``play(project, *, seed, ...)`` function and an ``OPTIONS`` tuple naming the
keyword options it takes besides the seed. The game's rules always come from
the assignment's reference package, loaded in-process; these modules only draw the
game and read the player's answers (see :mod:`cardlab.play.terminal` for the exit
codes they return).
"""

from __future__ import annotations

import importlib

from ..course.project import Project
from ..errors import CardlabError

GAMES = ("bisca", "cardgame", "kings_corner", "hearts", "whist")
"""The assignments that have a terminal game, each a module of this package."""


def play_game(project: Project, assignment: str, *, seed: int | None, **options: str) -> int:
    """Play an assignment's game in the terminal until it ends.

    Args:
        project: The project whose reference package gives the rules.
        assignment: The assignment's id, e.g. ``bisca``.
        seed: The seed of the deal; None for a new deal each time.
        **options: The game's own options (``first`` for bisca; ``variation`` and
            ``seats`` for cardgame; ``mode`` for whist); one left out takes the game's
            default.

    Returns:
        The exit status (:data:`cardlab.play.terminal.EXIT_DONE` after a finished game).

    Raises:
        CardlabError: If the assignment has no terminal game, or an option is not one
            of its game's.
    """
    if assignment not in GAMES:
        raise CardlabError(
            f"no terminal game for {assignment!r}; games you can play: {', '.join(GAMES)}"
        )
    game = importlib.import_module(f"{__name__}.{assignment}")
    unknown = sorted(set(options) - set(game.OPTIONS))
    if unknown:
        takes = ", ".join(f"--{name}" for name in ("seed", *game.OPTIONS))
        raise CardlabError(f"{assignment} has no --{unknown[0]} option; it takes {takes}")
    return game.play(project, seed=seed, **options)
