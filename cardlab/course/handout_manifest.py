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
from pathlib import Path

from .. import __version__
from .project import HANDOUT_MANIFEST
from .pythons import spoken_list
from .spec import BYTECODE, CYTHON, Phase, Spec

HANDOUT_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
"""The Python version building a handout (the oldest its native extensions load on)."""
BUILT_ON = f"{platform.system()} {platform.machine()}"
"""The kind of computer building a handout, which its native extensions need."""
COMPILE_KINDS = (BYTECODE, CYTHON)
"""How provided modules are shipped: sourceless bytecode (the default) or native extensions."""


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
        Linux x86_64, Python 3.11 or newer``, or ``provided modules as source``.
    """
    manifest = tomllib.loads((folder / HANDOUT_MANIFEST).read_text(encoding="utf-8"))
    if not manifest.get("provided"):
        return "provided modules as source"
    if manifest.get("compiled") == CYTHON:
        return (
            f"native extensions for {manifest.get('platform')}, Python "
            f"{manifest.get('python')} or newer"
        )
    return f"bytecode for Python {spoken_list(manifest.get('pythons', []))} (any system)"
