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
* ``codec/codec.py``: the assignment's codec.

The worker is started with this ``lib`` as its only import path beside the standard
library (no site packages, no working folder on the path), so ``import reference``,
``import graders`` or anything else of the instructor's tree finds nothing. The tree
is read-only to the worker (owned by root when the worker drops to ``nobody``, bound
read-only in its private root otherwise), so one worker cannot change what the next
one loads; the judge builds it once per grading run and removes it at the end.

A student module is refused, with a one-line reason, when it is a link to a file
outside the submission folder, not a regular file, or over :data:`MAX_MODULE_BYTES`.
Other files of the submission are never read; those that look like an attempt to
change the framework or Python (``conftest.py``, ``sitecustomize.py``, a file named
like a module of cardlab or of Python) are named in the report as ignored.
"""

from __future__ import annotations

import compileall
import os
import py_compile
import shutil
import stat
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cardlab

from .compose import STUDENT, Composition
from .confine import Plan

RUNTIME_MODULES = (
    "__init__",
    "canary",
    "codec",
    "compose",
    "confine",
    "wire",
    "serve",
    "student_tests",
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
_NOBODY = 65534
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
        user: The user (and group) id a worker started as root becomes.
    """

    cpu_seconds: int = 300
    memory_bytes: int = 1 << 30
    stack_bytes: int = 8 << 20
    file_bytes: int = 8 << 20
    processes: int = 64
    open_files: int = 64
    scratch_bytes: int = 16 << 20
    worker_seconds: float = 900.0
    user: int = _NOBODY

    def plan(self, tree: WorkerTree, root: Path) -> Plan:
        """The confinement plan for one worker whose private root is built on ``root``."""
        return Plan(
            cpu_seconds=self.cpu_seconds,
            memory_bytes=self.memory_bytes,
            stack_bytes=self.stack_bytes,
            file_bytes=self.file_bytes,
            processes=self.processes,
            open_files=self.open_files,
            scratch_bytes=self.scratch_bytes,
            user=self.user,
            root=str(root),
            visible=(*_python_dirs(), *_SYSTEM_DIRS, str(tree.root)),
        )


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
    """

    root: Path
    lib: Path
    composition: Composition
    codec: Path | None

    def remove(self) -> None:
        """Delete the tree."""
        shutil.rmtree(self.root, ignore_errors=True)


def refusals(composition: Composition) -> dict[str, str]:
    """Why each student module present in the submission is refused, by module name."""
    reasons = {}
    for name, origin in composition.origins.items():
        path = composition.modules[name]
        if origin == STUDENT and os.path.lexists(path):
            reason = _refusal(path)
            if reason:
                reasons[name] = reason
    return reasons


def _refusal(path: Path) -> str:
    try:
        if path.is_symlink() and not path.resolve().is_relative_to(path.parent.resolve()):
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
    package = root / "package" / composition.package
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
        else:
            modules[name] = _provide(source, package, composition.package)
    init = None
    if composition.init is not None:
        init = _provide(composition.init, package, composition.package)
    codec_copy = None
    if codec is not None and codec.is_file():
        codec_copy = root / "codec" / "codec.py"
        codec_copy.parent.mkdir()
        shutil.copyfile(codec, codec_copy)
    open_to_readers(root)
    tree_composition = Composition(
        composition.package, init, modules, dict(composition.origins), refused
    )
    return WorkerTree(root, lib, tree_composition, codec_copy)


def _copy_runtime(target: Path) -> None:
    """Copy ``cardlab/__init__.py`` and the worker's runtime modules under ``target``."""
    source = Path(cardlab.__file__).parent
    (target / "worker").mkdir(parents=True)
    shutil.copyfile(source / "__init__.py", target / "__init__.py")
    for name in RUNTIME_MODULES:
        shutil.copyfile(source / "worker" / f"{name}.py", target / "worker" / f"{name}.py")
    compileall.compile_dir(target, quiet=2)


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
    py_compile.compile(
        str(source), cfile=str(target), dfile=f"{package}/{source.name}", doraise=True
    )
    return target


def open_to_readers(root: Path) -> None:
    """Readable by every user, writable by the judge's user only."""
    for folder, dirs, files in os.walk(root):
        os.chmod(folder, _DIR_MODE)
        for name in files:
            os.chmod(os.path.join(folder, name), _FILE_MODE)
        for name in dirs:
            os.chmod(os.path.join(folder, name), _DIR_MODE)
