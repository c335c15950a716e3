"""The "Run it again" line of a failure works when pasted into a shell, and ``--test``
refuses to report success when it matches no test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

QUOTED_IDS = '''\
import pytest

from cardlab.testing import expect_equal


@pytest.mark.part("add")
@pytest.mark.parametrize("word", ["it's", 'say "hi"', "a b"])
def test_words(student, word):
    """add joins two words."""
    expect_equal(student.pkg.counter.add(word, "!"), word + "?", f"add({word!r}, '!')")
'''

ADDS = """
def add(a, b):
    return a + b

class Tally:
    def __init__(self):
        self.total = 0

    def add(self, amount):
        if amount < 0:
            raise ValueError(amount)
        self.total += amount
"""


def _cardlab(command: list[str] | str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run cardlab (from this venv) as a user would, through a shell for a string."""
    env = os.environ | {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    if isinstance(command, str):
        shell = ["sh", "-c", command]
    else:
        shell = [str(Path(sys.executable).parent / "cardlab"), *command]
    return subprocess.run(shell, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, toy) -> Path:
    """A copy of the toy project with tests whose ids hold quotes and spaces."""
    root = tmp_path_factory.mktemp("rerun") / "toy project"
    shutil.copytree(toy.root, root)
    (root / "graders" / "toy" / "public" / "test_words.py").write_text(QUOTED_IDS)
    (root / "a submission").mkdir()
    (root / "a submission" / "counter.py").write_text(ADDS)
    return root


def _rerun_lines(output: str) -> list[str]:
    return [
        line.split("Run it again: ", 1)[1]
        for line in output.splitlines()
        if "Run it again: " in line
    ]


@pytest.mark.slow
def test_each_printed_rerun_command_runs_its_test_again_through_a_shell(project: Path) -> None:
    graded = _cardlab(["grade", "toy", "--phase", "1", "--submission", "a submission"], project)
    assert graded.returncode == 0, graded.stderr
    commands = _rerun_lines(graded.stdout)
    assert len(commands) == 3, graded.stdout  # each word fails
    for command, word in zip(commands, ["it's", 'say "hi"', "a b"], strict=True):
        again = _cardlab(command, project)
        assert again.returncode == 0, again.stderr
        assert "0 / 1" in again.stdout, again.stdout  # exactly one test ran, and failed
        assert repr(word) in again.stdout or word in again.stdout
        assert _rerun_lines(again.stdout) == [command]


def test_a_test_that_matches_nothing_is_an_error(project: Path) -> None:
    result = _cardlab(
        ["grade", "toy", "--phase", "1", "--submission", "a submission", "--test", "no_such_test"],
        project,
    )
    assert result.returncode == 2
    assert "no test matches --test no_such_test" in result.stderr
    assert "Every test that ran passed" not in result.stdout


def test_a_node_id_that_matches_nothing_is_an_error(project: Path) -> None:
    result = _cardlab(
        ["grade", "toy", "--phase", "1", "--test", "public/test_words.py::test_words[it]"], project
    )
    assert result.returncode == 2
    assert "no test matches" in result.stderr


def test_a_test_file_selects_its_tests(project: Path) -> None:
    result = _cardlab(
        ["grade", "toy", "--phase", "1", "--submission", "a submission", "--test",
         "public/test_words.py"],
        project,
    )
    assert result.returncode == 0, result.stderr
    assert "0 / 3" in result.stdout and "none ran" in result.stdout


def test_a_test_that_matches_some_tests_says_how_many_of_the_phase_ran(project: Path) -> None:
    whole = _cardlab(["grade", "toy", "--phase", "1", "--format", "json"], project)
    phase_tests = sum(len(part["tests"]) for part in json.loads(whole.stdout)["parts"])
    for select in ("public/test_words.py::test_words", "test_words"):
        result = _cardlab(["grade", "toy", "--phase", "1", "--test", select], project)
        assert result.returncode == 0, result.stderr
        words = " ".join(result.stdout.split())
        assert f"--test {select} ran: 3 of the phase's {phase_tests} tests" in words, words
        assert "Points" not in words and "/ 100" not in words, "a run of some tests adds no points"
        data = json.loads(
            _cardlab(["grade", "toy", "--phase", "1", "--test", select, "--format", "json"],
                     project).stdout
        )
        assert data["selection"] == {"test": select, "ran": 3, "of": phase_tests}
    assert json.loads(whole.stdout)["selection"] is None
