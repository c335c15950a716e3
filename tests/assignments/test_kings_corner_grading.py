"""The kings_corner graders work: full marks for the reference, and a mistake costs points
in its own part alone.

The stubs and the seeded bugs (``graders/kings_corner/bugs.toml``) are graded by
``test_assignments.py``, as every assignment's are. Alternative solutions live in
``graders/kings_corner/alternatives/<name>/`` and are graded by ``test_assignments.py``;
among them must be computer players that choose differently within each step (lowest
card first, last pile first, the first move found), which the conformance check must
give full marks too, and which phase 3, whose games use the reference's computer player,
must give full marks as well.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from support.seeded_bugs import edited_copy

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

PHASES = (1, 2, 3)
ALTERNATIVES = Path(__file__).resolve().parents[2] / "graders" / "kings_corner" / "alternatives"


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference written out as a submission (shared by the run: copy it to change it)."""
    return solution_of("kings_corner")


def _grade(repo, phase: int, folder: Path) -> GradeReport:
    return run(project_job(repo, "kings_corner", phase, folder))


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_reference_scores_full_marks(reference_grading, phase):
    report = reference_grading("kings_corner", phase).report  # shared with test_assignments
    assert report.score == report.max_score == 100, _failures(report)
    assert not report.notes, report.notes


@pytest.mark.slow
def test_a_mistake_in_card_costs_points_in_card_alone(repo, solution, tmp_path):
    """Phase 1's piles and table are graded with the reference's Card (fair parts)."""
    ascending = "card.value == top.value + 1"
    folder = edited_copy(
        solution, tmp_path / "submission", "card.py", "card.value == top.value - 1", ascending
    )
    report = run(project_job(repo, "kings_corner", 1, folder))
    scores = {part.id: (part.score, part.max_score) for part in report.parts}
    assert scores["card"][0] < scores["card"][1], scores
    assert scores["piles"] == (45, 45) and scores["table"] == (30, 30), _failures(report)


def _alternatives() -> list[tuple[str, int]]:
    """(name, phase) of every alternative solution; its folder name starts with the phase."""
    return sorted(
        (path.name, int(path.name.split("-")[0][-1]))
        for path in ALTERNATIVES.iterdir()
        if path.is_dir()
    )


_COMPUTERS = [name for name, phase in _alternatives() if phase == 2]
"""The alternative computer players: each chooses otherwise within a step."""


def test_there_are_enough_alternatives():
    names = _alternatives()
    assert len(names) >= 5
    assert len(_COMPUTERS) >= 4, "computer players that choose differently"


@pytest.mark.slow
@pytest.mark.parametrize("name", _COMPUTERS)
def test_a_computer_that_chooses_otherwise_keeps_full_marks_in_phase_3(
    repo, solution, tmp_path, name
):
    """Phase 3 grades no computer player: its games use the reference's (fair parts).

    Every part of phase 3 is graded, not only those that run the alternative's module,
    so a part that played the student's computer and expected the reference's moves
    would show here.
    """
    folder = tmp_path / "submission"
    shutil.copytree(solution, folder)
    written = ALTERNATIVES / name
    ignored = shutil.ignore_patterns("__pycache__")
    shutil.copytree(written, folder, dirs_exist_ok=True, ignore=ignored)
    report = _grade(repo, 3, folder)
    assert report.score == report.max_score == 100, _failures(report)


@pytest.mark.parametrize("text", ["X", "d", "", "D 1"])
def test_the_codec_builds_no_move_of_an_unknown_kind(repo, text):
    """A student's Move of a kind the contract lacks never returns to them as a draw."""
    path = repo.graders_dir("kings_corner") / "codec.py"
    module_spec = importlib.util.spec_from_file_location("kings_corner_codec_under_test", path)
    codec = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(codec)
    resolve = {"table.Move": lambda *fields: fields}.__getitem__
    assert codec.move_from_notation("D", resolve) == ("D", None, None, None)
    with pytest.raises(ValueError, match="not the notation of a move"):
        codec.move_from_notation(text, resolve)
