"""File names for students' pages and reports that every file system and LMS takes.

A student id is the name of a submission's folder or zip, which the student may have
chosen: any character but ``/`` on Linux. A page or report is named by the id itself when
it is *portable*: ASCII letters, digits, ``.``, ``_`` and ``-`` only, not starting with a
``.`` or ``-``, at most :data:`LONGEST` characters, and not a name Windows reserves
(``CON``, ``NUL``, ``COM1`` … whatever follows a dot). Any other id keeps its ASCII
letters, digits, ``_`` and ``-`` (accents dropped; every other run of characters, dots
too, made one ``_``; no ``_`` or ``-`` in front), cut to :data:`LONGEST`, and gets ``-``
and the first 8 hex digits of the SHA-256 of the id, so that two ids never share a name:
``José Smith`` is ``Jose_Smith-ba177bc2``, ``NUL.txt`` is ``NUL_txt-0241e4ee``. Such a
name has no dot, so Windows never reads it as a device's. Ids that differ
only in case (``Ann`` and ``ann``, one file on Windows and macOS) both take the hash.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

LONGEST = 64
"""The most characters of an id kept in its file name."""
_HASH_DIGITS = 8
_PORTABLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_NOT_KEPT = re.compile(r"[^A-Za-z0-9_-]+")
_RESERVED = {
    "CON",
    "PRN",
    "AUX",
    "NUL",
    *(f"COM{digit}" for digit in range(10)),
    *(f"LPT{digit}" for digit in range(10)),
}
"""Names Windows keeps for devices, with any extension."""


def is_portable(student: str) -> bool:
    """True when the id can be a file name as it is, on any file system."""
    return (
        len(student) <= LONGEST
        and _PORTABLE.fullmatch(student) is not None
        and not student.endswith(".")
        and student.split(".", 1)[0].upper() not in _RESERVED
    )


def file_names(students: Iterable[str]) -> dict[str, str]:
    """Each student's file name (without an extension), unique whatever the case.

    Args:
        students: The student ids of a class (each once).

    Returns:
        Student id -> file name.
    """
    ids = list(students)
    folded = Counter(student.casefold() for student in ids if is_portable(student))
    return {
        student: student
        if is_portable(student) and folded[student.casefold()] == 1
        else _hashed(student)
        for student in ids
    }


def _hashed(student: str) -> str:
    ascii_only = unicodedata.normalize("NFKD", student).encode("ascii", "ignore").decode()
    kept = _NOT_KEPT.sub("_", ascii_only).lstrip("-_")[:LONGEST]
    digest = hashlib.sha256(student.encode("utf-8", "surrogatepass")).hexdigest()
    return f"{kept}-{digest[:_HASH_DIGITS]}" if kept else digest[:_HASH_DIGITS]
