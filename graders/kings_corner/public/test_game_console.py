"""Public tests of the console program (phase 3): main with typed input."""

import pytest

from cardlab.testing import expect_equal, expect_true

pytestmark = pytest.mark.part("console-games")

FIRST_TABLE_SEED_5 = [
    "Pile 1: JD",
    "Pile 2: 5H",
    "Pile 3: 4S",
    "Pile 4: QD",
    "Pile 5:",
    "Pile 6:",
    "Pile 7:",
    "Pile 8:",
    "Computer Player has 7 cards",
    "Your hand: JC 9S 8S 8H 6S 4H AS",
]


def lines_before_first_prompt(out):
    return [line.rstrip() for line in out.split("Move>")[0].splitlines() if line.strip()]


def test_the_first_table(student):
    """main(['--seed', '5']): the first table shown is that of the seed's first deal."""
    run = student.console(student.pkg.game.main, ["--seed", "5"], stdin="q\n", seconds=5)
    expect_true(run.raised is None, f"main(['--seed', '5']) typed q: raised {run.raised}")
    expect_equal(
        lines_before_first_prompt(run.out)[-10:],
        FIRST_TABLE_SEED_5,
        "main(['--seed', '5']): the ten lines before the first Move> prompt",
    )
    expect_equal(run.result, 0, "main returns 0 after q")


def test_end_of_input(student):
    """When input ends, main prints 'Game abandoned.' and returns 1, without a traceback."""
    run = student.console(student.pkg.game.main, ["--seed", "5"], stdin="d\nd\n", seconds=5)
    expect_true(run.raised is None, f"main(['--seed', '5']) with input ending: raised {run.raised}")
    expect_true("Game abandoned." in run.out, "the line 'Game abandoned.' when input ends")
    expect_equal(run.result, 1, "main returns 1 when input ends")
