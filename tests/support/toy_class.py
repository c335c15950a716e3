"""A small graded class of the toy assignment, with a part marked by hand.

The toy project's copy here adds to phase 1 a part the instructor marks by hand
(``notes``, 10 points, the file ``NOTES.md``); its other folders are links to the
original's. :func:`graded_class` grades a few toy submissions into an output folder
with ``cardlab grade-all``, as an instructor would before importing marks or exporting.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from rich.console import Console

from cardlab.batch.console import write_and_print
from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.course.project import Project
from support.toy_submissions import GOOD_TALLY, with_add

NOTES_PART = """
  [[phase.part]]
  id = "notes"
  title = "Notes on the tally"
  points = 10
  manual = "NOTES.md"

"""
_BEFORE = "  [[phase.equivalent]]"
GOOD = GOOD_TALLY
BUGGY = with_add("        return a - b")


def toy_with_notes(toy: Project, folder: Path) -> Project:
    """A project like the toy one whose phase 1 also has the hand-marked part ``notes``."""
    (folder / "specs").mkdir(parents=True)
    text = toy.spec_path("toy").read_text(encoding="utf-8")
    assert text.count(_BEFORE) == 1, "the toy spec changed: update this copy"
    (folder / "specs" / "toy.toml").write_text(text.replace(_BEFORE, NOTES_PART + _BEFORE))
    for entry in toy.root.iterdir():
        if entry.name not in {"specs", ".cardlab"}:
            (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return Project(folder)


def graded_class(project: Project, folder: Path, students: dict[str, str | None]) -> Path:
    """Grade ``students`` (id -> source of counter.py, or None for an empty folder).

    Returns:
        The output folder of the batch (``folder / "out"``), class files written.
    """
    subs = folder / "subs"
    for student, source in students.items():
        (subs / student).mkdir(parents=True)
        if source is not None:
            (subs / student / "counter.py").write_text(textwrap.dedent(source))
            (subs / student / "NOTES.md").write_text("The tally keeps a running total.\n")
    output = folder / "out"
    grade_all(project, BatchRequest("toy", 1, subs, output, jobs=2))
    write_and_print(project, "toy", 1, output, Console(quiet=True))
    return output
