"""Every command's ``--output`` that cannot be made is refused in one line, status 2.

A file in the way of the folder, or a place that holds no new folders (``/proc``),
must not reach the user as a traceback, and must be refused before any long work.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import main

PROC = Path("/proc")


def _commands(tmp_path: Path, toy_root: Path, repo_root: Path) -> dict[str, list[str]]:
    """Each command that writes into --output, with everything else it needs."""
    class_folder = tmp_path / "class"
    (class_folder / "alice").mkdir(parents=True)
    wheel = tmp_path / "cardlab-0-py3-none-any.whl"
    wheel.write_bytes(b"")
    toy = ["--project", str(toy_root)]
    return {
        "solution": ["solution", "toy", *toy],
        "handout": ["handout", "toy", "--phase", "1", *toy],
        "export classroom": ["export", "classroom", "toy", "--phase", "1", "--wheel",
                             str(wheel), *toy],
        "export gradescope": ["export", "gradescope", "toy", "--phase", "1", "--wheel",
                              str(wheel), *toy],
        "grade-all": ["grade-all", "toy", "--phase", "1", str(class_folder), *toy],
        "tournament": ["tournament", "bisca", "--phase", "3", str(class_folder), "--jobs", "1",
                       "--project", str(repo_root)],
        "mutants": ["mutants", "toy", "--phase", "1", *toy],
        "similarity": ["similarity", "bisca", "--phase", "1", str(class_folder),
                       "--project", str(repo_root)],
    }


def _places(tmp_path: Path) -> dict[str, Path]:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    places = {"under a file": blocker / "out"}
    if PROC.is_dir():
        places["under /proc"] = PROC / "cardlab-nowhere" / "out"
    return places


@pytest.mark.parametrize("command", ["solution", "handout", "export classroom",
                                     "export gradescope", "grade-all", "tournament", "mutants",
                                     "similarity"])
@pytest.mark.skipif(sys.platform == "win32", reason="/proc and file modes of POSIX")
def test_an_output_that_cannot_be_made_is_one_line_and_status_2(command, toy, repo, tmp_path):
    arguments = _commands(tmp_path, toy.root, repo.root)[command]
    for where, place in _places(tmp_path).items():
        output = place.with_suffix(".zip") if command == "export gradescope" else place
        result = CliRunner().invoke(main, [*arguments, "--output", str(output)])
        assert result.exit_code == 2, (where, result.output, result.exception)
        assert result.output.count("\n") == 1, (where, result.output)
        assert result.output.startswith("cardlab: cannot make the folder"), (where, result.output)
        assert not list(tmp_path.glob("a-file*/**")), where


def test_a_file_in_the_way_is_named(tmp_path):
    from cardlab.course.output import make_folder
    from cardlab.errors import CardlabError

    (tmp_path / "notes").write_text("")
    with pytest.raises(CardlabError, match=r"notes is a file, not a folder"):
        make_folder(tmp_path / "notes" / "deeper" / "out")
