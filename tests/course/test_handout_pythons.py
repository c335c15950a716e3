"""Handouts for every Python: loaders, the spec's pinned versions, and a check that fits.

The bisca handout under each interpreter of this machine is in
``test_portable_handout.py`` (slow); these use the toy assignment.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.cli import main
from cardlab.course.fit import fit_problem
from cardlab.course.handout import build_handout
from cardlab.course.pythons import choose_interpreters, describe, find_interpreters
from cardlab.course.spec import load_spec
from cardlab.errors import CardlabError
from cardlab.judge.grading import handout_job

PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
TAG = sys.implementation.cache_tag
ONE = (Path(sys.executable),)


def _run(python: Path | str, folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(python), *args], cwd=folder, capture_output=True, text=True, timeout=60, check=False
    )


def _fake_python(folder: Path, answer: str) -> Path:
    """An executable that answers cardlab's question about its version with ``answer``."""
    path = folder / "python-fake"
    path.write_text(f"#!/bin/sh\necho '{answer}'\n")
    path.chmod(0o755)
    return path


def _manifest(folder: Path) -> dict:
    return tomllib.loads((folder / "cardlab-handout.toml").read_text(encoding="utf-8"))


def test_every_python_found_here_runs_the_provided_modules(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "hand out é")  # spaces, non-ASCII
    found = find_interpreters()
    assert _manifest(folder)["pythons"] == [interpreter.name for interpreter in found]
    for interpreter in found:
        result = _run(interpreter.path, folder, "-c", "import toy.d; print(toy.d.half_answer())")
        assert result.stdout == "21\n", (interpreter.name, result.stderr)
        main_block = _run(interpreter.path, folder, "-m", "toy.b")
        assert main_block.stdout == "42\n", (interpreter.name, main_block.stderr)


def test_an_uncovered_python_gets_one_line_naming_the_versions(toy_tree, tmp_path):
    project, spec = toy_tree
    others = [i for i in find_interpreters() if i.name != PYTHON]
    if not others:
        pytest.skip("only one Python version on this machine")
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    expected = (
        f"toy.b is compiled for Python {PYTHON} only, and this is Python {others[0].name}: "
        "use one of those (see README.md)"
    )
    imported = _run(others[0].path, folder, "-c", "import toy.b")
    assert imported.returncode and imported.stderr.splitlines()[-1] == f"ImportError: {expected}"
    as_program = _run(others[0].path, folder, "-m", "toy.b")
    assert as_program.returncode == 1 and as_program.stderr == expected + "\n"


def test_a_lost_bytecode_file_is_named_by_the_loader(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    (folder / "toy" / f"b.{TAG}.pyc").unlink()
    result = _run(sys.executable, folder, "-m", "toy.b")
    assert result.returncode == 1
    assert result.stderr.endswith(f"b.{TAG}.pyc is missing: unpack your handout again\n")


def test_bytecode_of_another_release_is_named_by_the_loader(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    compiled = folder / "toy" / f"b.{TAG}.pyc"
    compiled.write_bytes(b"\0\0\r\n" + compiled.read_bytes()[4:])  # another magic number
    result = _run(sys.executable, folder, "-m", "toy.b")
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    expected = f"was built by another release of Python {PYTHON}: update yours\n"
    assert result.stderr.endswith(expected)


def test_the_spec_pins_the_versions_a_course_supports(toy_tree, tmp_path):
    project, spec = toy_tree
    with spec.path.open("a", encoding="utf-8") as file:
        file.write(f'\n[handout]\npythons = ["{PYTHON}"]\n')
    pinned = load_spec(spec.path)
    assert pinned.pythons == (PYTHON,)
    folder = build_handout(project, pinned, 1, tmp_path / "out")
    assert sorted(p.name for p in (folder / "toy").glob("*.pyc")) == [
        f"b.{TAG}.pyc",
        f"d.{TAG}.pyc",
    ]
    assert _manifest(folder)["pythons"] == [PYTHON]
    spec.path.write_text(spec.path.read_text().replace(f'"{PYTHON}"', '"3.99"'))
    with pytest.raises(CardlabError, match=r"asks for Python 3\.99, and no such interpreter"):
        build_handout(project, load_spec(spec.path), 1, tmp_path / "later")
    spec.path.write_text(spec.path.read_text().replace('"3.99"', '"3.10"'))
    with pytest.raises(CardlabError, match=r"handout.pythons: cardlab needs Python 3\.11"):
        load_spec(spec.path)


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ('["cpython", [3, 10], "cpython-310"]', "is Python 3.10; cardlab needs 3.11 or newer"),
        ('["pypy", [3, 11], "pypy311"]', "is pypy, not CPython"),
        ("hello", "is not a Python interpreter that runs"),
    ],
)
def test_a_named_interpreter_that_cannot_build_is_one_line(tmp_path, answer, problem):
    fake = _fake_python(tmp_path, answer)
    assert describe(fake) == f"{fake} {problem}"
    with pytest.raises(CardlabError, match=f"--python {fake}: "):
        choose_interpreters([fake], ())


def test_check_explains_a_python_the_handout_does_not_cover(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    manifest = folder / "cardlab-handout.toml"
    manifest.write_text(
        manifest.read_text().replace(f'pythons = ["{PYTHON}"]', 'pythons = ["3.98", "3.99"]')
    )
    result = CliRunner().invoke(main, ["check", "--handout", str(folder)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.splitlines() == [
        "cardlab: this handout's compiled modules are built for Python 3.98 and 3.99, and you "
        f"are running Python {PYTHON} ({sys.executable}): make your virtual environment with "
        "one of those (see README.md)"
    ]


def test_check_names_a_missing_compiled_module(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    (folder / "toy" / f"d.{TAG}.pyc").unlink()
    with pytest.raises(CardlabError, match=rf"^toy/d\.{TAG}\.pyc is missing from your handout"):
        handout_job(folder)


def test_a_native_handout_on_another_kind_of_computer_is_one_line(toy_tree, tmp_path):
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "out", pythons=ONE)
    manifest = _manifest(folder) | {"compiled": "cython", "platform": "Plan9 mips"}
    problem = fit_problem(folder, manifest)
    assert problem.startswith(
        "this handout's compiled modules are native extensions for Plan9 mips, and this "
        "computer is "
    )
    assert fit_problem(folder, _manifest(folder)) is None


def test_the_command_names_the_versions_built_and_refuses_a_bad_interpreter(toy_tree, tmp_path):
    project, _ = toy_tree
    command = ["handout", "toy", "--phase", "1", "--project", str(project.root)]
    built = CliRunner().invoke(
        main, [*command, "--output", str(tmp_path / "one"), "--python", sys.executable]
    )
    assert built.exit_code == 0, built.output
    assert built.output.endswith(f": bytecode for Python {PYTHON} (any system)\n")
    fake = _fake_python(tmp_path, '["cpython", [3, 10], "cpython-310"]')
    refused = CliRunner().invoke(
        main, [*command, "--output", str(tmp_path / "two"), "--python", str(fake)]
    )
    assert refused.exit_code == 2 and "Traceback" not in refused.output
    assert refused.output == (
        f"cardlab: --python {fake}: {fake} is Python 3.10; cardlab needs 3.11 or newer\n"
    )
    assert not (tmp_path / "two").exists()


def test_the_help_says_where_each_kind_of_build_runs():
    text = " ".join(CliRunner().invoke(main, ["handout", "--help"]).output.split())
    assert "Bytecode runs on every operating system, for each Python it is compiled with" in text
    assert "a cython build runs only on the kind of computer that built it" in text
    assert "--python PATH" in text
