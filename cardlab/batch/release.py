"""``cardlab release DIR``: each student's report as files to hand back through the LMS.

From the class store in ``DIR`` (the output folder of ``cardlab grade-all``), marks given
by hand included, into ``DIR/release`` (or ``--output``), for every student whose
grading finished:

* ``<name>.html``: the student's page, as the class's site shows it but without the link
  to the class (:func:`~cardlab.batch.site.student_page`);
* ``<name>.txt``: the text report, as ``reports/<student>.txt`` holds it;
* ``files.csv``: which student each name is (``student_id``, ``html``, ``txt``).

``<name>`` is the student id when it is a portable file name, else the id's portable
characters and a short hash of it (:mod:`.file_names`). A submission whose grading
failed is not released (its student is named, to grade again), and neither is any
file of an earlier release of a student now gone: the files an earlier ``files.csv``
lists are removed first. A folder that is not empty and holds no ``files.csv`` is
refused, so that a release never mixes with other files.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path

from ..course.output import make_folder
from ..errors import CardlabError
from ..spreadsheet import unneutralised, write_csv
from .file_names import file_names
from .gradebook import report_text
from .marks import class_record, unmarked_parts
from .site import student_page
from .store import FAILED, GRADED, Outcome, stored_batch

RELEASE = "release"
MANIFEST = "files.csv"
_SUFFIXES = (".html", ".txt")


@dataclass(frozen=True)
class Release:
    """What a release wrote.

    Attributes:
        folder: Where the files are.
        students: The students released, by id.
        failed: Students not released: their grading failed.
        unmarked: Students released with a part marked by hand still to mark.
    """

    folder: Path
    students: tuple[str, ...]
    failed: tuple[str, ...]
    unmarked: tuple[str, ...]


def release(grades: Path, folder: Path | None = None) -> Release:
    """Write every finished student's report into ``folder`` (default ``grades/release``).

    Raises:
        CardlabError: ``grades`` holds no class store, or ``folder`` is not empty and
            holds no earlier release.
    """
    assignment, phase = stored_batch(grades)
    target = folder or grades / RELEASE
    earlier = _earlier_files(target)
    outcomes = class_record(grades, assignment, phase)
    heading = f"{_title(outcomes, assignment)}, phase {phase}"
    released = [o for o in outcomes if o.status != FAILED]
    names = file_names(o.student for o in released)
    make_folder(target)
    for stale in earlier:
        (target / stale).unlink(missing_ok=True)
    for outcome in released:
        name = names[outcome.student]
        page = student_page(outcome, heading, back=None)
        (target / f"{name}.html").write_text(page, encoding="utf-8")
        (target / f"{name}.txt").write_text(report_text(outcome), encoding="utf-8")
    write_csv(
        target / MANIFEST,
        ["student_id", "html", "txt"],
        ([o.student, f"{names[o.student]}.html", f"{names[o.student]}.txt"] for o in released),
    )
    return Release(
        folder=target,
        students=tuple(o.student for o in released),
        failed=tuple(o.student for o in outcomes if o.status == FAILED),
        unmarked=tuple(o.student for o in released if unmarked_parts(o)),
    )


def _earlier_files(folder: Path) -> list[str]:
    """The files an earlier release in ``folder`` wrote, to remove before this one.

    Raises:
        CardlabError: ``folder`` holds other files and no ``files.csv``.
    """
    manifest = folder / MANIFEST
    if not folder.is_dir():
        return []
    if not manifest.is_file():
        if any(folder.iterdir()):
            raise CardlabError(
                f"{folder} is not empty and holds no earlier release ({MANIFEST}); "
                "name an empty or new folder with --output"
            )
        return []
    with manifest.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    listed = [unneutralised(row.get(column) or "") for row in rows for column in ("html", "txt")]
    return [name for name in listed if name.endswith(_SUFFIXES) and Path(name).name == name]


def _title(outcomes: list[Outcome], assignment: str) -> str:
    """The assignment's title, as its reports give it (its id when none was graded)."""
    for outcome in outcomes:
        if outcome.status == GRADED and outcome.report_json:
            return str(json.loads(outcome.report_json)["title"])
    return assignment
