"""Reading an instructor's CSV file whose first row names its columns.

Every problem is one line naming the file, the line and, where there is one, the field:
a file that cannot be read or is not UTF-8, an empty file, an unknown, repeated or
missing column, or a row with more or fewer fields than the header. Blank rows are
skipped. Column names are read without case and surrounding spaces; cells are stripped.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..errors import CardlabError


def csv_rows(
    path: Path, columns: Sequence[str], required: Sequence[str], what: str
) -> Iterator[tuple[int, dict[str, str]]]:
    """Each row of a CSV file with its line number, as column -> cell.

    Args:
        path: The file.
        columns: The columns it may have.
        required: The columns it must have.
        what: What the file is, for errors (``the extensions file``).

    Raises:
        CardlabError: See the module's docstring.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "it is not UTF-8 text"
        raise CardlabError(f"{path}: cannot read {what} ({reason})") from None
    reader = csv.reader(text.splitlines(keepends=True))
    try:
        header = _header(path, next(reader, None), columns, required)
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(header):
                raise CardlabError(
                    f"{path}:{reader.line_num}: {len(row)} fields where the header has "
                    f"{len(header)}"
                )
            yield reader.line_num, dict(zip(header, (cell.strip() for cell in row), strict=True))
    except csv.Error as error:
        raise CardlabError(f"{path}:{reader.line_num}: not CSV ({error})") from None


def _header(
    path: Path, row: list[str] | None, columns: Sequence[str], required: Sequence[str]
) -> list[str]:
    expected = ", ".join(columns)
    if row is None:
        raise CardlabError(f"{path}:1: the file is empty; its header must be {expected}")
    header = [cell.strip().lower() for cell in row]
    for name in header:
        if name not in columns:
            raise CardlabError(f"{path}:1: unknown column {name!r} (the columns are {expected})")
        if header.count(name) > 1:
            raise CardlabError(f"{path}:1: the column {name!r} is there twice")
    for name in required:
        if name not in header:
            raise CardlabError(f"{path}:1: no {name!r} column (the columns are {expected})")
    return header
