"""The bisca graders work: full marks for the reference, and the same report twice.

The stubs, the seeded bugs (``graders/bisca/bugs.toml``) and alternative solutions are
graded by ``test_assignments.py``, as every assignment's are.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

PHASES = (1, 2, 3)


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference written out as a submission (shared by the run: copy it to change it)."""
    return solution_of("bisca")


def _grade(repo, phase: int, folder: Path) -> GradeReport:
    return run(project_job(repo, "bisca", phase, folder))


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_reference_scores_full_marks(reference_grading, phase):
    report = reference_grading("bisca", phase).report
    assert report.score == report.max_score == 100, _failures(report)
    assert not report.notes, report.notes
    # the tournament's share goes to the class leaderboard: the reference against
    # itself, every deal in both seats, shares its points about evenly
    shares = [entry.value for entry in report.leaderboard if entry.name == "Tournament share"]
    assert shares == ([pytest.approx(0.5, abs=0.15)] if phase == 3 else [])


def _without_timing(data: dict) -> dict:
    data = dict(data, seconds=None)
    data["parts"] = [
        dict(part, tests=[dict(test, seconds=None) for test in part["tests"]])
        for part in data["parts"]
    ]
    return data


@pytest.mark.slow
def test_the_same_submission_gets_the_same_report(repo):
    from cardlab.demo import example_submission
    from cardlab.reports import to_json

    reports = [to_json(_grade(repo, 2, example_submission(repo))) for _ in range(2)]
    assert reports[0]["score"] < 100
    assert _without_timing(reports[0]) == _without_timing(reports[1])


def test_bisca_has_three_differently_worded_console_games(repo):
    found = list((repo.graders_dir("bisca") / "alternatives").glob("*/play.py"))
    assert len(found) >= 3, f"bisca: {len(found)} alternative console games"
