"""Tests of handout building and auditing (cardlab/course/handout.py)."""

from __future__ import annotations

import os
import py_compile
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import cardlab
from cardlab.course.framework_wheel import build_framework_wheel
from cardlab.course.handout import build_handout
from cardlab.course.handout_audit import check_handout
from cardlab.course.project import Project
from cardlab.errors import CardlabError

REPO = Path(__file__).resolve().parents[2]
PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
TAG = sys.implementation.cache_tag
ONE = (Path(sys.executable),)
"""Build with the running interpreter only, so the files are known."""

def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def _run(folder: Path, code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=False
    )


def test_phase_one_handout_holds_exactly_what_students_get(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    assert sorted(_files(folder)) == [
        "README.md",
        "cardlab-handout.toml",
        "spec.toml",
        "tests/codec.py",
        "tests/data/cases.json",
        "tests/test_a.py",
        "toy/__init__.py",
        "toy/a.py",
        f"toy/b.{TAG}.pyc",
        "toy/b.py",
        "toy/c.py",
        f"toy/d.{TAG}.pyc",
        "toy/d.py",
    ]
    assert (folder / "spec.toml").read_bytes() == spec.path.read_bytes()
    reference = project.reference_dir("toy")
    assert (folder / "toy" / "__init__.py").read_bytes() == (reference / "__init__.py").read_bytes()


def test_handout_never_holds_reference_code_or_hidden_tests(toy_tree, tmp_path):
    project, spec = toy_tree
    files = _files(build_handout(project, spec, 1, tmp_path / "out"))
    everything = b"".join(files.values())
    for secret in (b"SECRET-A", b"SECRET-C", b"SECRET-H"):
        assert secret not in everything
    assert str(project.root).encode() not in everything


def test_student_modules_are_stubs_and_method_modules_keep_the_rest(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out")
    a = (folder / "toy" / "a.py").read_text()
    assert 'def double(x: int) -> int:\n    """Return twice ``x``."""\n    raise' in a
    c = (folder / "toy" / "c.py").read_text()
    assert '        """Start at 0."""\n        self.n = 0\n' in c
    assert "Counter.bump is yours to write" in c


def test_provided_bytecode_imports_and_runs_without_source(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out")
    result = _run(
        folder,
        "import inspect, toy.b, toy.d\n"
        "print(toy.b.answer(), toy.d.half_answer(), toy.b.__file__.endswith('b.py'))\n"
        "try:\n    inspect.getsource(toy.b.answer)\nexcept OSError:\n    print('no source')\n",
    )
    assert result.stdout.split() == ["42", "21", "True", "no", "source"], result.stderr
    stub_called = _run(folder, "import toy.b\ntoy.b.quadruple(1)\n")
    assert "NotImplementedError: double is yours to write" in stub_called.stderr
    main = subprocess.run(
        [sys.executable, "-m", "toy.b"], cwd=folder, capture_output=True, text=True, check=False
    )
    assert main.stdout == "42\n", main.stderr
    assert not list(folder.rglob("__pycache__"))


def test_later_phase_turns_provided_modules_into_stubs(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 2, tmp_path / "out", pythons=ONE)
    package = sorted(p.name for p in (folder / "toy").iterdir())
    assert package == ["__init__.py", "a.py", "b.py", "c.py", f"d.{TAG}.pyc", "d.py"]
    assert "answer is yours to write" in (folder / "toy" / "b.py").read_text()


def test_manifest_and_readme_state_phase_and_python_version(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    manifest = tomllib.loads((folder / "cardlab-handout.toml").read_text())
    assert manifest == {
        "assignment": "toy",
        "phase": 1,
        "package": "toy",
        "python": PYTHON,
        "pythons": [PYTHON],
        "compiled": "bytecode",
        "provided": ["toy/b", "toy/d"],
        "cardlab": cardlab.__version__,
    }
    readme = (folder / "README.md").read_text()
    assert f"The compiled modules are built for Python {PYTHON}, on Windows" in readme
    assert "`toy/a.py`" in readme
    assert "`Counter.bump` in `toy/c.py`" in readme
    assert "`toy/b`" in readme and "`toy/d`" in readme
    assert "python -m toy.b" in readme
    assert "wheels/" not in readme


def test_same_input_gives_identical_handouts(toy_tree, tmp_path):
    project, spec = toy_tree
    first = _files(build_handout(project, spec, 1, tmp_path / "one"))
    for path in project.reference_dir("toy").iterdir():
        os.utime(path, (0, 0))  # as after a fresh checkout: same content, other times
    second = _files(build_handout(project, spec, 1, tmp_path / "two"))
    assert first == second


def test_refuses_a_folder_that_is_not_empty_and_accepts_an_empty_one(toy_tree, tmp_path):
    project, spec = toy_tree
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("mine")
    with pytest.raises(CardlabError, match="not empty"):
        build_handout(project, spec, 1, taken)
    assert _files(taken) == {"notes.txt": b"mine"}
    empty = tmp_path / "empty"
    empty.mkdir()
    assert (build_handout(project, spec, 1, empty) / "toy" / "a.py").is_file()


def test_a_given_wheel_is_shipped_and_named_in_the_readme(toy_tree, tmp_path):
    project, spec = toy_tree
    wheel = tmp_path / "cardlab-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
        archive.writestr("cardlab-9.9.dist-info/METADATA", "Name: cardlab\n")
    folder = build_handout(project, spec, 1, tmp_path / "out", wheel=wheel)
    assert (folder / "wheels" / wheel.name).read_bytes() == wheel.read_bytes()
    assert f"python -m pip install wheels/{wheel.name}" in (folder / "README.md").read_text()


def test_a_wheel_holding_more_than_cardlab_is_refused(toy_tree, tmp_path):
    project, spec = toy_tree
    wheel = tmp_path / "cardlab-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
        archive.writestr("reference/toy/a.py", (project.reference_dir("toy") / "a.py").read_text())
    with pytest.raises(CardlabError, match=r"reference/toy/a\.py"):
        build_handout(project, spec, 1, tmp_path / "out", wheel=wheel)
    assert not (tmp_path / "out").exists()


def test_a_handout_that_fails_its_audit_is_not_left_behind(toy_tree, tmp_path):
    project, spec = toy_tree
    public = project.graders_dir("toy") / "public"
    shutil.copyfile(project.reference_dir("toy") / "b.py", public / "helper.py")
    with pytest.raises(CardlabError, match=r"failed its audit: tests/helper\.py: is the reference"):
        build_handout(project, spec, 1, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def _plant_reference_source(folder: Path, project: Project) -> None:
    shutil.copyfile(project.reference_dir("toy") / "b.py", folder / "toy" / "b.py")


def _plant_renamed_solution(folder: Path, project: Project) -> None:
    shutil.copyfile(project.reference_dir("toy") / "a.py", folder / "tests" / "notes.py")


def _plant_hidden_test(folder: Path, project: Project) -> None:
    hidden = project.graders_dir("toy") / "hidden" / "test_b.py"
    shutil.copyfile(hidden, folder / "tests" / "test_extra.py")


def _plant_alternative_solution(folder: Path, project: Project) -> None:
    alternative = project.graders_dir("toy") / "alternatives" / "tidy" / "a.py"
    alternative.parent.mkdir(parents=True)
    alternative.write_text("def double(x):\n    return x + x\n")
    shutil.copyfile(alternative, folder / "tests" / "tidy.py")


def _plant_seeded_bugs(folder: Path, project: Project) -> None:
    bugs = project.graders_dir("toy") / "bugs.toml"
    bugs.write_text('[[bug]]\nid = "doubles wrong"\n')
    shutil.copyfile(bugs, folder / "tests" / "bugs.toml")


def _plant_game_code(folder: Path, project: Project) -> None:
    graders = project.graders_dir("toy")
    (graders / "play").mkdir()
    (graders / "play" / "game.py").write_text("def play(project, *, seed):\n    return 0\n")
    (graders / "assignment.toml").write_text('[play]\ngame = "play/game.py"\n')
    shutil.copyfile(graders / "play" / "game.py", folder / "tests" / "game.py")


def _plant_hidden_folder(folder: Path, project: Project) -> None:
    (folder / "tests" / "hidden").mkdir()


def _plant_compiled_student_module(folder: Path, project: Project) -> None:
    source = project.reference_dir("toy") / "a.py"
    py_compile.compile(str(source), cfile=str(folder / "toy" / "a.pyc"), doraise=True)


def _plant_pycache(folder: Path, project: Project) -> None:
    (folder / "toy" / "__pycache__").mkdir()


def _plant_missing_bytecode(folder: Path, project: Project) -> None:
    (folder / "toy" / f"d.{TAG}.pyc").unlink()


@pytest.mark.parametrize(
    ("plant", "problem"),
    [
        (_plant_reference_source, "toy/b.py: source of a provided module"),
        (_plant_renamed_solution, "tests/notes.py: is the reference source of a"),
        (_plant_hidden_test, "tests/test_extra.py: is hidden test file hidden/test_b.py"),
        (_plant_alternative_solution, "tests/tidy.py: is instructor file alternatives/tidy/a.py"),
        (_plant_seeded_bugs, "tests/bugs.toml: is instructor file bugs.toml"),
        (_plant_game_code, "tests/game.py: is instructor file play/game.py"),
        (_plant_hidden_folder, "tests/hidden: a hidden folder"),
        (_plant_compiled_student_module, "toy/a.pyc: a compiled copy of a module the student"),
        (_plant_pycache, "toy/__pycache__: a __pycache__ folder"),
        (_plant_missing_bytecode, f"toy/d.{TAG}.pyc: missing"),
    ],
    ids=lambda value: getattr(value, "__name__", "")[len("_plant_") :] or None,
)
def test_check_handout_catches_a_planted_problem(toy_tree, tmp_path, plant, problem):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out")
    assert check_handout(folder, spec, project=project) == []
    plant(folder, project)
    problems = check_handout(folder, spec, project=project)
    assert any(p.startswith(problem) for p in problems), problems


def test_check_handout_without_the_project_checks_names(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out")
    assert check_handout(folder, spec) == []
    _plant_reference_source(folder, project)
    _plant_compiled_student_module(folder, project)
    assert check_handout(folder, spec) == [
        "toy/a.pyc: a compiled copy of a module the student writes",
        "toy/b.py: source of a provided module",
    ]


def test_check_handout_needs_a_manifest_for_this_assignment(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out")
    manifest = folder / "cardlab-handout.toml"
    manifest.write_text(manifest.read_text().replace('"toy"', '"other"', 1))
    assert check_handout(folder, spec) == [
        "cardlab-handout.toml names assignment 'other', not 'toy'"
    ]
    manifest.unlink()
    assert check_handout(folder, spec) == ["no cardlab-handout.toml"]


@pytest.mark.slow
def test_framework_wheel_holds_only_the_cardlab_package(framework_wheel):
    wheel = framework_wheel  # built by build_framework_wheel, once for the whole run
    assert wheel.name == f"cardlab-{cardlab.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    assert tops == {"cardlab", f"cardlab-{cardlab.__version__}.dist-info"}


def test_framework_wheel_needs_a_pyproject(tmp_path):
    with pytest.raises(CardlabError, match=r"no pyproject\.toml"):
        build_framework_wheel(tmp_path, tmp_path / "wheels")


def test_a_provided_module_that_does_not_compile_is_one_line_error(toy_tree, tmp_path):
    project, spec = toy_tree
    (project.reference_dir("toy") / "d.py").write_text("def broken(:\n")
    with pytest.raises(CardlabError, match=r"d\.py: cannot compile, invalid syntax") as error:
        build_handout(project, spec, 1, tmp_path / "out")
    assert "\n" not in str(error.value)
    assert not (tmp_path / "out").exists()


def _provided_as_source(project: Project):
    path = project.spec_path("toy")
    source = '[handout]\nprovided = "source"\n\n[limits]'
    text = path.read_text(encoding="utf-8").replace("[limits]", source)
    path.write_text(text, encoding="utf-8")
    return project.spec("toy")


def test_a_source_handout_ships_provided_modules_as_source(toy_tree, tmp_path):
    project, _ = toy_tree
    spec = _provided_as_source(project)
    folder = build_handout(project, spec, 1, tmp_path / "out")
    reference = project.reference_dir("toy")
    package = sorted(p.name for p in (folder / "toy").iterdir())
    assert package == ["__init__.py", "a.py", "b.py", "c.py", "d.py"]
    for provided in ("b.py", "d.py"):
        assert (folder / "toy" / provided).read_bytes() == (reference / provided).read_bytes()
    everything = b"".join(_files(folder).values())
    assert b"SECRET-A" not in everything and b"SECRET-C" not in everything
    readme = (folder / "README.md").read_text()
    assert "given as source" in readme and "`toy/d.py`" in readme
    assert "bad magic number" not in readme
    assert check_handout(folder, spec, project=project) == []


def test_a_source_handout_audit_still_refuses_the_student_modules_reference(toy_tree, tmp_path):
    project, _ = toy_tree
    spec = _provided_as_source(project)
    folder = build_handout(project, spec, 1, tmp_path / "out")
    reference = project.reference_dir("toy")
    shutil.copyfile(reference / "c.py", folder / "toy" / "c.py")
    problems = check_handout(folder, spec, project=project)
    assert problems == ["toy/c.py: is the reference source of c"]
    (folder / "toy" / "d.py").unlink()
    assert "toy/d.py: missing" in check_handout(folder, spec, project=project)
