"""Parts the instructor marks by hand, such as a written description of an algorithm.

A spec declares such a part with the file it marks (``manual = "ADVANCED.md"``). Grading
runs no test for it: it checks that the file is in the submission and not empty, keeps
its text (up to ``MAX_DOCUMENT_CHARS``) for the instructor's report, and leaves the
part's points open, for the instructor to fill in. A missing, empty or unreadable file
is a note on the part, never an error of the run.
"""

from __future__ import annotations

from pathlib import Path

from ..course.spec import Part
from .results import PartResult

NOTE = "marked by hand: "
"""How the note of a part marked by hand begins, before what was found of its file."""

MAX_DOCUMENT_CHARS = 20_000
"""The most characters of a document kept for the report; the rest is cut with a note."""


def read_document(path: Path) -> tuple[str | None, str]:
    """The text of a submitted document and a one-line note on it.

    Returns:
        The text (None when there is none to show) and the note: whether the file was
        found, its size in words, or why it could not be read.
    """
    name = path.name
    if not path.is_file():
        return None, f"{name} is missing from the submission"
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_DOCUMENT_CHARS * 4 + 1)
    except OSError as error:
        return None, f"{name} could not be read ({error.strerror})"
    text = data.decode("utf-8", errors="replace")
    if not text.strip():
        return None, f"{name} is empty"
    note = f"{name} is there ({len(text.split())} words)"
    if len(text) > MAX_DOCUMENT_CHARS:
        text = text[:MAX_DOCUMENT_CHARS]
        note += f"; only its first {MAX_DOCUMENT_CHARS:,} characters are shown"
    return text, note


def manual_part(part: Part, submission: Path, student_view: bool) -> PartResult:
    """The result of a hand-marked part: its points left open, its document kept.

    Args:
        part: The spec's part, with ``manual`` naming the file it marks.
        submission: The submission folder the file should be in.
        student_view: Whether the report is a student's check (the text is not kept:
            the student has it).
    """
    manual = part.manual
    assert manual is not None, f"part {part.id} is not marked by hand"
    text, note = read_document(submission / manual)
    note = NOTE + note
    return PartResult(
        part.id,
        part.title,
        0.0,
        part.points,
        (),
        note,
        manual=manual,
        document=None if student_view else text,
    )
