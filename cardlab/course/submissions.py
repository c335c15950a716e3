"""A class's submissions: one folder or one zip per student, found, fingerprinted, unpacked.

A submissions folder holds one entry per student, named by the student's id: a folder
(``alice/``) or a zip file (``alice.zip``). Hidden entries (``.DS_Store``) are ignored;
any other file is a stray, reported and left out. Two entries for one id (``alice/`` and
``alice.zip``, or names that differ only in case) are refused before anything is graded.

Each submission has a content hash over its files, so a batch can tell a submission
that changed since it was graded from one that did not. Zips are unpacked only by the
process that grades them, with limits against zip bombs, encrypted members, links and
paths that leave the target folder; each problem is one line naming the student's zip.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
import tempfile
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import CardlabError
from ..worker.compose import Composition
from ..worker.sandbox import ignored_files
from ..worker.untrusted import valid

ZIP_SUFFIX = ".zip"
MAX_MEMBERS = 2_000
"""The most entries a student's zip may hold."""
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
"""The most bytes a student's zip may unpack to, counted as they are written."""
_CHUNK = 64 * 1024
_SKIPPED_DIRS = frozenset({"__pycache__", "__MACOSX", ".hypothesis", ".pytest_cache", ".git"})
_LOCATE_DEPTH = 3


@dataclass(frozen=True)
class Submission:
    """One student's submission.

    Attributes:
        student: The student's id (the folder's name, or the zip's without ``.zip``).
        source: The folder or zip file.
        files: Where the files are read from when not at ``source``: a copy shipped to
            a cluster's worker (``source`` still names the submission in reports).
    """

    student: str
    source: Path
    files: Path | None = None

    @property
    def is_zip(self) -> bool:
        """True when the submission is a zip file."""
        return self.source.is_file()


@dataclass(frozen=True)
class Found:
    """What a submissions folder holds.

    Attributes:
        submissions: One per student, sorted by id.
        strays: Names of files that are neither a folder nor a zip, sorted.
    """

    submissions: tuple[Submission, ...]
    strays: tuple[str, ...]


def find_submissions(folder: Path, exclude: Path | None = None) -> Found:
    """The submissions in ``folder``: sub-folders and zip files, one per student.

    Args:
        folder: The submissions folder.
        exclude: A folder to pass over (the batch's own output, if it lies inside).

    Raises:
        CardlabError: When the folder does not exist, holds no submission, or two
            entries belong to the same student id.
    """
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise CardlabError(f"the submissions folder {folder} {what}")
    submissions, strays = [], []
    skipped = exclude.resolve() if exclude is not None else None
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.resolve() == skipped:
            continue
        if entry.is_dir():
            submissions.append(Submission(valid(entry.name), entry))
        elif entry.is_file() and entry.suffix.lower() == ZIP_SUFFIX:
            submissions.append(Submission(valid(entry.stem), entry))
        else:
            strays.append(entry.name)
    if not submissions:
        held = f"only stray files ({', '.join(strays)})" if strays else "nothing"
        raise CardlabError(
            f"the submissions folder {folder} holds {held}; it needs one folder or zip file "
            "per student, named by the student's id"
        )
    _refuse_duplicates(submissions)
    return Found(tuple(sorted(submissions, key=lambda s: s.student)), tuple(strays))


def _refuse_duplicates(submissions: list[Submission]) -> None:
    by_key: dict[str, list[str]] = {}
    for submission in submissions:
        by_key.setdefault(submission.student.casefold(), []).append(submission.source.name)
    clashes = [names for names in by_key.values() if len(names) > 1]
    if clashes:
        shown = "; ".join(" and ".join(names) for names in clashes)
        raise CardlabError(f"duplicate student ids ({shown}): keep one folder or zip per student")


def submission_files(folder: Path) -> Iterable[Path]:
    """The files of a folder to hash, links included (as links: never followed)."""
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        skipped = _SKIPPED_DIRS.intersection(relative.parts[:-1])
        if (path.is_symlink() or path.is_file()) and not skipped and path.suffix != ".pyc":
            yield path


