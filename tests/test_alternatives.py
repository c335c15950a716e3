"""Alternative solutions, written only from the docstrings, score full marks.

Each folder under ``tests/alternatives/<assignment>/`` holds a different, correct way of
writing some of the student's modules (another representation, loops instead of
comprehensions, a clone by hand instead of ``deepcopy``, strict checks of the types it
receives). The rest of the submission is the reference solution, and only the parts that
run the alternative's modules are graded (``alternative_grading``). A grader that fails
one of them checks the reference's choices rather than the contract, or sends student
code values of other types than the documented ones.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from alternative_grading import points_lost

from cardlab.course.project import Project

REPO = Path(__file__).resolve().parents[1]
ALTERNATIVES = Path(__file__).resolve().parent / "alternatives"


def _cases() -> list[tuple[str, str, int]]:
    """(assignment, alternative, phase) for every phase that grades one of its modules."""
    cases = []
    for folder in sorted(ALTERNATIVES.glob("*/*")):
        spec = Project(REPO).spec(folder.parent.name)
        modules = {path.stem for path in folder.glob("*.py")}
        for phase in spec.phases:
            graded = set(phase.writes) | {m.split(".")[0] for m in phase.methods}
            if modules & graded:
                cases.append((spec.id, folder.name, phase.number))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "name", "phase"), _cases())
def test_an_alternative_solution_scores_full_marks(
    repo, solution_of, tmp_path, assignment, name, phase
):
    submission = tmp_path / "submission"
    shutil.copytree(solution_of(assignment), submission)
    modules = sorted((ALTERNATIVES / assignment / name).glob("*.py"))
    for module in modules:
        shutil.copyfile(module, submission / module.name)
    lost = points_lost(repo, assignment, phase, submission, [module.stem for module in modules])
    assert not lost, "\n".join(lost)


def test_every_assignment_has_five_alternatives():
    for assignment in ("bisca", "cardgame"):
        found = [p for p in (ALTERNATIVES / assignment).glob("*") if p.is_dir()]
        assert len(found) >= 5, f"{assignment}: {len(found)} alternative solutions"


def test_bisca_has_three_differently_worded_console_games():
    found = list((ALTERNATIVES / "bisca").glob("*/play.py"))
    assert len(found) >= 3, f"bisca: {len(found)} alternative console games"
