"""The worker's private tree, and the limits it runs under.

Before the first worker of a grading run starts, the judge copies what the worker
may load into a fresh temporary folder, and nothing else:

* ``lib/cardlab/``: the worker's runtime (a handful of cardlab modules that need only
  the standard library), as source: the framework is public;
* ``package/<package>/``: the composed package; the student's modules of the phase as
  copied source, every provided module compiled to sourceless bytecode (``.pyc``)
  with a neutral file name inside, so no reference source and no instructor path is
  there to read (a handout's compiled modules, bytecode or native extensions, are
  copied as they are);
* ``codec/codec.py``: the assignment's codec, with its bytecode beside it.

The worker is started with this ``lib`` as its only import path beside the standard
library (no site packages, no working folder on the path), so ``import reference``,
``import graders`` or anything else of the instructor's tree finds nothing. The tree
is read-only to the worker (owned by root when the worker drops to a user of its own, bound
read-only in its private root otherwise), so one worker cannot change what the next
one loads; the judge builds it once per grading run and removes it at the end. Built
as root, it is readable only by a group of its own, which the run's workers join: a
worker of another submission, graded at the same time without a private root, cannot
read this one's modules.

Run as root, each worker becomes a user id of its own (:func:`fresh_user`), never
``root``. Where Python's own files are not readable by other users (a Python under
``/root``, as pyenv installs it), the worker runs from a readable copy of the standard
library (:func:`worker_interpreter`), made once per machine and Python (kept in the
temporary folder), with hard links where the file system allows them.

A student module is refused, with a one-line reason, when it is a link to a file
outside the submission folder, not a regular file, or over :data:`MAX_MODULE_BYTES`.
Other files of the submission are never read; those that look like an attempt to
change the framework or Python (``conftest.py``, ``sitecustomize.py``, a file named
like a module of cardlab or of Python) are named in the report as ignored.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import hashlib
import os
import py_compile
import random
import shutil
import stat
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cardlab

from .compose import STUDENT, Composition
from .confine import Plan, readable_by_others

RUNTIME_MODULES = (
    "__init__",
    "arguments",
    "canary",
    "codec",
    "compose",
    "notation",
    "confine",
    "hostile",
    "portable",
    "wire",
    "serve",
    "student_tests",
    "zygote",
)
"""The modules of :mod:`cardlab.worker` the worker imports; they import only the standard
library."""

MAX_MODULE_BYTES = 1 << 20
"""The largest student module loaded (1 MiB)."""

MAX_LISTED_ENTRIES = 1000
"""How many entries of a submission folder are looked at for ignored files."""

_SHADOWING = frozenset(
    {
        "cardlab",
        "conftest",
        "sitecustomize",
        "usercustomize",
        "pytest",
        "_pytest",
        "hypothesis",
        "pluggy",
    }
)
_SYSTEM_DIRS = ("/usr", "/lib", "/lib64", "/lib32", "/bin")
WORKER_UIDS = range(0x5C000000, 0x5C000000 + (1 << 24))
"""The user ids a worker started as root may become: one drawn at random per worker, so
that no two workers of a machine share what the kernel keeps per user."""
COMPLETE_MARK = "cardlab-complete"
"""The file last written into a folder shared between gradings: the folder is whole."""
_LEFT_OUT_OF_COPY = shutil.ignore_patterns(
    "site-packages", "dist-packages", "test", "idlelib", "tkinter", "turtledemo", "ensurepip"
)
_DIR_MODE, _FILE_MODE = 0o755, 0o644


@dataclass(frozen=True)
class Limits:
    """The limits a worker runs under (see docs/instructors/security.md).

    Attributes:
        cpu_seconds: Processor seconds over the worker's whole life.
        memory_bytes: Address space of the worker.
        stack_bytes: Stack of its main thread.
        file_bytes: Largest file it may write.
        processes: Processes and threads its user may have.
        open_files: Open file descriptors.
        scratch_bytes: Size of its writable ``/tmp``.
        worker_seconds: Wall-clock seconds a worker may live; every call must end
            within this too, besides its own limit.
        start_seconds: Wall-clock seconds a worker has to start: to confine itself and
            load the student's modules (a module that hangs at import fails here).
        user: The user (and group) id a worker started as root becomes; None (the
            default) draws a fresh one for each worker (:func:`fresh_user`).
    """

    cpu_seconds: int = 300
    memory_bytes: int = 1 << 30
    stack_bytes: int = 8 << 20
    file_bytes: int = 8 << 20
    processes: int = 64
    open_files: int = 64
    scratch_bytes: int = 16 << 20
    worker_seconds: float = 900.0
    start_seconds: float = 10.0
    user: int | None = None

    def plan(self, tree: WorkerTree, root: Path, user: int) -> Plan:
        """The plan for one worker, its private root built on ``root``, run as ``user``."""
        return Plan(
            cpu_seconds=self.cpu_seconds,
            memory_bytes=self.memory_bytes,
            stack_bytes=self.stack_bytes,
            file_bytes=self.file_bytes,
            processes=self.processes,
            open_files=self.open_files,
            scratch_bytes=self.scratch_bytes,
            user=user,
            group=tree.group,
            root=str(root),
            visible=(
                *worker_interpreter().dirs,
                *(path for path in _SYSTEM_DIRS if os.path.lexists(path)),
                str(tree.root),
                *map(str, tree.shared),
            ),
        )


def as_root() -> bool:
    """Whether this process runs as root (never on Windows, which has no user ids)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def fresh_user() -> int:
    """A user id from :data:`WORKER_UIDS` that no account of this machine has."""
    import pwd  # Unix only; a judge that is not root (any on Windows) never needs it

    while True:
        uid = random.SystemRandom().choice(WORKER_UIDS)
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid


