"""Exports: a Gradescope autograder that runs end to end in a stand-in for /autograder,
and a GitHub Classroom repository whose workflow runs `cardlab check` for points."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from cardlab.cli import main
from cardlab.course.integrity import handout_digest
from cardlab.course.secret import course_secret
from cardlab.exports.classroom import (
    COMMAND_GRADER,
    REPORTER,
    SHARED_RUN,
    SYSTEMS,
    SYSTEMS_JOB,
    WORKFLOW,
    export_classroom,
)
from cardlab.exports.gradescope import export_gradescope

SCHEMA = json.loads(
    (Path(__file__).parents[1] / "support" / "gradescope_results.schema.json").read_text()
)
PHASE = 2


@pytest.fixture(scope="module")
def wheel(framework_wheel):
    return framework_wheel


@pytest.fixture(scope="module")
def autograder(repo, wheel, tmp_path_factory) -> Path:
    output = tmp_path_factory.mktemp("export") / "autograder.zip"
    return export_gradescope(repo, repo.spec("bisca"), PHASE, output, wheel=wheel)


def _autograder_root(autograder: Path, tmp_path: Path, submission: dict[str, bytes]) -> Path:
    """A temporary folder laid out like Gradescope's /autograder."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(autograder) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():  # extractall drops the executable bits
            os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
    (root / "submission").mkdir()
    for name, data in submission.items():
        target = root / "submission" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return root


def _run_autograder(root: Path, python: str = sys.executable) -> dict:
    env = {**os.environ, "CARDLAB_AUTOGRADER_ROOT": str(root), "CARDLAB_PYTHON": python}
    done = subprocess.run([str(root / "source" / "run_autograder")], env=env, cwd=root,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    return results


def _solution(repo) -> dict[str, bytes]:
    names = ["__init__", *repo.spec("bisca").student_modules(PHASE)]
    return {f"{n}.py": (repo.reference_dir("bisca") / f"{n}.py").read_bytes() for n in names}


@pytest.mark.slow
def test_the_autograder_holds_what_it_needs_and_nothing_else(repo, autograder, wheel):
    with zipfile.ZipFile(autograder) as archive:
        names = set(archive.namelist())
        modes = {info.filename: (info.external_attr >> 16) & 0o777 for info in archive.infolist()}
    assert {"setup.sh", "run_autograder", f"wheels/{wheel.name}", "project/specs/bisca.toml",
            "project/reference/bisca/card.py", "project/graders/bisca/codec.py",
            "project/graders/bisca/hidden/test_tournament.py"} <= names
    assert not [n for n in names if "examples" in n or "__pycache__" in n or n.endswith(".pyc")]
    # the declaration, and the strong bot the hidden tournament game plays with, travel;
    # what measures the graders (seeded bugs, alternative solutions) stays behind
    assert {"project/graders/bisca/assignment.toml",
            "project/graders/bisca/play/strong.py"} <= names
    assert not [n for n in names if n.endswith("/bugs.toml") or "/alternatives/" in n]
    assert modes["setup.sh"] == modes["run_autograder"] == 0o755
    assert modes["project/.cardlab/course-secret"] == 0o600  # the deals and seeds of every run
    with zipfile.ZipFile(autograder) as archive:
        secret = archive.read("project/.cardlab/course-secret").decode().strip()
    assert bytes.fromhex(secret) == course_secret(repo.root)
    for script in ("setup.sh", "run_autograder"):
        with zipfile.ZipFile(autograder) as archive:
            text = archive.read(script).decode()
        checked = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True,
                                 check=False)
        assert checked.returncode == 0, checked.stderr


@pytest.mark.slow
def test_the_autograder_grades_a_submission_end_to_end(repo, autograder, tmp_path):
    root = _autograder_root(autograder, tmp_path, _solution(repo))
    results = _run_autograder(root)
    assert results["score"] == 100
    assert results["tests"] and {t["status"] for t in results["tests"]} == {"passed"}
    assert {t["visibility"] for t in results["tests"]} == {"visible", "hidden"}


@pytest.mark.slow
def test_the_autograder_finds_a_folder_uploaded_whole_and_grades_bugs(repo, autograder, tmp_path):
    files = {f"my-work/bisca/{name}": data for name, data in _solution(repo).items()}
    files["my-work/bisca/card.py"] = files["my-work/bisca/card.py"].replace(b'"J": 3', b'"J": 2')
    root = _autograder_root(autograder, tmp_path, files)
    results = _run_autograder(root)
    assert 0 < results["score"] < 100
    assert any(t["status"] == "failed" and t["tags"] == ["card"] for t in results["tests"])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("python", "cause"),
    [("/nonexistent/python", "No such file or directory"),
     (None, "cardlab: unknown assignment 'bisca'")],
    ids=["no-python", "no-project"],
)
def test_the_autograder_writes_a_failed_result_when_grading_cannot_run(
    repo, autograder, tmp_path, python, cause
):
    root = _autograder_root(autograder, tmp_path, _solution(repo))
    if python is None:
        (root / "source" / "project" / "specs" / "bisca.toml").unlink()
    results = _run_autograder(root, python or sys.executable)
    assert results["score"] == 0 and results["tests"] == []
    assert "could not grade this submission" in results["output"]
    assert cause in results["output"]


