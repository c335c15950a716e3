"""The cardgame graders work: full marks for the reference, and bad student code fails
tests with a message saying what it did, never a grader crash.

Bad code is one small edit of the solution (the reference's method modules), graded on
its part's tests only. The stubs, the seeded bugs (``graders/cardgame/bugs.toml``) and
alternative solutions are graded by ``test_assignments.py``, as every assignment's are.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.seeded_bugs import edited_copy

from cardlab.cli import main
from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport


@dataclass(frozen=True)
class Edit:
    """A one-place edit of a solution module, and the part it must cost points in."""

    id: str
    module: str
    old: str
    new: str
    part: str


# Bad student code: the edit, its part, and what the failure message must say.
BAD_INPUT = (
    (Edit("an __eq__ that raises", "card",
          "        if not isinstance(other, Card):\n            return NotImplemented\n"
          "        return self.suit is other.suit and self.rank is other.rank",
          '        raise RuntimeError("no comparing today")', "cards"),
     "raised RuntimeError: no comparing today"),
    (Edit("a __hash__ that returns a string", "card",
          "return hash((self.suit, self.rank))", 'return "card"', "cards"),
     "__hash__ method should return an integer"),
    (Edit("a clone that returns None", "base_game",
          "        return twin\n", "        return None\n", "cloning"),
     "game.clone() returned None"),
    (Edit("a clone that returns the same game", "base_game",
          "        return twin\n", "        return self\n", "cloning"),
     "game.clone() returned the game itself"),
    (Edit("a play that raises ValueError", "trick",
          'raise IllegalMove(f"{who} cannot play {card}: it is not in their hand")',
          'raise ValueError(f"{who} cannot play {card}: it is not in their hand")',
          "illegal-moves"),
     "should raise IllegalMove, but raised ValueError"),
    (Edit("a play that returns instead of raising", "trick",
          'raise IllegalMove(f"{who} cannot play {card}: it is not in their hand")',
          "return", "illegal-moves"),
     "should raise IllegalMove, but it returned without raising"),
    (Edit("an IllegalMove class of the student's own", "trick",
          "from .illegal_move import IllegalMove\n",
          "\n\nclass IllegalMove(Exception):\n    pass\n", "illegal-moves"),
     "cardgame.trick.IllegalMove, a class of your own"),
)


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference written out as a submission (shared by the run: copy it to change it)."""
    return solution_of("cardgame")


def _grade(repo, folder: Path, part: str | None = None) -> GradeReport:
    """Grade phase 1: the tests of one part, or of all of them."""
    return run(project_job(repo, "cardgame", 1, folder), parts=(part,) if part else ())


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


def _edited(solution: Path, folder: Path, edit: Edit) -> Path:
    return edited_copy(solution, folder, f"{edit.module}.py", edit.old, edit.new)


def _part(report: GradeReport, part_id: str):
    return next(part for part in report.parts if part.id == part_id)


@pytest.mark.slow
def test_the_reference_scores_full_marks(reference_grading):
    report = reference_grading("cardgame", 1).report
    assert report.score == report.max_score == 100, _failures(report)
    assert [part.max_score for part in report.parts] == [20, 20, 20, 30, 10]
    assert not report.notes, report.notes


@pytest.mark.slow
@pytest.mark.parametrize(("edit", "said"), BAD_INPUT, ids=[edit.id for edit, _ in BAD_INPUT])
def test_bad_student_code_fails_a_test_saying_what_it_did(repo, solution, tmp_path, edit, said):
    report = _grade(repo, _edited(solution, tmp_path / "submission", edit), edit.part)
    part = _part(report, edit.part)
    assert part.score < part.max_score
    messages = [test.message for test in report.failures]
    assert any(said in message for message in messages), messages[:3]
    assert not any("could not finish" in message for message in messages), messages
    assert not report.notes, report.notes


@pytest.mark.slow
def test_a_zipped_folder_of_the_four_edited_files_is_found_and_graded(repo, tmp_path):
    solution = repo.reference_dir("cardgame")
    archive = tmp_path / "alice.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for module in repo.spec("cardgame").submitted_modules(1):
            zipped.write(solution / f"{module}.py", f"alice/cardgame/{module}.py")
    report_file = tmp_path / "alice.json"

    result = CliRunner().invoke(main, [
        "grade", "cardgame", "--phase", "1", "--submission", str(archive), "--format", "json",
        "--output", str(report_file), "--project", str(repo.root), "--test", "part1",
    ])

    assert result.exit_code == 0, result.output
    report = json.loads(report_file.read_text())
    cards = next(part for part in report["parts"] if part["id"] == "cards")
    assert cards["tests"] and cards["score"] == cards["max_score"] > 0