@dataclass(frozen=True)
class Interpreter:
    """The Python a worker runs.

    Attributes:
        executable: The program to start.
        home: ``PYTHONHOME`` for the worker when it runs from a readable copy of the
            standard library, else None.
        dirs: The standard library's folders the worker imports from.
    """

    executable: str
    home: str | None
    dirs: tuple[str, ...]


@functools.cache
def worker_interpreter() -> Interpreter:
    """This Python; or, run as root with a Python other users cannot read, a copy.

    Student code never runs as root, so a worker started as root must go on reading
    the standard library once it is another user. The copy holds the standard library
    without its site packages and tests. It is kept in the temporary folder under a
    name of this Python's (:func:`_shared_copy`) and used by every later judge process,
    as long as it is still root's alone; else a copy of this process's own is made.
    """
    dirs = tuple(_python_dirs())
    if not as_root() or all(readable_by_others(path) for path in dirs):
        return Interpreter(sys.executable, None, dirs)
    home = _shared_copy()
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    return Interpreter(sys.executable, str(home), (str(home / "lib" / version),))


def _shared_copy() -> Path:
    """The readable copy of this Python's standard library, made if need be.

    It is built in a fresh folder and renamed into place; a folder found at its place
    is used only when root owns it, no one else may write to it, and it is complete.
    """
    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    identity = f"{sys.version}|{stdlib}|{stdlib.stat().st_mtime_ns}"
    name = f"cardlab-python-{hashlib.sha256(identity.encode()).hexdigest()[:16]}"
    place = Path(tempfile.gettempdir()) / name
    if trusted_shared_folder(place):
        return place
    fresh = Path(tempfile.mkdtemp(prefix="cardlab-python-"))
    _copy_stdlib(stdlib, fresh)
    try:
        fresh.rename(place)
    except OSError:  # made meanwhile by another judge, or not root's: keep this one
        if trusted_shared_folder(place):
            shutil.rmtree(fresh, ignore_errors=True)
            return place
        atexit.register(_remove_if_made_here, fresh, os.getpid())
        return fresh
    return place


