"""One run of a handout's public tests, shared by the steps that award its parts.

GitHub Classroom awards each rubric part in a step of its own (``cardlab check --part
PART``). Rather than run the whole public suite once per part, the first step runs it
and keeps every part's points in a file outside the repository (``--reuse FILE``); each
later step awards its part from that file, provided the handout's files are still the
ones that run graded. The file is keyed by a hash of every file of the handout (the
student's code and tests included), so any change makes the next step run the tests
again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from ..course.project import ARTIFACTS_FOLDER
from ..course.submissions import submission_files
from .results import GradeReport

FORMAT = "cardlab-shared-run/1"
_NOT_GRADED = (ARTIFACTS_FOLDER, ".venv")
"""Folders of a handout that a check writes or a student's tools keep: not in the key."""


@dataclass(frozen=True)
class PartPoints:
    """A part's points from a shared run."""

    title: str
    score: float
    max_score: float
    counted: int


def run_key(folder: Path) -> str:
    """A hash of every file of the handout the check grades, by name and content."""
    digest = hashlib.sha256()
    folder = folder.resolve()
    for path in submission_files(folder):
        relative = path.relative_to(folder)
        if relative.parts[0] in _NOT_GRADED or path.is_symlink():
            continue
        digest.update(relative.as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def read_shared(file: Path, key: str) -> dict[str, PartPoints] | None:
    """The parts' points of the shared run in ``file``, if it graded these very files."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("key") != key:
            return None
        return {part: PartPoints(**points) for part, points in data["parts"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def write_shared(file: Path, key: str, report: GradeReport) -> None:
    """Keep every part's points of ``report`` in ``file``, for the steps that follow."""
    parts = {
        part.id: {
            "title": part.title,
            "score": part.score,
            "max_score": part.max_score,
            "counted": part.counted,
        }
        for part in report.parts
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps({"format": FORMAT, "key": key, "parts": parts}), encoding="utf-8")
