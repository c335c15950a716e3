"""``cardlab export moodle``: a CSV file for Moodle's grade import.

Moodle's gradebook imports a CSV file (Grades, Import, CSV file) whose first row names
the columns; on the import page you map one column to the field that identifies the
user (``username``, ``idnumber``, ``email`` or Moodle's user ``id``) and each other
column to a grade item. The file written here has two columns: the identity, headed
by the field it is meant to map to (``--identity``, by default ``username``), holding
the submission folder names, and the grade, headed by the grade item's name (``--item``,
by default the assignment's title and phase), holding each student's total from the
class store, marks given by hand included, in the phase's points.

Moodle stops the whole import at a user it does not know, so only the students of the
store are written, and a failed grading (no total) is left out rather than written
empty, which would clear a grade Moodle already has. Cells that a spreadsheet would
take for a formula get an apostrophe (:mod:`cardlab.spreadsheet`).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import CardlabError
from ..spreadsheet import write_csv
from .class_totals import ClassTotals

IDENTITIES = ("username", "idnumber", "email", "id")
"""Moodle's fields that identify a user in a grade import."""
DEFAULT_IDENTITY = "username"


def write_moodle_import(
    path: Path, totals: ClassTotals, item: str, identity: str = DEFAULT_IDENTITY
) -> int:
    """Write Moodle's grade-import CSV: identity and total, one row per student.

    Returns:
        How many students were written.

    Raises:
        CardlabError: The file cannot be written.
    """
    rows = [[student, round(total, 2)] for student, total in sorted(totals.totals.items())]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_csv(path, [identity, item], rows)
    except OSError as error:
        raise CardlabError(f"could not write {path} ({error.strerror})") from None
    return len(rows)
