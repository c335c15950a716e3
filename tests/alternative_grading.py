"""Grading an alternative solution: only the parts whose tests run its modules.

An alternative solution is the reference solution with some of its modules written
another way. A part whose tests run none of those modules (``Spec.parts_running``: with
fair parts, every part that grades other code) runs exactly the reference solution's
code, and grading is deterministic, so it scores what the reference scores, which
``test_the_reference_scores_full_marks`` checks once a run. Grading it again would only
add time.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardlab.course.project import Project
from cardlab.judge.grading import project_job, run


def points_lost(
    project: Project, assignment: str, phase: int, folder: Path, modules: Iterable[str]
) -> list[str]:
    """Grade the parts of ``phase`` that run any of ``modules`` of the submission ``folder``.

    Returns:
        A line for each of those parts short of full marks and for each test that lost
        points, then the report's notes: empty when the alternative scored full marks.
    """
    parts = project.spec(assignment).parts_running(phase, modules)
    assert parts, f"no part of {assignment} phase {phase} runs {sorted(modules)}"
    report = run(project_job(project, assignment, phase, folder), parts=parts)
    short = [
        f"part {p.id}: {p.score} of {p.max_score}"
        for p in report.parts
        if p.id in parts and p.score < p.max_score
    ]
    tests = [f"{t.id}: {t.message.splitlines()[0]}" for t in report.tests if t.fraction < 1]
    return [*short, *tests, *report.notes]
