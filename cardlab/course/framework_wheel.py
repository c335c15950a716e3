"""The cardlab wheel that handouts and autograders ship, built from the project.

A student installs cardlab from the wheel in a handout's ``wheels/`` folder, and a
Gradescope autograder from the one it bundles. The wheel must hold the framework
only: :func:`foreign_entries` names whatever else a misconfigured build put in it,
which the build refuses and a handout's audit reports.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ..errors import CardlabError


def foreign_entries(wheel: Path) -> list[str]:
    """Entries of a wheel that belong neither to the ``cardlab`` package nor its metadata."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    return [
        name
        for name in names
        if not name.startswith("cardlab/")
        and not (name.startswith("cardlab-") and name.split("/")[0].endswith(".dist-info"))
    ]


def build_framework_wheel(project_root: Path, dest: Path) -> Path:
    """Build the cardlab wheel from the project's ``pyproject.toml`` into ``dest``.

    Uses ``pip wheel`` with the running interpreter, without build isolation when
    hatchling is installed (no network needed), with it otherwise.

    Returns:
        The wheel, ``dest/cardlab-<version>-py3-none-any.whl``.

    Raises:
        CardlabError: When there is no ``pyproject.toml``, the build fails, or the wheel
            holds anything but the ``cardlab`` package.
    """
    if not (project_root / "pyproject.toml").is_file():
        raise CardlabError(f"no pyproject.toml in {project_root} to build the cardlab wheel from")
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation]
        command += ["--quiet", "--wheel-dir", scratch, str(project_root)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        wheels = list(Path(scratch).glob("cardlab-*.whl"))
        if result.returncode or len(wheels) != 1:
            output = (result.stderr or result.stdout).strip().splitlines() or ["no wheel made"]
            raise CardlabError(
                f"could not build the cardlab wheel from {project_root}: {output[-1]}"
            )
        if foreign := foreign_entries(wheels[0]):
            raise CardlabError(
                f"the cardlab wheel built from {project_root} holds {foreign[0]}, which is not "
                "part of the cardlab package; limit the wheel to it in pyproject.toml"
            )
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheels[0], dest / wheels[0].name))
