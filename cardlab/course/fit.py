"""Whether a handout runs here: its Python versions, its kind of computer, its compiled files.

``cardlab check`` asks before it starts anything, so a student with a Python the
handout was not built for, on another kind of computer than a hardened handout's, or
with a compiled file lost, reads one line saying what to do instead of an
``ImportError`` from inside a test. The facts come from the handout's manifest
(:func:`cardlab.course.handout.build_handout` writes them).
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path

from .cython_build import EXTENSION_SUFFIX
from .pythons import cache_tag, spoken_list, version_name
from .spec import CYTHON

RUNNING_PYTHON = version_name(sys.version_info[:2])
"""The running Python's version, as ``3.12``."""
RUNNING_ON = f"{platform.system()} {platform.machine()}"
"""The kind of computer this is (operating system and processor), as handouts name it."""


def _as_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(number) for number in version.split("."))


def _python_problem(manifest: dict) -> str | None:
    """Why the running Python cannot load the handout's compiled modules, if it cannot."""
    running = RUNNING_PYTHON
    if sys.implementation.name != "cpython":
        running = f"{sys.implementation.name} {running}"
    if manifest.get("compiled") == CYTHON:
        oldest = manifest.get("python", running)
        if sys.implementation.name == "cpython" and _as_tuple(running) >= _as_tuple(oldest):
            return None
        return (
            f"this handout's compiled modules need CPython {oldest} or newer, and you are "
            f"running Python {running} ({sys.executable}): make your virtual environment "
            "with a newer CPython (see README.md)"
        )
    versions = manifest.get("pythons") or []
    if not versions or running in versions:
        return None
    return (
        f"this handout's compiled modules are built for Python {spoken_list(versions)}, and you "
        f"are running Python {running} ({sys.executable}): make your virtual environment with "
        "one of those (see README.md)"
    )


def _files(manifest: dict, module: str) -> list[str]:
    """The files one provided module (``bisca/card``) needs here."""
    if manifest.get("compiled") == CYTHON:
        return [f"{module}{EXTENSION_SUFFIX}"]
    return [f"{module}.py", f"{module}.{cache_tag(RUNNING_PYTHON)}.pyc"]


def fit_problem(folder: Path, manifest: dict) -> str | None:
    """Why the handout in ``folder`` cannot run on this computer, in one line; None if it can.

    Args:
        folder: The handout folder.
        manifest: Its manifest, read.
    """
    provided = manifest.get("provided") or []
    if not provided:
        return None
    built_on = manifest.get("platform")
    if manifest.get("compiled") == CYTHON and built_on and built_on != RUNNING_ON:
        return (
            f"this handout's compiled modules are native extensions for {built_on}, and this "
            f"computer is {RUNNING_ON}: ask your instructor for a handout built for it "
            "(see README.md)"
        )
    if problem := _python_problem(manifest):
        return problem
    for module in provided:
        for name in _files(manifest, module):
            if not (folder / name).is_file():
                return (
                    f"{name} is missing from your handout: unpack the handout you received "
                    "again, or ask your instructor for a new copy"
                )
    return None
