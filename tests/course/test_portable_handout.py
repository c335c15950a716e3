"""One bisca handout, every Python here: what a class with mixed interpreters runs.

The handout is built once with every CPython 3.11+ this machine has; each interpreter
gets a virtual environment with the handout's own cardlab wheel, as a student would
make it, in a folder whose path has spaces and non-ASCII characters; the solved check
runs on the portable worker (``CARDLAB_PORTABLE=1``), as on macOS and Windows.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.handout_games import assert_bisca_plays

from cardlab.course.handout import build_handout
from cardlab.course.pythons import Interpreter, find_interpreters
from cardlab.worker.portable import NOT_CONFINED

VERSIONS = ["3.11", "3.12", "3.13", "3.14"]
"""Versions tried; those this machine lacks are skipped."""
PHASE = 1


@pytest.fixture(scope="module")
def interpreters() -> dict[str, Interpreter]:
    return {interpreter.name: interpreter for interpreter in find_interpreters()}


@pytest.fixture(scope="module")
def handout(repo, interpreters, framework_wheel, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("built") / "handout"
    return build_handout(repo, repo.spec("bisca"), PHASE, folder, wheel=framework_wheel)


def _environment(interpreter: Interpreter, handout: Path, where: Path) -> Path:
    """A virtual environment with cardlab from the handout's wheel; its python.

    The environment gets no pip of its own (installing one takes seconds): this run's
    pip installs the wheel and what it requires into it, running on the environment's
    interpreter (``pip --python``) as the environment's own pip would. Nothing is
    compiled ahead: the interpreter writes the bytecode of what it imports.
    """
    if interpreter.path == Path(sys.executable):
        return Path(sys.executable)  # this one already has cardlab
    subprocess.run(
        [str(interpreter.path), "-m", "venv", "--without-pip", str(where)],
        check=True,
        timeout=300,
    )
    python = where / ("Scripts" if os.name == "nt" else "bin") / "python"
    [wheel] = (handout / "wheels").glob("*.whl")
    install = ["install", "-q", "--no-compile", str(wheel)]
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), *install],
        check=True,
        timeout=900,
        capture_output=True,
    )
    return python


def _check(python: Path, folder: Path, **env: str) -> dict:
    result = subprocess.run(
        [str(python), "-m", "cardlab.cli", "check", "--format", "json"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, **env},
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_the_handout_checks_and_plays_under_each_python(
    repo, interpreters, handout, version, tmp_path
):
    if version not in interpreters:
        pytest.skip(f"no Python {version} on this machine")
    python = _environment(interpreters[version], handout, tmp_path / "venv")
    folder = tmp_path / "Mes devoirs é" / "bisca handout"
    shutil.copytree(handout, folder)

    stubs = _check(python, folder)
    assert stubs["score"] == 0 and stubs["max_score"] > 0

    reference = repo.reference_dir("bisca")
    for module in repo.spec("bisca").student_modules(PHASE):
        shutil.copyfile(reference / f"{module}.py", folder / "bisca" / f"{module}.py")
    solved = _check(python, folder, CARDLAB_PORTABLE="1")  # as on macOS and Windows
    assert solved["isolation"]["missing"] == [NOT_CONFINED]
    graded_later = "checked only when your work is graded"
    public = [part for part in solved["parts"] if part["note"] != graded_later]
    assert public and all(part["score"] == part["max_score"] for part in public), public

    narrow = subprocess.run(  # a Windows console without UTF-8
        [str(python), "-m", "cardlab.cli", "check"],
        cwd=folder,
        capture_output=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "cp1252", "CARDLAB_PORTABLE": "1"},
    )
    assert narrow.returncode == 0, narrow.stderr.decode("cp1252")
    assert narrow.stderr.decode("cp1252").splitlines() == [
        "cardlab: this console's encoding (cp1252) lacks some characters of the report, "
        "shown as '?'; set PYTHONIOENCODING=utf-8 to see them all"
    ]

    mine = folder / "my tests"  # the student's own tests, run with plain pytest
    mine.mkdir()
    (mine / "test_mine.py").write_text(
        "from bisca.deck import Deck\n\n\ndef test_a_new_deck_has_forty_cards():\n"
        "    assert len(Deck.standard()) == 40\n"
    )
    own = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(mine)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert own.returncode == 0 and "1 passed" in own.stdout, own.stdout + own.stderr

    assert_bisca_plays(folder, str(python), timeout=120)
