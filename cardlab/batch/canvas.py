"""``cardlab export canvas``: a gradebook exported from Canvas, with one assignment filled in.

Canvas exports a course's gradebook (Grades, Export) as a CSV file and imports one of
the same shape. Its first row names the columns: the student's identity (``Student``,
``ID``, ``SIS User ID``, ``SIS Login ID``, perhaps ``Integration ID`` and ``Root
Account``, then ``Section``), then one column per assignment, titled with the
assignment's Canvas id in brackets (``Bisca, phase 3 (4821)``), then read-only totals.
A row whose first cell is empty may follow, marking assignments posted by hand; then
comes the ``Points Possible`` row, and a row per student.

The export keeps every row and every cell of the file as it came, and fills only the
named assignment's column: each student's total from the class store (marks given by
hand included), scaled from the phase's points to the column's points possible. A
student is found by the column that holds the names of the submission folders
(``--match``, by default ``SIS Login ID``). A student in the store whom the gradebook
does not know is reported, as is a row of the gradebook without a total in the store
(left as it was). Cells that are numbers are written back as the same numbers, and text
cells that a spreadsheet would take for a formula get an apostrophe
(:mod:`cardlab.spreadsheet`), as in every CSV file cardlab writes.

A file that is not such an export (no ``ID`` or ``--match`` column, no assignment of
that name, no ``Points Possible`` row, rows of the wrong length, a student twice) is
refused with one line naming the file, the line and the field, and nothing is written.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from ..errors import CardlabError
from ..spreadsheet import fixed, write_csv
from .class_totals import ClassTotals

DEFAULT_MATCH = "SIS Login ID"
IDENTITY_COLUMNS = (
    "Student",
    "LastName",
    "FirstName",
    "ID",
    "SIS User ID",
    "SIS Login ID",
    "Integration ID",
    "Root Account",
)
"""The columns of a Canvas export that say who a row is; ``--match`` names one of them."""
POINTS_POSSIBLE = "Points Possible"
TEST_STUDENT = "Student, Test"
"""The row of the course's test student (Canvas's student view), never a submission."""
_CANVAS_ID = re.compile(r"^(?P<title>.*) \((?P<id>\d+)\)$")
_NUMBER = re.compile(r"^[+-]?\d+(\.\d+)?$")
_BOM = "\ufeff"


@dataclass(frozen=True)
class CanvasExport:
    """What ``cardlab export canvas`` did.

    Attributes:
        output: The file written.
        column: The assignment column filled.
        points_possible: The column's points possible.
        filled: How many students' cells were filled.
        unknown: Students of the store that no row of the gradebook matches.
        left: Rows of students without a total in the store (cells left as they were).
    """

    output: Path
    column: str
    points_possible: float
    filled: int
    unknown: tuple[str, ...]
    left: tuple[str, ...]


def fill_canvas_gradebook(
    exported: Path, totals: ClassTotals, column: str, output: Path, match: str = DEFAULT_MATCH
) -> CanvasExport:
    """Write ``exported`` to ``output`` with the assignment ``column`` filled from ``totals``.

    Args:
        exported: A gradebook exported from Canvas.
        totals: The class's totals.
        column: The assignment: its column title, its title without the Canvas id, or
            the Canvas id alone.
        output: The file to write (not ``exported`` itself).
        match: The identity column that holds the names of the submission folders.

    Raises:
        CardlabError: The export cannot be read or is not a Canvas gradebook export (one
            line: file, line, field), ``match`` is not an identity column, or
            ``output`` is the export itself or cannot be written.
    """
    if match not in IDENTITY_COLUMNS:
        known = ", ".join(IDENTITY_COLUMNS)
        raise CardlabError(f"--match {match!r} is not a Canvas identity column ({known})")
    if output.resolve() == exported.resolve():
        raise CardlabError(f"{output} is the exported gradebook itself; name another --output")
    text = _read(exported)
    rows = _rows(exported, text)
    header = rows[0]
    identity = _column(exported, header, match, "--match")
    _column(exported, header, "ID", "Canvas's ID")
    target = _assignment(exported, header, column)
    points_line = _points_possible_line(exported, rows)
    possible = _points_possible(
        exported, points_line + 1, rows[points_line][target], header[target]
    )
    scale = possible / totals.max_score if totals.max_score else 0.0
    seen: dict[str, int] = {}
    filled: list[str] = []
    left: list[str] = []
    written = [list(map(_as_read, row)) for row in rows]
    for number in range(points_line + 1, len(rows)):
        row = rows[number]
        who = row[identity].strip()
        if who and who in seen:
            raise CardlabError(
                f"{exported}:{number + 1}: {match}: {who!r} is on line {seen[who]} too"
            )
        seen[who] = number + 1
        if who in totals.totals:
            written[number][target] = fixed(totals.totals[who] * scale, 2)
            filled.append(who)
        elif row[0].strip() != TEST_STUDENT:
            left.append(who or row[0].strip())
    encoding = "utf-8-sig" if text.startswith(_BOM) else "utf-8"
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        write_csv(output, written[0], written[1:], encoding=encoding)
    except OSError as error:
        raise CardlabError(f"could not write {output} ({error.strerror})") from None
    return CanvasExport(
        output=output,
        column=header[target],
        points_possible=possible,
        filled=len(filled),
        unknown=tuple(sorted(set(totals.totals) - set(filled))),
        left=tuple(left),
    )


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except OSError as error:
        raise CardlabError(
            f"{path}: cannot read the exported gradebook ({error.strerror})"
        ) from None
    except UnicodeDecodeError:
        raise CardlabError(
            f"{path}: the exported gradebook is not UTF-8 text (export it from Canvas again)"
        ) from None


def _rows(path: Path, text: str) -> list[list[str]]:
    reader = csv.reader(text.removeprefix(_BOM).splitlines(keepends=True))
    rows: list[list[str]] = []
    try:
        for row in reader:
            if rows and len(row) != len(rows[0]):
                raise CardlabError(
                    f"{path}:{reader.line_num}: {len(row)} fields where the header has "
                    f"{len(rows[0])}"
                )
            rows.append(row)
    except csv.Error as error:
        raise CardlabError(f"{path}:{reader.line_num}: not CSV ({error})") from None
    if not rows:
        raise CardlabError(f"{path}:1: the file is empty, not a gradebook exported from Canvas")
    return rows


def _column(path: Path, header: list[str], name: str, what: str) -> int:
    names = [cell.strip() for cell in header]
    if name not in names:
        raise CardlabError(
            f"{path}:1: {what}: no {name!r} column; is this a gradebook exported from Canvas?"
        )
    return names.index(name)


def _assignment(path: Path, header: list[str], wanted: str) -> int:
    """The index of the assignment column that ``wanted`` names."""
    wanted = wanted.strip()
    found = []
    for index, cell in enumerate(header):
        title = cell.strip()
        canvas = _CANVAS_ID.match(title)
        names = {title, *(canvas.group("title", "id") if canvas else ())}
        if wanted in names:
            found.append(index)
    if len(found) != 1:
        assignments = [cell for cell in header if _CANVAS_ID.match(cell.strip())]
        known = "; ".join(assignments) or "none"
        problem = "no" if not found else "more than one"
        raise CardlabError(
            f"{path}:1: --column: {problem} assignment column {wanted!r} (the assignments: {known})"
        )
    return found[0]


def _points_possible_line(path: Path, rows: list[list[str]]) -> int:
    for number, row in enumerate(rows[1:3], 1):
        if row and row[0].strip() == POINTS_POSSIBLE:
            return number
    raise CardlabError(
        f"{path}:2: Student: no {POINTS_POSSIBLE!r} row; is this a gradebook exported from Canvas?"
    )


def _points_possible(path: Path, line: int, cell: str, column: str) -> float:
    if not _NUMBER.match(cell.strip()) or float(cell) <= 0:
        raise CardlabError(
            f"{path}:{line}: {column}: points possible {cell!r} is not a number above 0 "
            "(a read-only total cannot be filled)"
        )
    return float(cell)


def _as_read(cell: str) -> str | Decimal:
    """A cell of the export, to be written back as it came (a number stays a number).

    Only a number that reads back the same is one: an id such as ``007`` stays text.
    """
    if _NUMBER.match(cell) and str(Decimal(cell)) == cell:
        return Decimal(cell)
    return cell