def _hash_file(digest: Any, path: Path) -> None:
    """Add a file to a digest: a link by where it points, a file by its bytes, in chunks."""
    if path.is_symlink():
        digest.update(b"link:" + os.fsencode(os.readlink(path)) + b"\0")
        return
    with path.open("rb") as file:
        while chunk := file.read(_CHUNK):
            digest.update(chunk)
    digest.update(b"\0")


def _hash_tree(digest: Any, folder: Path) -> None:
    """Add a folder's files to a digest, by relative name and contents.

    A folder that is a link is hashed by where it points: a submission is only the files
    inside its folder, and following the link could walk a whole file system.
    """
    if folder.is_symlink() or folder.is_file():
        _hash_file(digest, folder)
        return
    for path in submission_files(folder) if folder.is_dir() else ():
        digest.update(os.fsencode(path.relative_to(folder).as_posix()) + b"\0")
        _hash_file(digest, path)


def content_hash(submission: Submission) -> str:
    """A SHA-256 over the submission's files: names and contents (or the zip's bytes)."""
    digest = hashlib.sha256()
    _hash_tree(digest, submission.source)
    return digest.hexdigest()


def tree_hash(folders: Iterable[Path], *extra: str) -> str:
    """A SHA-256 over the files of some folders (what graded a submission) and ``extra``."""
    digest = hashlib.sha256()
    for text in extra:
        digest.update(text.encode() + b"\0")
    for folder in folders:
        _hash_tree(digest, folder)
    return digest.hexdigest()


def _member_problem(info: zipfile.ZipInfo) -> str | None:
    """Why a zip member may not be unpacked, or None."""
    if info.flag_bits & 0x1:
        return f"{info.filename} is encrypted; zip your files without a password"
    if stat.S_ISLNK(info.external_attr >> 16):
        return f"{info.filename} is a symbolic link"
    path = PurePosixPath(info.filename.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts or ":" in info.filename:
        return f"{info.filename} points outside the zip's folder"
    return None


def unpack_zip(archive: Path, target: Path) -> None:
    """Unpack a student's zip into ``target``, within the limits of this module.

    Raises:
        CardlabError: A corrupt, encrypted or oversized zip, or a member that is a
            link or leaves ``target`` (one line naming the zip).
    """
    try:
        with zipfile.ZipFile(archive) as bundle:
            _unpack(bundle, target)
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        zlib.error,
        EOFError,
        NotImplementedError,
    ) as error:
        raise CardlabError(f"{archive.name} is not a readable zip file ({error})") from None
    except OSError as error:
        raise CardlabError(f"{archive.name} could not be unpacked ({error.strerror})") from None


def _unpack(bundle: zipfile.ZipFile, target: Path) -> None:
    members = bundle.infolist()
    name = Path(bundle.filename or "the zip").name
    if len(members) > MAX_MEMBERS:
        raise CardlabError(f"{name} holds {len(members)} entries, more than {MAX_MEMBERS}")
    if sum(info.file_size for info in members) > MAX_UNPACKED_BYTES:
        raise CardlabError(f"{name} unpacks to more than {MAX_UNPACKED_BYTES // 2**20} MiB")
    for info in members:
        if problem := _member_problem(info):
            raise CardlabError(f"{name}: {problem}")
    written = 0
    for info in members:
        destination = target.joinpath(*PurePosixPath(info.filename.replace("\\", "/")).parts)
        if info.is_dir():
            destination.mkdir(parents=True, exist_ok=True)
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        with bundle.open(info) as source, destination.open("wb") as sink:
            while chunk := source.read(_CHUNK):
                written += len(chunk)
                if written > MAX_UNPACKED_BYTES:
                    raise CardlabError(
                        f"{name} unpacks to more than {MAX_UNPACKED_BYTES // 2**20} MiB"
                    )
                sink.write(chunk)