def trusted_shared_folder(place: Path) -> bool:
    """Whether a folder shared between gradings may be used.

    It must be a real folder, root's, writable by no one else, and complete
    (:data:`COMPLETE_MARK` written last).
    """
    try:
        info, done = os.lstat(place), os.lstat(place / COMPLETE_MARK)
    except OSError:
        return False
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == 0
        and not info.st_mode & 0o022
        and done.st_uid == 0
    )


def _copy_stdlib(stdlib: Path, home: Path) -> None:
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    library = home / "lib" / version
    library.parent.mkdir(mode=_DIR_MODE)
    shutil.copytree(stdlib, library, ignore=_LEFT_OUT_OF_COPY, copy_function=_link_or_copy)
    dynload = Path(sysconfig.get_config_var("DESTSHARED") or "").resolve()
    if dynload.is_dir() and not dynload.is_relative_to(stdlib):
        shutil.copytree(dynload, library / "lib-dynload", copy_function=_link_or_copy)
    for folder, _, _ in os.walk(home):
        os.chmod(folder, _DIR_MODE)
    (home / COMPLETE_MARK).write_text("")


def _remove_if_made_here(folder: Path, maker: int) -> None:
    """Remove ``folder`` at exit, unless this is a forked child of the process that made it."""
    if os.getpid() == maker:
        shutil.rmtree(folder, ignore_errors=True)


def _link_or_copy(source: str, target: str) -> None:
    """A hard link where the file system allows it (instant, no space), else a copy.

    A file other users cannot read is copied, never linked: a link shares its mode.
    """
    if os.stat(source).st_mode & 0o004:
        with contextlib.suppress(OSError):
            os.link(source, target)
            return
    shutil.copy2(source, target)
    os.chmod(target, _FILE_MODE)


def exposed(paths: tuple[Path, ...]) -> list[Path]:
    """The paths among ``paths`` holding a file that any other user of the machine can read.

    A file is exposed when it is readable by others and every folder on the way to it
    lets others through (its name can be guessed, so listing is not needed).
    """
    return [path for path in paths if _first_exposed(path.resolve()) is not None]


def _first_exposed(place: Path) -> Path | None:
    if not place.exists() or not all(os.stat(p).st_mode & 0o001 for p in place.parents):
        return None
    if place.is_file():
        return place if os.stat(place).st_mode & 0o004 else None
    for folder, dirs, files in os.walk(place):
        if not os.stat(folder).st_mode & 0o001:
            dirs.clear()
            continue
        for name in files:
            path = Path(folder, name)
            if os.lstat(path).st_mode & 0o004:
                return path
    return None


def _python_dirs() -> list[str]:
    """The standard library's folders (never the site packages)."""
    paths = sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_exec_prefix})
    found = {str(Path(paths[key]).resolve()) for key in ("stdlib", "platstdlib")}
    found.add(str(Path(sysconfig.get_config_var("DESTSHARED") or paths["platstdlib"]).resolve()))
    return sorted(found)


@dataclass(frozen=True)
class WorkerTree:
    """A built private tree.

    Attributes:
        root: The tree's folder.
        lib: The worker's import path.
        composition: The composition, with every path inside the tree.
        codec: The codec file inside the tree, if the assignment has one.
        group: The group that may read the tree (built as root), else None.
        shared: Folders outside the tree that the worker reads too, read-only: public
            code kept once per machine, owned by root (the test libraries of a
            student-tests run).
    """

    root: Path
    lib: Path
    composition: Composition
    codec: Path | None
    group: int | None = None
    shared: tuple[Path, ...] = ()

    def remove(self) -> None:
        """Delete the tree."""
        shutil.rmtree(self.root, ignore_errors=True)


def refusals(composition: Composition) -> dict[str, str]:
    """Why each student module present in the submission is refused, by module name."""
    reasons = {}
    for name, origin in composition.origins.items():
        path = composition.modules[name]
        if origin == STUDENT and os.path.lexists(path):
            reason = _refusal(path, composition.root or path.parent)
            if reason:
                reasons[name] = reason
    return reasons


