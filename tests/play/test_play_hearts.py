"""`cardlab play hearts`: watching and playing South with scripted answers.

The expected events come from a direct replay with the reference game, so the terminal
game is checked against the rules it must not copy.
"""

from __future__ import annotations

import random
import re
from io import StringIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from support.play_script import Script

from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.judge.reference import Reference
from cardlab.play import load_game
from cardlab.play.terminal import EXIT_DONE, EXIT_INPUT_CLOSED
from cardlab.worker.codec import Codec

PROJECT = Project(Path(__file__).resolve().parents[2])
hearts = load_game(PROJECT, "hearts")
PLAY = re.compile(r"^(North|East|South|West) (leads|plays) (\S+)$")


def run(
    script: Script, *, seed: int = 4, watch: bool = False, **options
) -> tuple[int, str]:
    out = StringIO()
    console = Console(file=out, force_terminal=options.pop("terminal", False), width=100)
    code = hearts.play(PROJECT, seed=seed, watch=watch, console=console, ask=script, **options)
    return code, out.getvalue()


def reference_plays(seed: int) -> list[str]:
    reference = Reference("hearts", PROJECT.reference_dir("hearts"), Codec([]))
    try:
        kinds = [reference.dealer.Dealer] + [reference.player.Player] * 3
        players = [k(hearts.SEATS[s], random.Random(seed + s)) for s, k in enumerate(kinds)]
        events = reference.game.Hearts(players).play_game()
        return [f"{hearts.SEATS[e.seat]} {e.kind}s {e.card}" for e in events if e.card]
    finally:
        reference.close()


def test_watching_shows_every_card_of_the_reference_game():
    code, out = run(Script([]), seed=4, watch=True)
    assert code == EXIT_DONE
    shown = [line.strip() for line in out.splitlines() if PLAY.match(line.strip())]
    assert shown == reference_plays(4)
    assert "wins the game!" in out and "Totals:" in out and "trick" in out


def test_a_refused_card_gives_the_reason_and_asks_again():
    answers = ["zz"] + [str(n) for _ in range(200) for n in range(1, 14)]
    code, out = run(Script(answers), seed=5)
    assert code == EXIT_DONE
    assert "'zz' is not a card" in out
    assert re.search(r"Refused: (follow suit|hearts are not broken|no heart)", out)
    assert "wins the game!" in out


def test_quit_and_end_of_input():
    code, _ = run(Script(["q"]), seed=6)
    assert code == EXIT_DONE
    code, _ = run(Script([]), seed=6)
    assert code == EXIT_INPUT_CLOSED


def test_the_command_line_takes_watch():
    result = CliRunner().invoke(
        main, ["play", "hearts", "--watch", "--seed", "2", "--project", str(PROJECT.root)]
    )
    assert result.exit_code == 0, result.output
    assert "wins the game!" in result.output


def test_an_empty_line_asks_for_a_card_and_help_lists_the_cards_allowed():
    answers = ["", "help"] + [str(n) for _ in range(200) for n in range(1, 14)]
    code, out = run(Script(answers), seed=5)
    assert code == EXIT_DONE
    assert "'' is not a card" not in out
    assert "Type a card: 1 to 13, or a card like QS (help says more)." in out
    allowed = re.search(r"You may play now: ((?:\S+ )+)", out)
    assert allowed, out
    assert all(card[-1] == "♣" for card in allowed[1].split()), "South follows North's 2♣"


def test_a_watched_game_is_paced_on_a_terminal_only():
    paused: list[int] = []
    code, out = run(Script([]), seed=4, watch=True, terminal=True,
                    pause=lambda: paused.append(1))
    assert code == EXIT_DONE
    assert len(paused) == out.count(" takes the trick") > 0, "a pause after every trick"
    assert hearts.play(PROJECT, seed=4, watch=True, console=Console(file=StringIO())) == EXIT_DONE


def test_a_piped_watch_never_pauses(monkeypatch):
    monkeypatch.setattr(hearts.time, "sleep", lambda seconds: pytest.fail("paused"))
    code, _ = run(Script([]), seed=4, watch=True)
    assert code == EXIT_DONE
