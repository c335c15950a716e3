"""A student's check runs their own tests on their own code, and scores only what it checks.

Checked in a hearts phase-1 handout: the part of the student's own tests and the part of
hidden tests alone show no points and stay out of the total; the student's tests run on
the student's code, and the report names the ones that fail and how to run them.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from cardlab.course.handout import build_handout
from cardlab.judge.grading import handout_job, run
from cardlab.judge.own_tests import OWN_CODE_TITLE
from cardlab.judge.results import FAILED, PASSED
from cardlab.reports import render

MINE = """
    from hearts.card import Card

    def test_queen_of_spades():
        assert Card.from_notation("QS").points == 13

    def test_two_of_clubs():
        assert Card.from_notation("2C").points == {points}
"""


@pytest.fixture(scope="module")
def handout(repo, tmp_path_factory) -> Path:
    """A hearts phase-1 handout whose student wrote the reference's modules."""
    folder = build_handout(
        repo,
        repo.spec("hearts"),
        1,
        tmp_path_factory.mktemp("own") / "handout",
        pythons=(Path(sys.executable),),
    )
    for module in ("card", "rules", "player"):
        shutil.copyfile(
            repo.root / "reference" / "hearts" / f"{module}.py", folder / "hearts" / f"{module}.py"
        )
    (folder / "hearts" / "tests").mkdir()
    return folder


def _check(handout: Path, points: int):
    (handout / "hearts" / "tests" / "test_mine.py").write_text(
        textwrap.dedent(MINE.format(points=points))
    )
    report = run(handout_job(handout))
    parts = {part.id: part for part in report.parts}
    return report, parts["tests-1"], parts["legality"]


def test_a_failing_own_test_is_named_with_the_command_that_runs_them(handout):
    report, mine, legality = _check(handout, points=1)
    (own,) = mine.tests
    assert own.name == OWN_CODE_TITLE and own.status == FAILED and own.weight == 0
    assert "1 of your 2 tests fail on your code" in own.message
    assert "test_mine.py::test_two_of_clubs" in own.message
    assert own.message.endswith("Run it again: python -m pytest hearts/tests")
    assert not mine.scored and not legality.scored
    text = render(report, "text")
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if line.count("│") == 4}
    assert rows[mine.title].split("│")[3].strip() == "—", "no points for what grading scores"
    assert rows[legality.title].split("│")[2].strip() == "when graded"
    checked = sum(part.max_score for part in report.parts if part.scored)
    assert checked == report.max_score - mine.max_score - legality.max_score
    assert f"{report.score:g} / {checked:g}" in text.split("Total")[1].splitlines()[0]
    assert " 0 / 20 " not in text and " 0 / 10 " not in text
    assert "Run it again: python -m pytest hearts/tests" in text


def test_own_tests_that_pass_say_so_and_earn_nothing_here(handout):
    report, mine, _ = _check(handout, points=0)
    (own,) = mine.tests
    assert own.status == PASSED, own.message
    assert "all 2 of your tests pass on your code" in own.message
    assert mine.score == 0 and report.score == sum(p.score for p in report.parts if p.scored)
