"""bisca handouts, phase by phase: what students get works.

That a handout gives nothing away is checked for every assignment and phase by
``test_assignments.py``, on the same shared builds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from support.handout_games import assert_bisca_plays

from cardlab.course.handout import marked_parts
from cardlab.course.pythons import LOADER_MARK
from cardlab.judge.grading import handout_job, run


@pytest.fixture(scope="module")
def spec(repo):
    return repo.spec("bisca")


@pytest.fixture
def handout(handout_of, tmp_path):
    """A copy of the run's build of a phase's handout, to change."""

    def copy(phase: int):
        return shutil.copytree(handout_of("bisca", phase), tmp_path / "handout")

    return copy


@pytest.mark.slow
@pytest.mark.parametrize("phase", [1, 2, 3])
def test_a_handout_checks_to_zero_then_to_full_marks(repo, spec, handout, phase):
    folder = handout(phase)
    package = folder / "bisca"
    loaders = {p.stem for p in package.glob("*.py") if p.read_text().startswith(LOADER_MARK)}
    sources = {path.stem for path in package.glob("*.py")} - {"__init__"} - loaders
    assert sources == set(spec.student_modules(phase))
    graded = {part.id for part in spec.phase(phase).parts}
    shipped = list((folder / "tests").glob("test_*.py"))
    assert shipped and all(marked_parts(path.read_text()) & graded for path in shipped)

    stubs = run(handout_job(folder))
    assert stubs.public_only and stubs.score == 0

    for name in sources:
        shutil.copyfile(repo.reference_dir("bisca") / f"{name}.py", package / f"{name}.py")
    solved = run(handout_job(folder))
    assert not solved.failures, [t.message for t in solved.failures][:3]
    for part in solved.parts:  # parts with public tests: full marks; others are explained
        assert part.score == part.max_score or part.note == "checked only when your work is graded"

    if phase == 2:  # the contract of a written module and of a compiled one, from help()
        shown = subprocess.run(
            [sys.executable, "-c", "import bisca.card, bisca.deck; help(bisca.card); "
             "help(bisca.deck)"],
            cwd=folder, capture_output=True, text=True, timeout=60, check=False,
            env={**os.environ, "PAGER": "cat"},
        )
        assert shown.returncode == 0, shown.stderr
        assert "One card of the bisca deck" in shown.stdout
        assert "The stock of a game" in shown.stdout or "class Deck" in shown.stdout
        comments = [line for line in shown.stdout.splitlines() if line.strip(" |").startswith("#")]
        assert not comments, comments  # no stray source comments of the standard library
        readme = (folder / "README.md").read_text(encoding="utf-8")
        assert "help(bisca." in readme and "API page" in readme
    assert "Reference" not in (package / "__init__.py").read_text(encoding="utf-8")

    one = next(test for test in solved.tests if test.status == "passed")
    again = run(handout_job(folder), select=one.id)  # what cardlab check --test runs
    assert [test.id for test in again.tests if test.status != "skipped"] == [one.id]
    for part in again.parts:
        if part.id != one.part:
            assert part.note == "no test of this part ran", part


@pytest.mark.slow
def test_phase_one_plays_from_bytecode_once_play_is_written(repo, handout):
    folder = handout(1)
    shutil.copyfile(repo.reference_dir("bisca") / "play.py", folder / "bisca" / "play.py")
    assert_bisca_plays(folder)
