"""CSV files that a spreadsheet opens as data, never as formulas.

Excel, LibreOffice Calc and Google Sheets run a cell that begins with ``=``, ``+``, ``-``
or ``@`` as a formula, and may do the same with one that begins with a tab or a carriage
return once they trim it. Much of what cardlab writes into CSV files comes from students:
a student id is the name of a folder the student chose, a cause or a test name can carry
text the student's code printed. So every CSV file cardlab writes goes through
:class:`SafeWriter`, which follows OWASP's advice on CSV injection:

* a text cell that begins with one of those characters (after any blanks) gets a
  leading apostrophe, which a spreadsheet takes as "this cell is text" and does not
  show (``=2+5`` is written ``'=2+5``);
* a cell holding a comma, a double quote or a line break is quoted, its quotes
  doubled (the csv module's rule, RFC 4180), so that no cell spills into the next.

Numbers (``int``, ``float``, :class:`~decimal.Decimal`) are written as they are: a
negative rating stays a number a spreadsheet can sum. Code that wants a fixed number of
decimals passes :func:`fixed`, a number, rather than formatted text.

A file read back by cardlab (a marks file built from a gradebook in a text editor) may
hold such an apostrophe: :func:`unneutralised` gives the cell as it was before.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import IO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a cell must not begin with: a spreadsheet would run it as a formula."""

ESCAPE = "'"
"""The character put before such a cell: spreadsheets read the cell as text."""

_BLANKS = " \t\r\n"


def is_formula(text: str) -> bool:
    """Whether a spreadsheet could take ``text``, as a cell, for a formula."""
    return text.startswith(FORMULA_STARTS) or text.lstrip(_BLANKS).startswith(FORMULA_STARTS)


def safe_cell(value: object) -> object:
    """The value as it is safe to write in a cell: numbers kept, formula-like text escaped.

    ``None`` is an empty cell.
    """
    if value is None:
        return ""
    if isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    return ESCAPE + text if is_formula(text) else text


def unneutralised(cell: str) -> str:
    """A cell read back from a file cardlab wrote, without the apostrophe it was given."""
    if cell.startswith(ESCAPE) and is_formula(cell[len(ESCAPE) :]):
        return cell[len(ESCAPE) :]
    return cell


def fixed(value: float, places: int) -> Decimal:
    """``value`` rounded to ``places`` decimals, written with all of them (``0.100``)."""
    return Decimal(f"{value:.{places}f}")


class SafeWriter:
    """A ``csv.writer`` whose every cell goes through :func:`safe_cell`."""

    def __init__(self, file: IO[str]) -> None:
        """Write rows into ``file`` (opened with ``newline=""``)."""
        self._writer = csv.writer(file)

    def writerow(self, row: Iterable[object]) -> None:
        """Write one row."""
        self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        """Write every row."""
        for row in rows:
            self.writerow(row)


def write_csv(
    path: Path,
    header: Sequence[object],
    rows: Iterable[Iterable[object]],
    *,
    encoding: str = "utf-8",
) -> None:
    """Write a CSV file: the header, then each row, every cell safe for a spreadsheet.

    Args:
        path: The file to write (replaced if it exists).
        header: The first row.
        rows: The other rows.
        encoding: The text encoding (``utf-8-sig`` starts the file with a byte-order mark).
    """
    with path.open("w", newline="", encoding=encoding) as file:
        writer = SafeWriter(file)
        writer.writerow(header)
        writer.writerows(rows)