def test_the_cli_exports_a_gradescope_zip(repo, tmp_path):
    fake = tmp_path / "cardlab-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(fake, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
    output = tmp_path / "ag.zip"
    result = CliRunner().invoke(main, ["export", "gradescope", "bisca", "--phase", "3",
                                       "--output", str(output), "--wheel", str(fake)])
    assert result.exit_code == 0, result.output
    with zipfile.ZipFile(output) as archive:
        script = archive.read("run_autograder").decode()
    assert "grade bisca --phase 3" in script
    bad = CliRunner().invoke(main, ["export", "gradescope", "bisca", "--phase", "9",
                                    "--output", str(output), "--wheel", str(fake)])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1


@pytest.mark.slow
def test_the_classroom_repository_runs_cardlab_check_for_points(repo, wheel, tmp_path):
    folder = export_classroom(repo, repo.spec("bisca"), PHASE, tmp_path / "repo", wheel=wheel)
    data = yaml.safe_load((folder / WORKFLOW).read_text())
    steps = data["jobs"]["run-autograding-tests"]["steps"]
    assert set(data["on"]) >= {"push"}
    wheel_sha = hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert any(
        step.get("run") == f'echo "{wheel_sha}  wheels/{wheel.name}" | sha256sum --check '
        f"--strict && python -m pip install wheels/{wheel.name}"
        for step in steps
    )
    graders = [step for step in steps if step.get("uses") == COMMAND_GRADER]
    parts = {part.id: part.points for part in repo.spec("bisca").phase(PHASE).parts}
    digest = handout_digest(folder)
    assert {g["with"]["command"]: g["with"]["max-score"] for g in graders} == {
        f"cardlab check --part {part} --verify {digest} --reuse '{SHARED_RUN}'": points
        for part, points in parts.items()
    }
    reporter = steps[-1]
    assert reporter["uses"] == REPORTER
    assert reporter["with"]["runners"].split(",") == [g["id"] for g in graders]
    assert set(reporter["env"]) == {f"{g['id'].upper()}_RESULTS" for g in graders}
    assert (folder / "wheels" / wheel.name).is_file()
    systems = data["jobs"][SYSTEMS_JOB]
    assert systems["strategy"]["matrix"]["os"] == list(SYSTEMS)
    pythons = tomllib.loads((folder / "cardlab-handout.toml").read_text())["pythons"]
    assert systems["strategy"]["matrix"]["python"] == list(dict.fromkeys([pythons[0], pythons[-1]]))
    assert systems["steps"][-1]["run"] == "cardlab check"
    assert f"python -m pip install wheels/{wheel.name}" in [s.get("run") for s in systems["steps"]]

    def check(part: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "cardlab.cli", "check", "--part", part],
                              cwd=folder, capture_output=True, text=True, timeout=120,
                              check=False)

    stubs = check("suit")
    assert stubs.returncode == 1 and "Points for Suit: 0 / 15" in stubs.stdout
    shutil.copyfile(repo.reference_dir("bisca") / "suit.py", folder / "bisca" / "suit.py")
    solved = check("suit")
    assert solved.returncode == 0 and "Points for Suit: 15 / 15" in solved.stdout
    unknown = check("nope")
    assert unknown.returncode == 2 and "this phase has no part 'nope'" in unknown.stderr


def _tools(folder: Path, pythons: dict[str, bool]) -> Path:
    """A PATH of the tools setup.sh uses and fake Pythons, each able to make a venv or not."""
    folder.mkdir()
    for tool in ("mktemp", "rm", "dirname"):
        (folder / tool).symlink_to(shutil.which(tool))
    for name, works in pythons.items():
        refuse = "" if works else 'if [ "$1 $2" = "-m venv" ]; then exit 1; fi\n'
        (folder / name).write_text(f'#!/bin/sh\n{refuse}exec "{sys.executable}" "$@"\n')
        (folder / name).chmod(0o755)
    return folder


@pytest.mark.skipif(sys.platform == "win32", reason="setup.sh runs on Gradescope's Linux")
def test_setup_picks_a_python_that_can_make_a_virtual_environment(tmp_path):
    from cardlab.exports.gradescope import SETUP_SH

    script = tmp_path / "setup.sh"
    script.write_text(SETUP_SH)

    def found(pythons: dict[str, bool]) -> subprocess.CompletedProcess:
        path = _tools(tmp_path / f"bin-{len(list(tmp_path.iterdir()))}", pythons)
        return subprocess.run(["/bin/bash", "-c", f'source "{script}" && find_python'],
                              env={"PATH": str(path)}, capture_output=True, text=True,
                              timeout=300, check=False)

    fallback = found({"python3.13": False, "python3.12": True})
    assert fallback.returncode == 0 and fallback.stdout.strip() == "python3.12", fallback.stderr
    none = found({"python3.13": False, "python3": False})
    assert none.returncode == 1 and none.stdout == ""


def test_the_gradescope_guide_says_what_timeout_to_set(repo):
    from cardlab.exports.gradescope import GRADESCOPE_TIMEOUT_MINUTES, GRADING_SECONDS

    assert GRADESCOPE_TIMEOUT_MINUTES * 60 > GRADING_SECONDS
    guide = " ".join((repo.root / "docs" / "instructors" / "exports.md").read_text().split())
    assert f"set its autograder timeout to {GRADESCOPE_TIMEOUT_MINUTES} minutes" in guide
    assert f"{GRADING_SECONDS:,} s" in guide
