"""The digest of what a handout's checks rest on, so a student cannot change it unseen.

GitHub Classroom awards points from ``cardlab check --part PART`` run in the student's
own repository, which the student controls. The export records, in the workflow, one
digest over the files that decide the points; ``cardlab check --verify DIGEST`` refuses
to award points when the repository's files no longer have it.

The digest covers every file of the handout that is not the student's to write:

* ``spec.toml`` and the handout manifest (a lowered part, another phase);
* every file under ``tests/``: the public tests, the codec and their helpers (an added
  ``tests/conftest.py``);
* every file of every package folder of the phase (``cards/`` and ``whist/`` alike)
  but the student's own: a provided module or its loader changed, cut or deleted, a
  file added beside it (``player.abi3.so`` would be loaded before ``player.py``'s
  bytecode).

The student's own files are the modules the spec says they write by this phase, whole
or in single methods (``hearts/card.py``; in whist's phase 2, ``cards/card.py`` copied
from phase 1 too), and the folders of the phase's graded student tests
(``hearts/tests/``). Caches (``__pycache__``, ``.pytest_cache``, ``.hypothesis``) are
left out: the check never loads them. Which files are the student's is read from the
handout's own ``spec.toml``, which the digest covers.

This proves only that those files are unchanged: a student who edits the workflow
itself, or the wheel it installs, can still award any points. The instructor's own
grading (``cardlab grade-all``) is what counts.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..errors import CardlabError
from .project import HANDOUT_MANIFEST
from .spec import Spec, load_spec

DIGEST_PREFIX = "sha256:"
PUBLIC_TESTS = "tests"
"""The handout's folder of public tests (and the codec they use)."""
_CACHES = frozenset({"__pycache__", ".pytest_cache", ".hypothesis"})


@dataclass(frozen=True)
class StudentFiles:
    """What of a handout's package folders is the student's to write in its phase.

    Attributes:
        modules: The student's module files, relative to the handout (``hearts/card.py``).
        test_folders: The folders of the student's own graded tests, relative to the
            handout (``hearts/tests``).
    """

    modules: frozenset[str]
    test_folders: frozenset[str]

    def owns(self, relative: str) -> bool:
        """Whether a file (a path relative to the handout) is the student's."""
        return relative in self.modules or any(
            relative.startswith(f"{folder}/") for folder in self.test_folders
        )

    def describe(self) -> str:
        """The student's files in a few words: ``hearts/card.py and hearts/tests/``."""
        names = sorted(self.modules) + sorted(f"{folder}/" for folder in self.test_folders)
        if len(names) < 2:
            return "".join(names) or "none"
        return f"{', '.join(names[:-1])} and {names[-1]}"


def student_files(spec: Spec, phase: int) -> StudentFiles:
    """The files of a phase's handout that are the student's (see the module docstring)."""
    modules = frozenset(spec.module_file(name) for name in spec.submitted_modules(phase))
    submission = "" if spec.has_packages else f"{spec.package}/"
    folders = frozenset(
        f"{submission}{part.student_tests.folder.strip('/')}"
        for part in spec.phase(phase).parts
        if part.student_tests is not None
    )
    return StudentFiles(modules, folders)


def _handout(folder: Path) -> tuple[Spec, int]:
    """The spec and phase of a handout folder.

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
    spec.phase(phase)
    return spec, phase


def protected_files(folder: Path) -> list[Path]:
    """The files of a handout that decide its points, sorted (see the module docstring).

    Raises:
        CardlabError: ``folder`` is not a handout (no manifest, or an unreadable spec).
    """
    spec, phase = _handout(folder)
    own = student_files(spec, phase)
    files = [folder / "spec.toml", folder / HANDOUT_MANIFEST, *_files_under(folder / PUBLIC_TESTS)]
    for package in spec.packages_in(phase):
        files += [
            path
            for path in _files_under(folder / package)
            if not own.owns(path.relative_to(folder).as_posix())
        ]
    return sorted(files)


def _files_under(folder: Path) -> list[Path]:
    """Every entry under ``folder`` but real folders and caches.

    A link to a folder counts as a file, so that it cannot hide among the folders: it
    cannot be read as one, and the digest then refuses the handout.
    """
    if not folder.is_dir():
        return []
    return [
        path
        for path in folder.rglob("*")
        if not _CACHES & set(path.relative_to(folder).parts)
        and (path.is_symlink() or not path.is_dir())
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
        spec, phase = _handout(folder.resolve())
        raise CardlabError(
            "the spec, the public tests or the provided modules differ from the ones your "
            "instructor shipped, so this run earns no points: restore spec.toml, the "
            f"handout manifest, {PUBLIC_TESTS}/ and the provided files of your packages, "
            "and remove any file you added among them (yours to change: "
            f"{student_files(spec, phase).describe()})"
        )
