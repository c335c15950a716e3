"""Nothing one submission leaves behind reaches the next.

``leaves-traces`` writes a secret into every place the kernel keeps beyond a process
(System V IPC, POSIX message queues, the user keyring, shared folders, an abstract
socket served by a process that left its group); ``finds-traces``, graded after it,
adds correctly only if it finds the secret. First the channels are shown to work
between two plain processes of one user; then the two are graded one after the other
in one ``grade-all``: with the worker's namespaces, and as root without CAP_SYS_ADMIN
(no namespace at all, where a user id per worker and the judge's sweep must hold).
"""

from __future__ import annotations

import csv
import ctypes
import os
import shutil
import socket  # noqa: F401 - loaded before the fork: the child may not read Python's files
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.worker.leftovers import sweep
from cardlab.worker.sandbox import fresh_user

HERE = Path(__file__).resolve().parent
LEAVES = HERE / "submissions" / "leaves-traces" / "counter.py"
FINDS = HERE / "submissions" / "finds-traces" / "counter.py"
HONEST_SCORE = 15  # honest/subtracts on the toy

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        sys.platform != "linux" or os.geteuid() != 0,
        reason="needs root on Linux (workers run as users of their own)",
    ),
]


CHANNELS = ("shm", "sem", "msg", "mqueue", "keyring", "files", "socket")


def _run_as(uid: int, module: Path) -> list[str]:
    """Run a module as ``uid`` in a forked child; return its FOUND list (if it has one).

    The list comes back as the child's exit status, one bit per channel: a pipe would
    stay open in the process leaves-traces leaves behind.
    """
    code = compile(module.read_text(), str(module), "exec")
    child = os.fork()
    if child == 0:
        mask = 0
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            namespace: dict = {"__name__": "attack"}
            exec(code, namespace)
            mask = sum(1 << CHANNELS.index(name) for name in namespace.get("FOUND", []))
        finally:
            os._exit(mask)
    _, status = os.waitpid(child, 0)
    mask = os.waitstatus_to_exitcode(status)
    return [name for bit, name in enumerate(CHANNELS) if mask & (1 << bit)]


def test_the_channels_carry_a_secret_between_two_processes_of_one_user():
    """Proof that the attack can succeed, and that the sweep ends it."""
    user, other = fresh_user(), fresh_user()
    try:
        _run_as(user, LEAVES)
        found = _run_as(user, FINDS)
        assert {"shm", "sem", "msg", "files", "socket"} <= set(found), found
        sweep(user)
        unlisted = set() if os.path.ismount("/dev/mqueue") else {"mqueue"}
        assert set(_run_as(other, FINDS)) <= unlisted  # hence the system call filter
    finally:
        sweep(user)
        sweep(other)
        ctypes.CDLL(None).mq_unlink(b"/cardlab-leak")


def _submissions(folder: Path) -> Path:
    for name, module in (("a-leaves", LEAVES), ("b-finds", FINDS)):
        (folder / name).mkdir(parents=True)
        shutil.copy(module, folder / name / "counter.py")
    return folder


def _check_finder(score: float, report: str) -> None:
    assert score <= HONEST_SCORE, report
    assert "found what an earlier worker left" not in report
    assert "expected: 3" in report


def test_nothing_crosses_between_two_submissions_of_one_grade_all(toy, tmp_path):
    subs = _submissions(tmp_path / "subs")
    outcomes = grade_all(toy, BatchRequest("toy", 1, subs, tmp_path / "out", jobs=1))
    finder = next(o for o in outcomes if o.student == "b-finds")
    assert finder.status == "graded", finder.cause
    _check_finder(finder.score, finder.report_text)


def test_nothing_crosses_without_namespaces(toy, tmp_path):
    """As root without CAP_SYS_ADMIN: a user id per worker, and the judge's sweep."""
    if not shutil.which("capsh"):
        pytest.skip("capsh is needed to drop CAP_SYS_ADMIN")
    project = Path(tempfile.mkdtemp(prefix="cardlab-project-"))  # others cannot enter
    try:
        shutil.copytree(toy.root, project, dirs_exist_ok=True)
        project.chmod(0o700)
        subs, output = _submissions(project / "subs"), project / "out"
        command = (
            f"'{sys.executable}' -m cardlab.cli grade-all toy --phase 1 --jobs 1 "
            f"--project '{project}' --output '{output}' '{subs}'"
        )
        done = subprocess.run(["capsh", "--drop=cap_sys_admin", "--", "-c", command],
                              capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        text = (output / "reports" / "b-finds.txt").read_text()
        with (output / "status.csv").open() as status:
            rows = {row["student_id"]: row for row in csv.DictReader(status)}
    finally:
        shutil.rmtree(project, ignore_errors=True)
    assert rows["b-finds"]["status"] == "graded", rows["b-finds"]["cause"]
    _check_finder(float(rows["b-finds"]["score"]), text)
