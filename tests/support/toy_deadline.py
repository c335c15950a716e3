"""A toy project whose phase 1 has a deadline, and a small class handed in around it.

The copy's spec adds ``[phase.deadline]`` (and, if asked, ``[phase.gradescope]``) to the
toy spec's phase 1; its other folders are links to the original's, so it grades with
the same reference and graders.
"""

from __future__ import annotations

from pathlib import Path

from cardlab.course.project import Project

DUE = "2026-03-06T23:59:00+01:00"
LATE_DUE = "2026-03-09T23:59:00+01:00"
DEADLINE = f"""
  [phase.deadline]
  due = {DUE}
  late_due = {LATE_DUE}
  penalty = 10
  per = "day"
  cap = 25
"""
_AFTER = 'writes = ["counter"]\n'


def toy_with_deadline(toy: Project, folder: Path, table: str = DEADLINE) -> Project:
    """A project like the toy one whose phase 1 has the deadline ``table`` (TOML)."""
    (folder / "specs").mkdir(parents=True)
    text = toy.spec_path("toy").read_text(encoding="utf-8")
    assert text.count(_AFTER) == 1, "the toy spec changed: update this copy"
    (folder / "specs" / "toy.toml").write_text(text.replace(_AFTER, _AFTER + table))
    for entry in toy.root.iterdir():
        if entry.name not in {"specs", ".cardlab"}:
            (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return Project(folder)
