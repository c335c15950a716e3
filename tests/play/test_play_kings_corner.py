"""`cardlab play kings_corner`: the terminal game, driven by scripted answers.

The expected penalties come from a direct replay with the reference's own engine
(``play_round`` and ``ComputerPlayer``), so the terminal game is checked against the
rules it must not copy.
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
from cardlab.play import load_game, play_game
from cardlab.play.terminal import EXIT_DONE, EXIT_INPUT_CLOSED, EXIT_INTERRUPTED
from cardlab.worker.codec import Codec

PROJECT = Project(Path(__file__).resolve().parents[2])
kings_corner = load_game(PROJECT, "kings_corner")
SEED = 3
TOTALS = re.compile(r"In this game: you (\d+), computer (\d+)\.")


def run(script: Script, *, seed: int = SEED) -> tuple[int, str]:
    out = StringIO()
    console = Console(file=out, force_terminal=False, width=100)
    code = kings_corner.play(PROJECT, seed=seed, console=console, ask=script)
    return code, out.getvalue()


@pytest.fixture
def ref():
    reference = Reference("kings_corner", PROJECT.reference_dir("kings_corner"), Codec([]))
    yield reference
    reference.close()


def replay_drawing(ref, seed: int) -> list[tuple[int, int]]:
    """The game's totals after each round when the person only ever draws."""

    class Drawer(ref.player.Player):
        def take_turn(self, table, opponent):
            if not table.draw_pile.is_empty:
                table.draw(self.hand)

    rng = random.Random(seed)
    you, computer = Drawer("You"), ref.computer_player.ComputerPlayer("Computer", rng)
    dealer, totals, after = computer, [0, 0], []
    while not ref.game.is_game_over(totals):
        first = you if dealer is computer else computer
        for player in (you, computer):
            player.hand.clear()
        draw_pile = ref.piles.DrawPile.shuffled(rng)
        table = ref.table.Table(draw_pile)
        draw_pile.deal(first.hand, dealer.hand, table.piles[:4])
        ref.game.play_round(table, first, dealer)
        totals = [totals[0] + you.penalty(), totals[1] + computer.penalty()]
        after.append(tuple(totals))
        dealer = first
    return after


@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_of_draws_scores_as_the_reference(ref, seed):
    code, out = run(_draw_then_no(), seed=seed)
    assert code == EXIT_DONE
    totals = [tuple(int(n) for n in match) for match in TOTALS.findall(out)]
    assert totals == replay_drawing(ref, seed)
    assert (
        ("You win the game!" in out)
        or ("The computer wins the game." in out)
        or ("The game is a tie." in out)
    )


def _draw_then_no() -> Script:
    """Answers 'd' at every Move> prompt and 'n' to another game."""

    class DrawThenNo(Script):
        def __call__(self, prompt: str) -> str:
            self.prompts.append(prompt)
            return "n" if prompt.startswith("Play another") else "d"

    return DrawThenNo()


BAD_LINES = ["x", "", "L 1X 3", "L K 3", "L AH 1", "L 7H 9", "L 7H a", "M 5 1", "M 1"]
"""Lines that are never a move in the first position of seed 3 (you hold no AH or 7H)."""


@pytest.mark.parametrize("line", BAD_LINES)
def test_a_bad_line_gets_one_message_and_the_prompt_again(line):
    script = Script([line, "q"])
    code, out = run(script)
    assert code == EXIT_DONE
    assert script.prompts == ["Move> ", "Move> "]
    between = out.split("Your hand:")[1].split("\n", 1)[1].split("pile   cards")[0]
    messages = [text for text in between.splitlines() if text.strip()]
    assert len(messages) == 1, messages


def test_a_refused_lay_is_explained():
    code, out = run(Script(["L QS 1", "q"]))  # seed 3: pile 1 is T♥; Q♠ does not fit
    assert code == EXIT_DONE
    assert "QS cannot go on pile 1" in out


@pytest.mark.parametrize("ten", ["10H", "10h", "10D"])
def test_a_ten_typed_with_two_digits_is_the_ten(ten):
    _, typed = run(Script([f"L {ten} 1", "q"]))
    _, notation = run(Script([f"L T{ten[-1]} 1", "q"]))
    assert "is not a card" not in typed
    assert typed == notation


def test_help_and_about():
    code, out = run(Script(["h", "A", "q"]))
    assert code == EXIT_DONE
    assert "lay a card of your hand on a pile" in out
    assert "Kings in the Corner" in out


def test_the_computer_explains_its_moves():
    code, out = run(Script(["d", "q"]))
    assert code == EXIT_DONE
    assert re.search(
        r"^Computer (lays .. on pile \d|moves pile \d onto pile \d|draws a card)", out, re.MULTILINE
    )


def test_quitting_and_the_end_of_input():
    assert run(Script(["q"]))[0] == EXIT_DONE
    code, out = run(Script(["d"]))
    assert code == EXIT_INPUT_CLOSED
    assert "Traceback" not in out
    assert run(Script([KeyboardInterrupt()]))[0] == EXIT_INTERRUPTED


def test_play_game_knows_kings_corner():
    with pytest.raises(Exception, match="no --first option"):
        play_game(PROJECT, "kings_corner", seed=1, first="human")


def test_the_command_line():
    result = CliRunner().invoke(
        main,
        ["play", "kings_corner", "--seed", "3", "--project", str(PROJECT.root)],
        input="x\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "Unknown command" in result.output
