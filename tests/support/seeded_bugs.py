"""Seeded bugs: read from an assignment's ``bugs.toml``, graded on their part alone.

Whether the part loses any points is all a seeded-bug test asks, so the other parts'
tests, the tests after the first that loses points and hypothesis's shrinking of the
failing example would only add time (``cardlab mutants`` grades its mutants the same way).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from cardlab.course.project import Project
from cardlab.course.registry import SeededBug, read_bugs
from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport
from support.call_limits import job_with_call_seconds

Bug = SeededBug
"""A seeded bug, as the registry reads it from ``bugs.toml``."""


def load_bugs(path: Path, assignment: str) -> list[Bug]:
    """The seeded bugs of an assignment's ``bugs.toml`` (none when there is no file)."""
    return list(read_bugs(path, assignment).bugs)


def grade_bug(
    project: Project,
    assignment: str,
    phase: int,
    folder: Path,
    part: str,
    call_seconds: float | None = None,
) -> GradeReport:
    """Grade ``folder`` on the tests of ``part`` until one of them loses points.

    Args:
        call_seconds: The time limit of one call into the submission, for a bug that
            hangs: it loses its points by waiting out the limit, whose size is the
            spec's (several seconds) unless given.
    """
    job = project_job(project, assignment, phase, folder)
    if call_seconds is not None:
        job = job_with_call_seconds(job, call_seconds)
    return run(job, parts=(part,), stop_at_first_loss=True)


def edited_copy(solution: Path, folder: Path, file: str, old: str, new: str) -> Path:
    """A copy of ``solution`` in ``folder`` with ``old`` (found once) in ``file`` made ``new``."""
    shutil.copytree(solution, folder)
    target = folder / file
    text = target.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the reference no longer has {old!r} in {file}: update the test"
    target.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def points_a_bug_costs(
    project: Project, assignment: str, phase: int, folder: Path, part: str
) -> tuple[float, float]:
    """The points ``folder`` loses in ``part``, every test of the part graded, of its total."""
    report = run(project_job(project, assignment, phase, folder), parts=(part,))
    graded = next(p for p in report.parts if p.id == part)
    return graded.max_score - graded.score, graded.max_score
