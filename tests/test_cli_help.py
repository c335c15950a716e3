"""`cardlab --help`: whole summaries, the project's assignments, and a student's view."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

COMMANDS = {"check", "demo", "export", "grade", "grade-all", "handout", "marks", "mutants",
            "overview", "play", "release", "similarity", "solution", "stubs", "tournament"}


def _help(cwd: Path, *command: str) -> str:
    cardlab = Path(sys.executable).parent / "cardlab"
    result = subprocess.run([str(cardlab), *command, "--help"], cwd=cwd, capture_output=True,
                            text=True, timeout=60, check=False,
                            env={**os.environ, "COLUMNS": "80"})
    assert result.returncode == 0, result.stderr
    return result.stdout


def _listed(text: str) -> dict[str, str]:
    listing = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return dict(line.strip().split(maxsplit=1) for line in listing.splitlines())


def test_in_a_project_every_command_is_listed_whole_with_the_assignments(repo):
    text = _help(repo.root)
    listed = _listed(text)
    assert set(listed) == COMMANDS
    assert not [summary for summary in listed.values() if summary.endswith("...")]
    unwrapped = " ".join(text.split())  # help is wrapped to the width: a long path moves it
    assert f"Assignments in {repo.root}: {', '.join(repo.assignments())}." in unwrapped


def test_the_export_subcommands_are_listed_whole(repo):
    listed = _listed(_help(repo.root, "export"))
    assert set(listed) == {"canvas", "classroom", "gradescope", "moodle"}
    assert not [summary for summary in listed.values() if summary.endswith("...")]


def test_outside_a_project_a_student_sees_only_what_works(tmp_path):
    text = _help(tmp_path)
    assert set(_listed(text)) == {"check"}
    assert "need a cardlab project" in " ".join(text.split())
    cardlab = Path(sys.executable).parent / "cardlab"
    graded = subprocess.run([str(cardlab), "grade", "bisca", "--phase", "1"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60, check=False)
    assert graded.returncode == 2
    assert "in a handout folder, cardlab check is the command to use" in graded.stderr