def _refusal(path: Path, root: Path) -> str:
    """Why a student module may not be loaded, or ``""``.

    A submission is only the files inside its folder: the module, with every link on
    its way followed (a link to a file, or to a folder holding it), must lie in ``root``.
    """
    try:
        if not path.resolve(strict=True).is_relative_to(root.resolve()):
            return f"{path.name} is a link to a file outside your submission; it was not loaded"
        info = path.stat()
    except (OSError, RuntimeError) as error:  # RuntimeError: a loop of links
        reason = getattr(error, "strerror", None) or "a loop of links"
        return f"{path.name} could not be read ({reason}); it was not loaded"
    if not stat.S_ISREG(info.st_mode):
        return f"{path.name} is not a regular file; it was not loaded"
    if info.st_size > MAX_MODULE_BYTES:
        return (
            f"{path.name} is {info.st_size:,} bytes, over the limit of "
            f"{MAX_MODULE_BYTES:,} for one module; it was not loaded"
        )
    return ""


def _missing(path: Path) -> str:
    return f"{path.name} is missing from your submission (expected it in {path.parent.name}/)"


def ignored_files(folder: Path, composition: Composition) -> list[str]:
    """One-line notes on files of the submission that might try to change the framework."""
    if not folder.is_dir():
        return []
    wanted = {path.name for path in composition.student_files()}
    try:
        return _ignored(folder, wanted)
    except OSError as error:
        return [f"the submission folder could not be listed ({error.strerror})"]


def _ignored(folder: Path, wanted: set[str]) -> list[str]:
    notes, seen = [], 0
    with os.scandir(folder) as entries:
        for entry in entries:
            seen += 1
            if seen > MAX_LISTED_ENTRIES:
                notes.append(
                    f"the submission holds over {MAX_LISTED_ENTRIES} entries; "
                    "only the modules of the phase were read"
                )
                break
            name = entry.name
            if entry.is_symlink() and name not in wanted:
                notes.append(
                    f"ignored {name} in the submission: it is a link, and a submission "
                    "is only the files inside its folder"
                )
                continue
            if name in wanted:
                continue
            stem = name.removesuffix(".py") if name.endswith(".py") else ""
            if entry.is_dir(follow_symlinks=False):
                stem = name
            if stem in _SHADOWING or stem in sys.stdlib_module_names:
                notes.append(
                    f"ignored {name} in the submission: it is named like a module "
                    "of cardlab or Python, and only the phase's modules are loaded"
                )
    return sorted(notes)


def build_tree(composition: Composition, codec: Path | None) -> WorkerTree:
    """Copy what a worker may load into a new private folder (see the module docstring)."""
    root = Path(tempfile.mkdtemp(prefix="cardlab-tree-"))
    lib = root / "lib"
    _copy_runtime(lib / "cardlab")
    packages = [_copy_package(part, root / "package") for part in composition.packages]
    codec_copy = None
    if codec is not None and codec.is_file():
        codec_copy = root / "codec" / "codec.py"
        codec_copy.parent.mkdir()
        shutil.copyfile(codec, codec_copy)
        _write_bytecode_beside(codec_copy, codec, "codec/codec.py")
    group = fresh_user() if as_root() else None
    open_to_readers(root, group)
    tree_composition = dataclasses.replace(
        packages[0], others=tuple(packages[1:]), qualified=composition.qualified
    )
    return WorkerTree(root, lib, tree_composition, codec_copy, group)


def _copy_package(composition: Composition, folder: Path) -> Composition:
    """Copy one package of a composition into ``folder``; return its composition there."""
    package = folder / composition.package
    package.mkdir(parents=True)
    refused = refusals(composition)
    refused |= {
        name: _missing(path)
        for name, path in composition.modules.items()
        if composition.origins[name] == STUDENT and not os.path.lexists(path)
    }
    modules = {}
    for name, origin in composition.origins.items():
        source = composition.modules[name]
        if name in refused:
            modules[name] = package / f"{name}.py"
        elif origin == STUDENT:
            modules[name] = package / f"{name}.py"
            shutil.copyfile(source, modules[name])
            _cache_bytecode(modules[name])
        else:
            modules[name] = _provide(source, package, composition.package)
    init = None
    if composition.init is not None:
        init = _provide(composition.init, package, composition.package)
    return Composition(composition.package, init, modules, dict(composition.origins), refused)