@contextlib.contextmanager
def submission_folder(source: Path, modules: Iterable[str]) -> Iterator[Path]:
    """The folder to grade for a submission folder or zip, unpacked while in use.

    The modules of an assignment with several packages belong in a folder per package
    (``cards/card.py``); a submission that holds them as loose files (``card.py``, as
    an upload to Gradescope does) is graded from a copy with each loose file in its
    package's folder, for every file name that only one of ``modules`` has.

    Args:
        source: The student's folder or zip file.
        modules: The modules the student writes, to find them one folder down or more.

    Raises:
        CardlabError: A zip that cannot be unpacked (see :func:`unpack_zip`).
    """
    modules = tuple(modules)
    with contextlib.ExitStack() as stack:
        folder = source
        if source.is_file() and source.suffix.lower() == ZIP_SUFFIX:
            folder = Path(stack.enter_context(_scratch("cardlab-zip-"))) / source.stem
            unpack_zip(source, folder)
        if not folder.is_dir():
            yield folder
            return
        folder = locate_modules(folder, modules)
        places = loose_places(folder, modules)
        if places:
            folder = _arranged(folder, places, Path(stack.enter_context(_scratch("cardlab-"))))
        yield folder


def _scratch(prefix: str) -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix=prefix)


def loose_places(folder: Path, modules: Iterable[str]) -> dict[str, str]:
    """Where the loose files of a submission with several packages belong.

    Args:
        folder: The submission's folder.
        modules: The modules the student writes, named with their packages
            (``cards.card``).

    Returns:
        Each loose file's name and its path in the package layout
        (``{"card.py": "cards/card.py"}``): only for names that one module alone has, and
        only when no module is already in its package's folder (a submission laid out
        by package is graded as it is). Empty for an assignment of one package.
    """
    by_name: dict[str, list[str]] = {}
    for module in modules:
        if "." in module:
            path = module.replace(".", "/") + ".py"
            by_name.setdefault(PurePosixPath(path).name, []).append(path)
    if any((folder / path).exists() for paths in by_name.values() for path in paths):
        return {}
    return {
        name: paths[0]
        for name, paths in by_name.items()
        if len(paths) == 1 and (folder / name).is_file() and not (folder / name).is_symlink()
    }


def _arranged(folder: Path, places: dict[str, str], scratch: Path) -> Path:
    """A copy of ``folder`` with its loose files moved to ``places``; links stay links."""
    copy = scratch / folder.name
    shutil.copytree(folder, copy, symlinks=True, ignore=shutil.ignore_patterns(*_SKIPPED_DIRS))
    for name, path in places.items():
        (copy / path).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).rename(copy / path)
    return copy


def locate_modules(folder: Path, modules: Iterable[str]) -> Path:
    """The folder holding the student's modules: ``folder`` itself or one nested in it.

    Students often zip a folder rather than its files (``alice/bisca/card.py``). When
    ``folder`` holds none of ``modules`` but exactly one folder a few levels down does,
    that folder is the submission; otherwise ``folder`` is. A module named with its
    package (``cards.card``) is looked for in that package's folder (``cards/card.py``),
    and as a loose file (``card.py``, see :func:`loose_places`). Links to folders are
    never followed: a submission is only the files inside the folder given.
    """
    paths = {module.replace(".", "/") + ".py" for module in modules}  # cards.card: cards/
    names = paths | {PurePosixPath(path).name for path in paths}  # or loose: card.py
    level = [folder]
    for _ in range(_LOCATE_DEPTH + 1):
        holding = [d for d in level if any((d / name).is_file() for name in names)]
        if holding:
            return holding[0] if len(holding) == 1 else folder
        level = [
            child
            for d in level
            for child in sorted(d.iterdir())
            if child.is_dir() and not child.is_symlink() and child.name not in _SKIPPED_DIRS
        ]
    return folder


def empty_submission(folder: Path, composition: Composition, phase: int) -> str:
    """Why a submission holds nothing to grade, or ``""`` when it holds something.

    A submission is empty when none of the files the phase grades is in it; the cause
    names those files, and any files of the folder that were ignored.

    Args:
        folder: The submission's folder (unpacked, its modules located).
        composition: The grading's composition, which knows the files the phase grades.
        phase: The phase graded.
    """
    student_files = composition.student_files()
    if any(os.path.lexists(path) for path in student_files):
        return ""
    names = ", ".join(sorted(path.name for path in student_files))
    cause = f"none of the files graded in phase {phase} was submitted ({names})"
    return "; ".join([cause, *ignored_files(folder, composition)])
