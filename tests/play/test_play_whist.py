"""`cardlab play whist`: the terminal game, driven by scripted answers.

The result of a watched game is compared with the reference's own ``advanced_game``
played with the same seed, so the terminal game is checked against the rules it must
not copy.
"""

from __future__ import annotations

import itertools
import random
from io import StringIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from support.play_script import Script

from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.errors import CardlabError
from cardlab.judge.reference import Reference
from cardlab.play import load_game
from cardlab.play.terminal import EXIT_DONE, EXIT_INPUT_CLOSED
from cardlab.worker.codec import Codec

PROJECT = Project(Path(__file__).resolve().parents[2])
whist = load_game(PROJECT, "whist")


def run(ask, *, seed: int, mode: str = "human") -> tuple[int, str]:
    out = StringIO()
    console = Console(file=out, force_terminal=False, width=200)
    code = whist.play(PROJECT, seed=seed, mode=mode, console=console, ask=ask)
    return code, out.getvalue()


def reference_advanced_game(seed: int) -> list[str]:
    reference = Reference.of_packages(
        {package: PROJECT.package_dir(package) for package in whist.PACKAGES}, Codec([])
    )
    lines: list[str] = []
    try:
        reference.whist.basic_whist.advanced_game(random.Random(seed), lines.append)
    finally:
        reference.close()
    return lines


def test_watching_plays_the_references_advanced_game():
    code, out = run(Script(), seed=4, mode="watch")
    assert code == EXIT_DONE
    expected = reference_advanced_game(4)
    assert expected[-1] in out  # "Players 1 and 3 win 9 to 0."
    assert out.count("Trumps are") == sum(line.startswith("Trumps are") for line in expected)


def test_a_person_plays_a_whole_game_with_any_answers_until_one_fits():
    answers = itertools.cycle([str(n) for n in range(1, 14)])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    code, out = run(ask, seed=11)
    assert code == EXIT_DONE
    assert "Game over" in out and ("You and player 3 win" in out or "Players 2 and 4 win" in out)
    assert "You must follow suit" in out
    assert prompts and all(p.startswith("Your card (1-") for p in prompts)
    assert "Trumps: " in out and "Score: you and player 3 " in out


def test_quitting_and_the_end_of_input():
    assert run(Script(["q"]), seed=2)[0] == EXIT_DONE
    code, out = run(Script([]), seed=2)
    assert code == EXIT_INPUT_CLOSED and "Input closed" in out


def test_an_unknown_mode_is_refused():
    with pytest.raises(CardlabError, match="mode must be one of human, watch"):
        whist.play(PROJECT, seed=1, mode="spectate")


def test_the_command_line_takes_mode():
    result = CliRunner().invoke(main, ["play", "whist", "--mode", "watch", "--seed", "4",
                                       "--project", str(PROJECT.root)])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    wrong = CliRunner().invoke(main, ["play", "whist", "--first", "human",
                                      "--project", str(PROJECT.root)])
    assert wrong.exit_code != 0 and "whist has no --first option" in wrong.output


def test_watch_is_one_convention_with_the_older_mode_kept():
    runs = {
        spelling: CliRunner().invoke(
            main, ["play", "whist", *spelling, "--seed", "4", "--project", str(PROJECT.root)]
        )
        for spelling in (("--watch",), ("--mode", "watch"))
    }
    for result in runs.values():
        assert result.exit_code == 0, result.output
        assert "players 1 and 3 play the advanced strategy" in result.output
    assert runs[("--watch",)].output == runs[("--mode", "watch")].output
    hearts = CliRunner().invoke(
        main, ["play", "hearts", "--watch", "--seed", "2", "--project", str(PROJECT.root)]
    )
    assert hearts.exit_code == 0 and "watching four computer players" in hearts.output
    shown = " ".join(CliRunner().invoke(main, ["play", "--help"]).output.split())
    assert "--watch hearts: watch" in shown and "; whist: watch" in shown