def _copy_runtime(target: Path) -> None:
    """Copy ``cardlab/__init__.py`` and the worker's runtime modules under ``target``.

    Each copy gets its bytecode beside it, compiled once per judge process.
    """
    source = Path(cardlab.__file__).parent
    (target / "worker").mkdir(parents=True)
    for name in ["__init__.py", *(f"worker/{module}.py" for module in RUNTIME_MODULES)]:
        shutil.copyfile(source / name, target / name)
        _write_bytecode_beside(target / name, source / name, None)


def _write_bytecode_beside(copy: Path, source: Path, shown_name: str | None) -> None:
    """Put the bytecode of a trusted ``source`` beside its ``copy`` (see :func:`_compiled`)."""
    bytecode = _bytecode_beside(copy)
    bytecode.parent.mkdir(exist_ok=True)
    bytecode.write_bytes(_compiled(source, shown_name))


def _bytecode_beside(module: Path) -> Path:
    """Where a worker looks for a module's bytecode: ``__pycache__`` beside the source.

    Spelled out rather than asked of :mod:`importlib`, which answers with the judge's
    own ``sys.pycache_prefix`` when it caches its bytecode elsewhere.
    """
    return module.parent / "__pycache__" / f"{module.stem}.{sys.implementation.cache_tag}.pyc"


def _compiled(source: Path, shown_name: str | None) -> bytes:
    """The bytecode of a trusted source file (runtime, provided module), made once.

    Args:
        source: The source file.
        shown_name: The file name written inside the bytecode (None: the source's).
    """
    info = source.stat()
    return _compiled_once(str(source), shown_name, info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=256)
def _compiled_once(source: str, shown_name: str | None, mtime_ns: int, size: int) -> bytes:
    """Compile ``source`` (its time and size in the key: an edited file compiles again).

    The bytecode is marked not to be checked against the source as it loads (an
    unchecked hash), so it stays valid beside a copy of the file made later.
    """
    with tempfile.TemporaryDirectory(prefix="cardlab-compile-") as folder:
        target = Path(folder) / "module.pyc"
        py_compile.compile(
            source,
            cfile=str(target),
            dfile=shown_name,
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        return target.read_bytes()


def _cache_bytecode(module: Path) -> None:
    """Compile a student's module once, into ``__pycache__`` beside its copy.

    Every worker of the run (a tournament starts over a hundred) then loads the
    bytecode instead of compiling the source again; the source stays beside it, for
    tracebacks. Compiling runs none of the student's code. A module that does not
    compile is left to the worker, which reports why as it loads it.
    """
    with contextlib.suppress(py_compile.PyCompileError, OSError):
        py_compile.compile(str(module), cfile=str(_bytecode_beside(module)), doraise=True)


def _provide(source: Path, folder: Path, package: str) -> Path:
    """Put a provided module in ``folder``, with no source beside it.

    Source is compiled to sourceless bytecode named neutrally inside; compiled code
    (bytecode, or a native extension from a hardened handout) is copied as it is.
    """
    if source.suffix != ".py":
        target = folder / source.name
        shutil.copyfile(source, target)
        return target
    target = folder / f"{source.stem}.pyc"
    target.write_bytes(_compiled(source, f"{package}/{source.name}"))
    return target


def open_to_readers(root: Path, group: int | None) -> None:
    """Readable by the tree's group (by every user when None), writable by the judge only."""
    dir_mode, file_mode = (_DIR_MODE, _FILE_MODE) if group is None else (0o750, 0o640)
    for folder, _, files in os.walk(root):
        here = Path(folder)
        for path, mode in ((here, dir_mode), *((here / n, file_mode) for n in files)):
            if group is not None:
                os.chown(path, 0, group)
            os.chmod(path, mode)
