"""A handout's manifest: what was built, of which assignment and phase, for which Pythons.

The build writes ``cardlab-handout.toml`` (:func:`manifest_text`); ``cardlab check``, the
audit and the instructor's summary (:func:`runs_on`) read it. How the provided modules
ship is one of :data:`COMPILE_KINDS`: sourceless bytecode for each Python chosen, or
native extensions for the kind of computer that built them.
"""

from __future__ import annotations

import json
import platform
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from .project import HANDOUT_MANIFEST
from .pythons import OLDEST, spoken_list, version_name
from .spec import BYTECODE, CYTHON, Phase, Spec

HANDOUT_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
"""The Python version building a handout (the oldest its native extensions load on)."""
BUILT_ON = f"{platform.system()} {platform.machine()}"
"""The kind of computer building a handout, which its native extensions need."""
COMPILE_KINDS = (BYTECODE, CYTHON)
"""How provided modules are shipped: sourceless bytecode (the default) or native extensions."""


def supported_pythons(
    compiled: str,
    versions: Sequence[str],
    built_with: str = HANDOUT_PYTHON,
    conjunction: str = "and",
) -> str:
    """The Python versions a handout runs on, as its README and the build's summary say them.

    Bytecode loads on exactly the versions it was compiled for; native extensions (Cython's
    limited API) on the Python that built them and every later one; provided modules given
    as source on every Python cardlab itself runs on.

    Args:
        compiled: How the provided modules ship (``bytecode`` or ``cython``).
        versions: The versions the bytecode is compiled for; empty when there is none.
        built_with: The version that built the handout (native extensions need it).
        conjunction: The word before the last of several versions.

    Returns:
        ``3.11, 3.12 and 3.13``, ``3.12 or newer`` or ``3.11 or newer``.
    """
    if compiled == CYTHON:
        return f"{built_with} or newer"
    if versions:
        return spoken_list(list(versions), conjunction)
    return f"{version_name(OLDEST)} or newer"


def manifest_text(
    spec: Spec, phase: Phase, compiled: str, provided: list[str], versions: list[str]
) -> str:
    """The manifest: which assignment, phase and package this is, for which Pythons.

    ``pythons`` lists the versions the bytecode is built for; ``platform`` the kind of
    computer native extensions are built for (``cython`` handouts only), which load on
    ``python`` or newer. ``provided`` names the compiled modules' files (``bisca/card``).
    """
    shipped = [spec.module_file(module)[:-3] for module in provided]
    lines = [
        "# Written by cardlab when it built this handout.",
        f'assignment = "{spec.id}"',
        f"phase = {phase.number}",
        f'package = "{spec.package}"',
        f'python = "{HANDOUT_PYTHON}"',
        f"pythons = {json.dumps(versions)}",
        f'compiled = "{compiled}"',
        f"provided = {json.dumps([] if spec.provides_source else shipped)}",
        f'cardlab = "{__version__}"',
    ]
    if compiled == CYTHON:
        lines.append(f'platform = "{BUILT_ON}"')
    return "\n".join(lines) + "\n"


def runs_on(folder: Path) -> str:
    """Where a built handout's compiled modules run, as its manifest says, for the instructor.

    Returns:
        ``bytecode for Python 3.11, 3.12 and 3.13 (any system)``, ``native extensions for
        Linux x86_64, Python 3.11 or newer``, or ``provided modules as source, Python 3.11
        or newer``.
    """
    manifest = tomllib.loads((folder / HANDOUT_MANIFEST).read_text(encoding="utf-8"))
    compiled = manifest.get("compiled", BYTECODE)
    pythons = supported_pythons(compiled, manifest.get("pythons", []), manifest.get("python", ""))
    if not manifest.get("provided"):
        return f"provided modules as source, Python {pythons}"
    if compiled == CYTHON:
        return f"native extensions for {manifest.get('platform')}, Python {pythons}"
    return f"bytecode for Python {pythons} (any system)"
