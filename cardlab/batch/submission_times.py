"""When each submission of a class was made, and the extensions some students have.

A batch whose phase has a deadline reads each submission's time from one of two places:

1. A ``submissions.csv`` (``--submission-times FILE``, or the file of that name in the
   submissions folder): the columns ``student``, ``time`` and ``file`` (optional), one
   submission a line, as an LMS lists a download. ``student`` is the folder's or zip's
   name, ``time`` an ISO 8601 time, and ``file``, when given, must be the name of that
   student's folder or zip (so that a list of another download is caught). A submission
   the file does not list falls back to rule 2, and the batch says so.
2. Its files' own times: for a zip, the newest modification time among its entries
   (the UTC time of the extended-timestamp field where the zip tool wrote one, else the
   entry's date and time, which zip keeps without a zone, read in the due's offset); for
   a folder, the newest modification time of its files. Those times are whatever the
   student's machine or the copy that made the folder left there: a student can set
   them, and unpacking or copying a download can change them all. Use a
   ``submissions.csv`` when the LMS gives one; rule 2 is for a class handed in on a
   shared drive.

An extensions file (``--extensions FILE.csv``) has the columns ``student``, ``due`` and
``late_due`` (optional): that student's own due, and late due. A time without an offset
is read in the offset of the phase's due.

A wrong line of either file (an unknown column or student, a time that is not ISO 8601,
the same student twice, an extension before the phase's due) refuses the file with one
line naming the file, the line and the field, before the class store is opened.
"""

from __future__ import annotations

import struct
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from pathlib import Path

from ..course.deadline import Deadline, Extension, parse_time
from ..course.submissions import Submission, submission_files
from ..errors import CardlabError
from ..spreadsheet import unneutralised
from .csv_input import csv_rows

SUBMISSIONS_CSV = "submissions.csv"
TIME_COLUMNS = ("student", "time", "file")
EXTENSION_COLUMNS = ("student", "due", "late_due")
ZIP_ENTRIES = "zip entries"
FOLDER_FILES = "folder's files"
_EXTENDED_TIMESTAMP = 0x5455
"""The zip extra field holding a file's modification time in UTC (Info-ZIP's "UT")."""


@dataclass(frozen=True)
class SubmissionTime:
    """When a submission was made, and where that was read.

    Attributes:
        moment: The time, or None when it could not be read.
        source: ``submissions.csv:4``, ``zip entries`` or ``folder's files``, or why no
            time could be read.
    """

    moment: datetime | None
    source: str


def _student(path: Path, line: int, cell: str, students: Iterable[str]) -> str:
    known = set(students)
    student = cell if cell in known else unneutralised(cell)
    if student not in known:
        raise CardlabError(
            f"{path}:{line}: student: {cell!r} has no submission in this submissions folder"
        )
    return student


def _time(path: Path, line: int, field: str, cell: str, zone: tzinfo) -> datetime:
    try:
        return parse_time(cell, zone)
    except ValueError as error:
        raise CardlabError(f"{path}:{line}: {field}: {error}") from None


def read_submission_times(
    path: Path, deadline: Deadline, submissions: Iterable[Submission]
) -> dict[str, SubmissionTime]:
    """The times a ``submissions.csv`` gives, by student.

    Raises:
        CardlabError: A wrong line (one line: file, line, field).
    """
    by_student = {submission.student: submission for submission in submissions}
    times: dict[str, SubmissionTime] = {}
    seen: dict[str, int] = {}
    for line, cells in csv_rows(path, TIME_COLUMNS, ("student", "time"), "the submission times"):
        student = _student(path, line, cells["student"], by_student)
        if student in seen:
            raise CardlabError(
                f"{path}:{line}: student: {student!r} is listed already on line {seen[student]}"
            )
        seen[student] = line
        named = cells.get("file", "")
        entry = by_student[student].source.name
        if named and unneutralised(named) != entry:
            raise CardlabError(
                f"{path}:{line}: file: {named!r} is not {student}'s submission ({entry})"
            )
        moment = _time(path, line, "time", cells["time"], deadline.zone)
        times[student] = SubmissionTime(moment, f"{path.name}:{line}")
    return times


def read_extensions(path: Path, deadline: Deadline) -> dict[str, Extension]:
    """The extensions of an extensions file, by student.

    A student without a submission may have one (it is kept for when they submit).

    Raises:
        CardlabError: A wrong line (one line: file, line, field).
    """
    extensions: dict[str, Extension] = {}
    for line, cells in csv_rows(path, EXTENSION_COLUMNS, ("student", "due"), "the extensions"):
        student = unneutralised(cells["student"])
        if not student:
            raise CardlabError(f"{path}:{line}: student: the cell is empty")
        if student in extensions:
            earlier = extensions[student].source.rsplit(":", 1)[-1]
            raise CardlabError(
                f"{path}:{line}: student: {student!r} has an extension already on line {earlier}"
            )
        due = _time(path, line, "due", cells["due"], deadline.zone)
        if due < deadline.due:
            raise CardlabError(
                f"{path}:{line}: due: {cells['due']} is before the phase's due "
                f"{deadline.due.isoformat()}"
            )
        late_due = None
        if cells.get("late_due"):
            late_due = _time(path, line, "late_due", cells["late_due"], deadline.zone)
            if late_due <= due:
                raise CardlabError(
                    f"{path}:{line}: late_due: {cells['late_due']} is not after its due "
                    f"{cells['due']}"
                )
        extensions[student] = Extension(student, due, late_due, f"{path.name}:{line}")
    return extensions


def file_time(submission: Submission, zone: tzinfo) -> SubmissionTime:
    """A submission's time from its own files (see the module's docstring).

    Args:
        submission: The submission.
        zone: The offset a zip entry's date and time (kept without a zone) is read in.
    """
    if submission.is_zip:
        return _zip_time(submission.source, zone)
    times = [path.lstat().st_mtime for path in submission_files(submission.source)]
    if not times:
        return SubmissionTime(None, "no time: the folder holds no file")
    return SubmissionTime(datetime.fromtimestamp(max(times), UTC), FOLDER_FILES)


def _zip_time(archive: Path, zone: tzinfo) -> SubmissionTime:
    try:
        with zipfile.ZipFile(archive) as bundle:
            entries = [info for info in bundle.infolist() if not info.is_dir()]
    except (OSError, zipfile.BadZipFile, ValueError) as error:
        return SubmissionTime(None, f"no time: the zip cannot be read ({error})")
    if not entries:
        return SubmissionTime(None, "no time: the zip holds no file")
    times = [moment for info in entries if (moment := _entry_time(info, zone)) is not None]
    if not times:
        return SubmissionTime(None, "no time: the zip's entries hold no valid date")
    return SubmissionTime(max(times), ZIP_ENTRIES)


def _entry_time(info: zipfile.ZipInfo, zone: tzinfo) -> datetime | None:
    """An entry's modification time: the extended timestamp's, else its local date and time.

    The zip is the student's: a date that is no date (month 0) gives None.
    """
    extra = info.extra
    while len(extra) >= 4:
        kind, size = struct.unpack("<HH", extra[:4])
        body = extra[4 : 4 + size]
        if kind == _EXTENDED_TIMESTAMP and len(body) >= 5 and body[0] & 1:
            return datetime.fromtimestamp(struct.unpack("<i", body[1:5])[0], UTC)
        extra = extra[4 + size :]
    try:
        return datetime(*info.date_time, tzinfo=zone)
    except ValueError:
        return None
