"""GitHub Classroom: the student's repository is untrusted (issue 20.3).

Each attack changes the exported repository the way a student could, then runs the
workflow's own command for a part; the honest baseline is the untouched stubs, which
earn nothing. An attack must earn no more (exit status non-zero) and, where it was
caught by the digest, say why. The cheat every attack plants is the same: when it
loads in the judge, every part gets full points.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from cardlab.exports.classroom import COMMAND_GRADER, WORKFLOW, export_classroom

PHASE, PART = 2, "suit"
CHEAT = """
import cardlab.judge.grading as grading
grading.part_score = lambda points, tests: points
"""
CHANGED = "differ from the ones your instructor shipped"

pytestmark = pytest.mark.slow


def _lower_points(folder: Path) -> None:
    spec = folder / "spec.toml"
    text = spec.read_text()
    at = text.index('id = "suit"')
    end = text.index("points = ", at)
    line_end = text.index("\n", end)
    spec.write_text(text[:end] + "points = 0" + text[line_end:])


def _conftest_in_tests(folder: Path) -> None:
    (folder / "tests" / "conftest.py").write_text(CHEAT)


def _conftest_at_the_root(folder: Path) -> None:
    (folder / "conftest.py").write_text(CHEAT)


def _ini_with_a_plugin(folder: Path) -> None:
    (folder / "cheat_plugin.py").write_text(CHEAT)
    (folder / "pytest.ini").write_text("[pytest]\npythonpath = .\naddopts = -p cheat_plugin\n")


def _patched_provided_module(folder: Path) -> None:
    provided = next(p for p in (folder / "bisca").iterdir() if p.suffix == ".pyc")
    provided.write_bytes(provided.read_bytes() + b"\0")


ATTACKS: dict[str, tuple[Callable[[Path], None], str | None]] = {
    "lowers-points-in-spec": (_lower_points, CHANGED),
    "conftest-in-tests": (_conftest_in_tests, CHANGED),
    "conftest-at-the-root": (_conftest_at_the_root, None),
    "ini-loads-a-plugin": (_ini_with_a_plugin, None),
    "patched-provided-module": (_patched_provided_module, CHANGED),
}


@pytest.fixture
def classroom(repo, tmp_path) -> tuple[Path, str]:
    """An exported repository and the command its workflow runs for the part."""
    wheel = tmp_path / "cardlab-0-py3-none-any.whl"  # never installed here
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
    folder = export_classroom(repo, repo.spec("bisca"), PHASE, tmp_path / "repo", wheel=wheel)
    steps = yaml.safe_load((folder / WORKFLOW).read_text())["jobs"]["run-autograding-tests"]
    [command] = [
        step["with"]["command"]
        for step in steps["steps"]
        if step.get("uses") == COMMAND_GRADER and step["id"] == f"part-{PART}"
    ]
    return folder, command


def _run(folder: Path, command: str, **env: str) -> subprocess.CompletedProcess:
    words = shlex.split(command)
    assert words[0] == "cardlab"
    return subprocess.run(
        [sys.executable, "-m", "cardlab.cli", *words[1:]],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, **env},
    )


def test_the_honest_stubs_earn_nothing_and_the_solution_everything(repo, classroom):
    folder, command = classroom
    assert "--verify sha256:" in command
    stubs = _run(folder, command)
    assert stubs.returncode == 1 and "Points for Suit: 0 / 15" in stubs.stdout
    solution = repo.reference_dir("bisca") / "suit.py"
    (folder / "bisca" / "suit.py").write_bytes(solution.read_bytes())
    solved = _run(folder, command)
    assert solved.returncode == 0 and "Points for Suit: 15 / 15" in solved.stdout


def test_the_cheat_works_when_loaded_in_the_judge(classroom):
    """Proof the attacks would pay: the cheat, run in the judge's process, gives full points."""
    folder, _ = classroom
    script = f"{CHEAT}\nfrom cardlab.cli import main\nmain(['check', '--part', '{PART}'])"
    done = subprocess.run([sys.executable, "-c", script], cwd=folder, capture_output=True,
                          text=True, timeout=300, check=False)
    assert "Points for Suit: 15 / 15" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("name", list(ATTACKS))
def test_an_attack_on_the_repository_earns_no_points(classroom, name):
    folder, command = classroom
    attack, cause = ATTACKS[name]
    attack(folder)
    done = _run(folder, command, PYTEST_PLUGINS="cheat_plugin", PYTHONPATH=str(folder))
    assert done.returncode != 0, done.stdout
    assert "Points for Suit: 15 / 15" not in done.stdout
    if cause is not None:
        assert cause in done.stderr
