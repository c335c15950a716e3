"""Kinds of rubric parts: every part has one, and the grading run only iterates them."""

from __future__ import annotations

import pytest

from cardlab.course.spec import Part, Phase
from cardlab.judge import parts
from cardlab.judge.grading import project_job, run
from cardlab.judge.parts.code import CodePart
from cardlab.judge.parts.kind import FIRST, PartsRun
from cardlab.judge.parts.manual import ManualPart
from cardlab.judge.parts.strength import StrengthPart
from cardlab.judge.parts.student_tests import StudentTestsPart
from cardlab.judge.results import PartResult


@pytest.mark.parametrize(
    ("assignment", "phase", "part", "kind"),
    [
        ("bisca", 2, "card", CodePart),
        ("bisca", 3, "tournament", StrengthPart),
        ("hearts", 1, "tests-1", StudentTestsPart),
        ("whist", 2, "description", ManualPart),
    ],
)
def test_each_part_of_the_assignments_has_its_kind(repo, assignment, phase, part, kind):
    graded = repo.spec(assignment).phase(phase)
    by_id = {p.id: p for p in graded.parts}
    assert part in by_id, sorted(by_id)
    assert type(parts.kind_of(by_id[part], graded)) is kind


def test_the_last_kind_claims_every_part(repo):
    for assignment in repo.assignments():
        spec = repo.spec(assignment)
        for phase in spec.phases:
            assert all(parts.KINDS[-1].claims(part, phase) for part in phase.parts)


class _MarkedByAKindOfItsOwn:
    """A new kind of part, for the toy's tally: a fixed score and a note of its run."""

    def claims(self, part: Part, phase: Phase) -> bool:
        return part.id == "tally"

    def order(self, hidden: bool) -> tuple[int, int]:
        return FIRST

    def run(self, part: Part, grading: PartsRun) -> list[str]:
        return [f"{part.id}: run by a kind of its own"]

    def score(self, part: Part, grading: PartsRun) -> PartResult:
        return PartResult(part.id, part.title, 12.0, part.points, (), "scored by its kind")


def test_a_new_kind_of_part_is_run_and_scored_without_changing_the_run(toy, monkeypatch):
    monkeypatch.setattr(parts, "KINDS", (_MarkedByAKindOfItsOwn(), *parts.KINDS))
    report = run(project_job(toy, "toy", 1, toy.reference_dir("toy")))
    tally = next(part for part in report.parts if part.id == "tally")
    assert (tally.score, tally.note, tally.tests) == (12.0, "scored by its kind", ())
    assert "tally: run by a kind of its own" in report.notes
    assert report.score == 40 + 12
