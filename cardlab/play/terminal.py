"""What every terminal game shares: how it asks, how it stops, what it returns.

A game reads each answer through an :data:`Ask` callable (``Console.input`` in the
terminal, a list of scripted answers in tests) and runs inside :func:`run_game`,
which turns the ways a game can stop into a message and an exit status:

* the game is played to the end: :data:`EXIT_DONE` (0);
* the player types ``q`` or ``quit``: also :data:`EXIT_DONE`, leaving is a choice;
* the input ends (Ctrl-D, or a closed pipe): :data:`EXIT_INPUT_CLOSED` (1);
* the player presses Ctrl-C: :data:`EXIT_INTERRUPTED` (130, the shell's 128 + SIGINT).

No traceback reaches the player in any of these cases.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from rich.console import Console

from ..errors import EXIT_INTERRUPTED

Ask = Callable[[str], str]
"""Shows a prompt and returns the line the player typed (raises EOFError at the end)."""

EXIT_DONE = 0
"""The game was played to the end, or the player chose to leave."""

EXIT_INPUT_CLOSED = 1
"""The input ended (Ctrl-D) before the game did."""


QUIT_WORDS = frozenset({"q", "quit"})
"""Answers that leave the game, in lower case."""


def replay_command(assignment: str, seed: int, **options: str) -> str:
    """The ``cardlab play`` command that deals and seats the same game again.

    Every option is written out, defaults included, so the command reproduces the game
    exactly; words are quoted for a POSIX shell.

    Args:
        assignment: The game's assignment id.
        seed: The deal's seed.
        **options: The game's own options, by ``cardlab play`` option name.
    """
    words = ["cardlab", "play", assignment, "--seed", str(seed)]
    for name, value in options.items():
        words += [f"--{name}", value]
    return shlex.join(words)


class QuitGame(Exception):
    """The player asked to leave the game."""


class BadEntry(ValueError):
    """An answer the game cannot use; the message tells the player what to type."""


def check_quit(answer: str) -> None:
    """Raise :class:`QuitGame` if ``answer`` is ``q`` or ``quit`` (any case).

    Args:
        answer: A line typed by the player.

    Raises:
        QuitGame: If the player asked to leave.
    """
    if answer.strip().lower() in QUIT_WORDS:
        raise QuitGame


def run_game(game: Callable[[], None], console: Console) -> int:
    """Run a game and turn the way it stops into a message and an exit status.

    Args:
        game: Plays the whole game, reading answers until it is over.
        console: Where the closing message goes.

    Returns:
        :data:`EXIT_DONE`, :data:`EXIT_INPUT_CLOSED` or :data:`EXIT_INTERRUPTED`.
    """
    try:
        game()
    except QuitGame:
        console.print("You left the game. Come back soon!")
    except EOFError:
        console.print("\nInput closed: the game stops here.")
        return EXIT_INPUT_CLOSED
    except KeyboardInterrupt:
        console.print("\nInterrupted: the game stops here.")
        return EXIT_INTERRUPTED
    return EXIT_DONE
