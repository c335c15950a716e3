"""Call limits in cardlab's own tests: generous for honest code, small only for a hang.

An honest call must finish within its limit on a machine however busy (a loaded CI
machine has taken seconds over a call that takes a millisecond when quiet), so every
limit that honest code meets is :data:`HONEST_CALL_SECONDS` or more. A test that needs
a call to time out calls code that never finishes, and gives a small limit only to a
grading in which no honest call has to meet it.

A test that shows a hanging player forfeits waits out the call limit in every game it
hangs. Where the work runs in processes of its own that read the spec from the project
(a class tournament's matches), ``dataclasses.replace`` on a loaded spec cannot reach
it: the copy here has the spec file itself changed, and its other folders are links to
the original's, so it grades with the same reference, graders and stubs. Where the work
runs in the test's process, :func:`job_with_call_seconds` changes the loaded spec.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from cardlab.course.project import Project
from cardlab.judge.grading import GradingJob

HONEST_CALL_SECONDS = 60.0
"""A call limit that honest code meets on any machine, however loaded."""
SHARED_CALL_SECONDS = 30.0
"""The call limit of a grading in which a hang and honest calls meet (a class with one
hanging submission): the least that is still generous for the honest ones."""

_CALL_SECONDS = re.compile(r"^call_seconds = [0-9.]+", re.M)
_NOT_LINKED = {"specs", ".cardlab"}
"""The copy's own: its specs, and its course secret (made afresh)."""


def with_call_seconds(project: Project, folder: Path, assignment: str, seconds: float) -> Project:
    """A project in ``folder`` like ``project``, but ``assignment`` allows ``seconds`` a call.

    The copy makes a course secret of its own, so it draws other deals and seeds.
    """
    (folder / "specs").mkdir(parents=True)
    text = project.spec_path(assignment).read_text(encoding="utf-8")
    changed, found = _CALL_SECONDS.subn(f"call_seconds = {seconds!r}", text)
    assert found == 1, f"{assignment}'s spec no longer has one call_seconds line: update this"
    (folder / "specs" / f"{assignment}.toml").write_text(changed, encoding="utf-8")
    for entry in project.root.iterdir():
        if entry.name not in _NOT_LINKED:
            (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    copy = Project(folder)
    assert copy.spec(assignment).limits.call_seconds == seconds
    return copy


def job_with_call_seconds(job: GradingJob, seconds: float) -> GradingJob:
    """``job`` with each call into student code allowed ``seconds``."""
    limits = replace(job.spec.limits, call_seconds=seconds)
    return replace(job, spec=replace(job.spec, limits=limits))


def timed_out(seconds: float) -> str:
    """What a report says of a call into student code that outlived ``seconds``."""
    return f"did not finish within {seconds:g} s"
