"""A judge that starts fast: bytecode cached, heavy libraries loaded as they are.

Two costs dominate a judge's start-up when nothing is done about them:

* Where ``PYTHONDONTWRITEBYTECODE`` is set (as on many managed machines and
  containers), cardlab, the graders and the reference are compiled from source on
  every run. :func:`cache_bytecode` keeps their bytecode in a per-user cache folder
  (``sys.pycache_prefix``) instead, so the source trees stay untouched and the next run
  loads it. Only the judge's own imports are cached: student code never runs in the
  judge, and the worker is started with ``-B``.
* pytest rewrites the assertions of every module of a distribution that registers a
  pytest plugin, hypothesis included (its 70-odd modules, a quarter of a grading run's
  start-up). :func:`import_before_rewriting` imports hypothesis before pytest installs
  its import hook; a module already imported is left as it is.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

_CACHE_MODE = 0o700
"""The cache folder is the judge's user's alone: no other user may plant bytecode."""


def bytecode_cache_folder() -> Path:
    """The per-user folder for the judge's bytecode (under the XDG cache folder)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cardlab" / f"pycache-{sys.implementation.cache_tag}"


def cache_bytecode() -> Path | None:
    """Write and read this process's bytecode in the per-user cache folder.

    Leaves everything as it is when the folder cannot be made private to this user
    (the judge then compiles as before: slower, never wrong).

    Returns:
        The cache folder in use, or None when bytecode is not cached.
    """
    if sys.pycache_prefix is not None:
        return Path(sys.pycache_prefix)
    folder = bytecode_cache_folder()
    try:
        folder.mkdir(parents=True, mode=_CACHE_MODE, exist_ok=True)
        if hasattr(os, "geteuid") and folder.stat().st_uid != os.geteuid():
            return None
        folder.chmod(_CACHE_MODE)
    except OSError:
        return None
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False
    forget_gone_temporary_folders(folder)
    return folder


def forget_gone_temporary_folders(folder: Path) -> None:
    """Delete the cached bytecode of temporary folders that no longer exist.

    Bytecode is kept by its source's path, and a source in the system's temporary folder
    (an autograder unpacked to try it, a throwaway virtual environment, a test run's
    copy) is never loaded again once its folder is gone. Without this, such bytecode
    piles up run after run (over a gigabyte on a development machine in a few days).

    Args:
        folder: The bytecode cache folder (``sys.pycache_prefix``).
    """
    temporary = Path(tempfile.gettempdir()).resolve()
    mirror = folder / temporary.relative_to(temporary.anchor)
    try:
        entries = list(os.scandir(mirror))
    except OSError:
        return
    for entry in entries:
        if not os.path.lexists(temporary / entry.name):
            shutil.rmtree(entry.path, ignore_errors=True)


def import_before_rewriting() -> None:
    """Import hypothesis (and its strategies) before pytest's assertion rewriting."""
    with contextlib.suppress(ImportError):
        import hypothesis.strategies  # noqa: F401 - imported for its side effect on sys.modules
