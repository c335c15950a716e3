"""The digest of what a handout's checks rest on, so a student cannot change it unseen.

GitHub Classroom awards points from ``cardlab check --part PART`` run in the student's
own repository, which the student controls. The export records, in the workflow, one
digest over the files that decide the points: the spec, the handout manifest, every
file under ``tests/`` (public tests, codec, helpers) and every file of the package
folder but the student's own modules of the phase. ``cardlab check --verify DIGEST``
refuses to award points when the repository's files no longer have that digest (a
lowered part in ``spec.toml``, an added ``tests/conftest.py``, a patched provided
module).

This proves only that those files are unchanged: a student who edits the workflow
itself, or the wheel it installs, can still award any points. The instructor's own
grading (``cardlab grade-all``) is what counts.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

from ..errors import CardlabError
from .project import HANDOUT_MANIFEST
from .spec import load_spec

DIGEST_PREFIX = "sha256:"
_CACHES = frozenset({"__pycache__", ".pytest_cache", ".hypothesis"})


def protected_files(folder: Path) -> list[Path]:
    """The files of a handout that decide its points, sorted (see the module docstring).

    Raises:
        CardlabError: ``folder`` is not a handout (no manifest, or an unreadable spec).
    """
    manifest = folder / HANDOUT_MANIFEST
    if not manifest.is_file():
        raise CardlabError(f"{folder} is not a handout folder (no {HANDOUT_MANIFEST})")
    spec = load_spec(folder / "spec.toml")
    try:
        phase = int(tomllib.loads(manifest.read_text(encoding="utf-8"))["phase"])
    except (OSError, ValueError, KeyError, tomllib.TOMLDecodeError) as error:
        raise CardlabError(f"{manifest}: no readable phase ({error})") from None
    students = {f"{name}.py" for name in spec.submitted_modules(phase)}
    files = [folder / "spec.toml", manifest, *_files_under(folder / "tests")]
    package = folder / spec.package
    files += [
        path
        for path in _files_under(package)
        if path.relative_to(package).as_posix() not in students
    ]
    return sorted(files)


def _files_under(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [
        path
        for path in folder.rglob("*")
        if not _CACHES & set(path.relative_to(folder).parts) and not path.is_dir()
    ]


def handout_digest(folder: Path) -> str:
    """One digest over the protected files' names and contents (``sha256:`` and hex).

    Raises:
        CardlabError: ``folder`` is not a handout, or a protected file cannot be read.
    """
    folder = folder.resolve()
    total = hashlib.sha256()
    for path in protected_files(folder):
        try:
            content = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as error:
            raise CardlabError(f"{path}: cannot be read ({error.strerror})") from None
        total.update(f"{path.relative_to(folder).as_posix()}\0{content}\n".encode())
    return DIGEST_PREFIX + total.hexdigest()


def verify_handout(folder: Path, expected: str) -> None:
    """Refuse a handout whose protected files are not the ones the instructor shipped.

    Raises:
        CardlabError: The digest differs (one line a student can act on).
    """
    if handout_digest(folder) != expected.strip():
        raise CardlabError(
            "the spec, the public tests or the provided modules differ from the ones your "
            "instructor shipped (files in tests/ or in your package other than your own "
            "modules, spec.toml, the handout manifest), so this run earns no points: "
            "restore them and remove any file you added there"
        )
