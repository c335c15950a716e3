"""Grading in a container that cannot confine the worker: root without CAP_SYS_ADMIN.

Gradescope runs its autograders as root in a Docker container, where the worker can
create no namespace: no private root, no PID namespace. ``capsh --drop=cap_sys_admin``
gives the same here. The exported ``run_autograder`` must still grade (the worker runs
as a user of its own, from a readable copy of Python where Python's files are not
readable by others), keep the hidden tests and the reference unreadable to student
code, and tell the instructor, and only the instructor, which layers were missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardlab.exports.gradescope import PROJECT, export_gradescope
from cardlab.reports.gradescope import ISOLATION_TEST

HERE = Path(__file__).resolve().parent
NOBODY = 65534

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("capsh"),
        reason="needs root on Linux and capsh to simulate a container without CAP_SYS_ADMIN",
    ),
]


@pytest.fixture
def autograder(toy, tmp_path) -> Iterator[Path]:
    """A Gradescope root open to every user (as files unpacked from a zip are)."""
    fake_wheel = tmp_path / "cardlab-0-py3-none-any.whl"
    fake_wheel.write_bytes(b"run_autograder never installs it")
    archive = export_gradescope(toy, toy.spec("toy"), 1, tmp_path / "ag.zip", wheel=fake_wheel)
    root = Path(tempfile.mkdtemp(prefix="cardlab-autograder-"))
    try:
        root.chmod(0o755)
        with zipfile.ZipFile(archive) as zipped:
            zipped.extractall(root / "source")
            for info in zipped.infolist():
                os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
        for folder, _, _ in os.walk(root):
            os.chmod(folder, 0o755)
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _unprivileged(command: list[str], env: dict[str, str] | None = None):
    """Run ``command`` as root without CAP_SYS_ADMIN (it can create no namespace)."""
    line = " ".join(f"'{word}'" for word in command)
    return subprocess.run(
        ["capsh", "--drop=cap_sys_admin", "--", "-c", line],
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )


def _grade(root: Path, submission: Path) -> dict:
    shutil.rmtree(root / "submission", ignore_errors=True)
    shutil.copytree(submission, root / "submission")
    env = {**os.environ, "CARDLAB_AUTOGRADER_ROOT": str(root), "CARDLAB_PYTHON": sys.executable}
    done = _unprivileged([str(root / "source" / "run_autograder")], env)
    assert done.returncode == 0, done.stderr
    return json.loads((root / "results" / "results.json").read_text())


def _readable_by_another_user(path: Path) -> bool:
    done = subprocess.run(
        ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "cat", str(path)],
        capture_output=True, check=False,
    )
    return done.returncode == 0


def test_the_autograder_grades_and_hides_the_instructors_files(toy, autograder):
    hidden_test = autograder / "source" / PROJECT / "graders/toy/hidden/test_counter_hidden.py"
    assert _readable_by_another_user(hidden_test)  # as unpacked: open to all

    solution = _grade(autograder, toy.reference_dir("toy"))
    assert solution["score"] == 100, solution["output"]
    [isolation] = [t for t in solution["tests"] if t["name"] == ISOLATION_TEST]
    assert isolation["visibility"] == "hidden" and isolation["max_score"] == 0
    assert "Not available: namespaces" in isolation["output"]
    assert "private root" not in isolation["output"].split("\n")[0]
    assert "unprivileged user" in isolation["output"].split("\n")[0]
    assert "namespace" not in solution["output"]  # nothing of it where students look
    assert not _readable_by_another_user(hidden_test)

    honest = _grade(autograder, HERE / "honest" / "subtracts")
    attack = _grade(autograder, HERE / "submissions" / "steals-through-cmdline")
    assert attack["score"] <= honest["score"] < 100
    failed = [t["output"] for t in attack["tests"] if t["status"] == "failed"]
    assert any("add(1, 2)" in output and "expected: 3" in output for output in failed)


def test_without_a_private_root_open_instructors_files_stop_the_grading(toy, tmp_path):
    """Run outside the autograder, on a project open to every user: a one-line refusal."""
    project = Path(tempfile.mkdtemp(prefix="cardlab-open-project-"))
    try:
        shutil.copytree(toy.root, project, dirs_exist_ok=True)
        for folder, _, files in os.walk(project):
            os.chmod(folder, 0o755)
            for name in files:
                os.chmod(os.path.join(folder, name), 0o644)
        done = _unprivileged([
            sys.executable, "-m", "cardlab.cli", "grade", "toy", "--phase", "1",
            "--project", str(project), "--submission", str(toy.reference_dir("toy")),
            "--output", str(tmp_path / "report.txt"),
        ])
    finally:
        shutil.rmtree(project, ignore_errors=True)
    assert done.returncode != 0
    [line] = done.stderr.strip().splitlines()
    assert "cannot grade safely here" in line and "chmod -R go-rwx" in line
