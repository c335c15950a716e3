"""What every terminal game says first: it is cardlab's own table, not a student's console.

``cardlab play`` draws the reference game its own way; the console a student writes
follows the contract of its module's docstring instead. Each game's first line says so,
naming that console when the assignment has one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.play import games

PROJECT = Project(Path(__file__).resolve().parents[2])
GAMES = [declaration.id for declaration in games(PROJECT)]


@pytest.mark.parametrize("assignment", GAMES)
def test_a_game_s_first_line_says_it_is_not_the_console_students_write(assignment):
    result = CliRunner().invoke(
        main, ["play", assignment, "--seed", "1", "--project", str(PROJECT.root)], input=""
    )
    spec = PROJECT.spec(assignment)
    console = PROJECT.declaration(assignment).game.console
    first = " ".join(result.output.split("\n\n")[0].split())
    assert first.startswith(f"cardlab's own table for {spec.title}: the rules are the course's")
    if console is not None:
        module = spec.module_file(console).removesuffix(".py").replace("/", ".")
        assert f"not those of the console you write (python -m {module})" in first


@pytest.mark.parametrize("assignment", GAMES)
def test_a_declared_console_is_a_program_students_write(assignment):
    spec = PROJECT.spec(assignment)
    console = PROJECT.declaration(assignment).game.console
    written = {module for phase in spec.phases for module in phase.writes}
    if console is None:
        assert not any(Path(spec.module_file(m)).stem in {"play", "console"} for m in written)
        return
    assert console in written
    package, module = spec.split(console)
    source = (PROJECT.reference_dirs(spec)[package] / f"{module}.py").read_text()
    assert 'if __name__ == "__main__":' in source
