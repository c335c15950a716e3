"""What every assignment's handout_of and the students' guide tell a student, read from outside.

Each phase of each registered assignment is built once, as ``cardlab handout`` builds
it, and its README, its packages and the students' guide are held against what the
handout really holds: the paths the guide's examples name, the Python versions, the
packages the student writes in, the documentation site's pages.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from cardlab.course.project import HANDOUT_MANIFEST, Project
from cardlab.course.pythons import OLDEST, version_name

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "students.md"
_GUIDE_TESTS = re.compile(r"--test '?([\w/.\-]+?)(?:::([\w]+))?[\[' \n]")
_GUIDE_FILES = re.compile(r"`(tests/[\w/.\-]+\.py)`")
_MODULE_BULLET = re.compile(r"^- `([\w/]+)\.py`$")


def _phases(project: Project) -> list[tuple[str, int]]:
    return [
        (assignment, phase.number)
        for assignment in project.assignments()
        for phase in project.spec(assignment).phases
    ]


PHASES = _phases(Project(ROOT))


def test_every_test_the_students_guide_names_is_in_a_handout(handout_of):
    """The guide's example failure is bisca phase 2's; its paths are the handout's."""
    guide = GUIDE.read_text(encoding="utf-8")
    named = _GUIDE_TESTS.findall(guide) + [(path, "") for path in _GUIDE_FILES.findall(guide)]
    assert named, "the guide names no test to run"
    folder = handout_of("bisca", 2)
    for path, function in named:
        assert (folder / path).is_file(), f"the guide names {path}, which a handout lacks"
        if function:
            tree = ast.parse((folder / path).read_text(encoding="utf-8"))
            defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
            assert function in defined, f"{path} has no {function}"


def test_the_students_guide_links_every_assignments_rules_and_game(repo):
    guide = GUIDE.read_text(encoding="utf-8")
    for assignment in repo.assignments():
        assert f"](assignments/{assignment}.md" in guide, f"no link to {assignment}'s rules"
        if repo.declaration(assignment).game is not None:
            assert f"cardlab play {assignment}" in guide, f"{assignment}'s game is not named"


@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_a_readme_names_the_site_pages_on_its_assignment(repo, handout_of, assignment, number):
    readme = (handout_of(assignment, number) / "README.md").read_text(encoding="utf-8")
    docs = repo.root / "docs"
    named = re.findall(r"^- .+: `([\w/\-]+)/`$", readme, re.M)
    assert f"assignments/{assignment}" in named and f"assignments/{assignment}-api" in named
    assert "students" in named
    for page in named:
        assert (docs / f"{page}.md").is_file(), f"{page} is not a page of the site"


@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_a_readme_names_the_pythons_its_handout_runs_on(handout_of, assignment, number):
    folder = handout_of(assignment, number)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    manifest = tomllib.loads((folder / HANDOUT_MANIFEST).read_text(encoding="utf-8"))
    if manifest["pythons"]:
        *others, last = manifest["pythons"]
        versions = f"{', '.join(others)} or {last}" if others else last
    else:
        versions = f"{version_name(OLDEST)} or newer"
    assert f"make a virtual environment with Python {versions} and install" in readme


def test_cardlab_s_oldest_python_is_the_distribution_s_and_the_guide_s():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["requires-python"] == f">={version_name(OLDEST)}"
    guide = " ".join(GUIDE.read_text(encoding="utf-8").split())
    assert f"runs on any Python from {version_name(OLDEST)} on" in guide


@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_a_readme_s_packages_and_example_are_the_handout_s(handout_of, assignment, number):
    folder = handout_of(assignment, number)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    if written := re.search(
        r"^In this phase you write these modules of the (.+) packages?:\n\n((?:- .+\n)+)",
        readme,
        re.M,
    ):
        said = set(re.findall(r"`(\w+)`", written[1]))
        listed = {_MODULE_BULLET.match(line)[1].split("/")[0] for line in written[2].splitlines()}
        assert said == listed
    example = re.search(r'python -c "import ([\w.]+); help\(\1\)"', readme)
    assert example, "the README shows no module to read"
    module = Path(*example[1].split("."))
    assert (folder / f"{module}.py").is_file() or (folder / module / "__init__.py").is_file()


@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_a_handout_s_packages_speak_to_the_student(handout_of, assignment, number):
    folder = handout_of(assignment, number)
    for init in sorted(folder.glob("*/__init__.py")):
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert "reference implementation" not in docstring.lower(), init.relative_to(folder)


def test_the_whist_tournament_draws_its_plot_without_a_plotting_library(tmp_path, monkeypatch):
    """The docs promise a plot wherever the tests run: a student's venv has no matplotlib."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    monkeypatch.syspath_prepend(str(ROOT / "graders" / "whist" / "public"))
    monkeypatch.delitem(sys.modules, "whist_tournament", raising=False)
    import whist_tournament

    result = whist_tournament.Duplicate()
    for tricks in [(8, 5), (7, 7), (4, 9), (10, 6)]:
        result.add_deal(*tricks)
    note = whist_tournament.plot(result, tmp_path / "files", "plot.svg")
    drawn = tmp_path / "files" / "plot.svg"
    assert note == f" Plot: {drawn}."
    svg = ElementTree.parse(drawn).getroot()
    line = svg.find("{http://www.w3.org/2000/svg}polyline")
    assert line is not None and len(line.get("points", "").split()) == len(result.points)
