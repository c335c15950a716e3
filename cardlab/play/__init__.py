"""Terminal games: an assignment's reference game, played against its computer player.

An assignment with a terminal game declares it in its ``assignment.toml``
(``[play] game``, see :mod:`cardlab.course.registry`): a module of its own folder with a
``play(project, *, seed, **options)`` function, and the options it takes besides the
seed. The game's rules always come from the assignment's reference package, loaded
in-process; the game's modules only draw the game and read the player's answers. Such a
game is cardlab's own table, not the console program students write (its screen, prompts
and wording are the game's), and :func:`play_game` says so in the game's first line.

This package is the face those modules import from: the terminal's helpers (see
:mod:`cardlab.play.terminal` for the exit codes a game returns), the reference, the
codec and the project; and :func:`folder_module`, with which an assignment's hidden
graders reach the code they share with its game (a strong bot).
"""

from __future__ import annotations

from types import ModuleType

from rich.console import Console

from ..course.project import Project
from ..course.registry import Declaration, TerminalGame, folder_module, game_module
from ..course.spec import Spec
from ..errors import CardlabError
from ..judge.reference import Reference
from ..worker.codec import Codec
from .terminal import (
    EXIT_DONE,
    EXIT_INPUT_CLOSED,
    EXIT_INTERRUPTED,
    Ask,
    BadEntry,
    QuitGame,
    check_quit,
    replay_command,
    run_game,
)

__all__ = [
    "EXIT_DONE",
    "EXIT_INPUT_CLOSED",
    "EXIT_INTERRUPTED",
    "Ask",
    "BadEntry",
    "CardlabError",
    "Codec",
    "Project",
    "QuitGame",
    "Reference",
    "check_quit",
    "folder_module",
    "games",
    "load_game",
    "play_game",
    "replay_command",
    "run_game",
    "table_note",
]


def games(project: Project) -> list[Declaration]:
    """The declarations of the project's assignments that have a terminal game."""
    return [declaration for declaration in project.declarations() if declaration.game]


def load_game(project: Project, assignment: str, module: str | None = None) -> ModuleType:
    """A module of an assignment's terminal game: its ``play`` module, or ``module``.

    Raises:
        CardlabError: If the assignment has no terminal game.
    """
    return game_module(_with_game(project, assignment)[0], module)


def _with_game(project: Project, assignment: str) -> tuple[Declaration, TerminalGame]:
    """The declaration of an assignment that has a terminal game, and its game."""
    if assignment in project.assignments():
        declaration = project.declaration(assignment)
        if declaration.game is not None:
            return declaration, declaration.game
    names = ", ".join(game.id for game in games(project))
    raise CardlabError(f"no terminal game for {assignment!r}; games you can play: {names}")


def table_note(spec: Spec, game: TerminalGame) -> str:
    """The game's first line: cardlab's own table, and the console students write, if any.

    Args:
        spec: The assignment's spec.
        game: Its terminal game, whose ``console`` names the console students write.
    """
    table = f"cardlab's own table for {spec.title}: the rules are the course's"
    if game.console is None:
        return f"{table}; the screen and its commands are cardlab's."
    module = spec.module_file(game.console).removesuffix(".py").replace("/", ".")
    return (
        f"{table}, but the screen, prompts and messages are not those of the console you "
        f"write (python -m {module}), whose contract is on the {spec.title} API page."
    )


def play_game(project: Project, assignment: str, *, seed: int | None, **options: str) -> int:
    """Play an assignment's game in the terminal until it ends.

    Args:
        project: The project whose reference package gives the rules.
        assignment: The assignment's id.
        seed: The seed of the deal; None for a new deal each time.
        **options: The game's own options, as its declaration names them; one left out
            takes the game's default.

    Returns:
        The exit status (:data:`cardlab.play.terminal.EXIT_DONE` after a finished game).

    Raises:
        CardlabError: If the assignment has no terminal game, or an option is not one
            of its game's.
    """
    declaration, game = _with_game(project, assignment)
    names = [option.name for option in game.options]
    unknown = sorted(set(options) - set(names))
    if unknown:
        takes = ", ".join(f"--{name}" for name in ("seed", *names))
        raise CardlabError(f"{assignment} has no --{unknown[0]} option; it takes {takes}")
    module = game_module(declaration)
    Console(highlight=False).print(table_note(project.spec(assignment), game), markup=False)
    status: int = module.play(project, seed=seed, **options)
    return status
