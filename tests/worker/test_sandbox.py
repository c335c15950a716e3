"""The worker's private tree and the confinement layers it reports."""

from __future__ import annotations

import errno
import json
import marshal
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from support.call_limits import HONEST_CALL_SECONDS

from cardlab.judge.proxy import Student
from cardlab.worker import confine
from cardlab.worker.codec import Codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerFailure, WorkerSetup
from cardlab.worker.sandbox import RUNTIME_MODULES, Limits, build_tree, refusals

LAYERS = {
    confine.NAMESPACES,
    confine.PID_NAMESPACE,
    confine.NO_NETWORK,
    confine.PRIVATE_ROOT,
    confine.UNPRIVILEGED,
    confine.LIMITS,
    confine.OWN_IPC,
    confine.SYSCALL_FILTER,
}


def _tree_files(root: Path) -> set[str]:
    return {
        str(path.relative_to(root))
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_tree_holds_the_package_and_the_runtime_only(toy, tmp_path):
    submission = tmp_path / "alice"
    submission.mkdir()
    (submission / "counter.py").write_text("def add(a, b):\n    return a + b\n")
    (submission / "notes.txt").write_text("not loaded")
    composition = compose("toy", toy.reference_dir("toy"), submission, ["counter"])
    tree = build_tree(composition, None)
    try:
        files = _tree_files(tree.root)
        runtime = {"lib/cardlab/__init__.py"} | {
            f"lib/cardlab/worker/{name}.py" for name in RUNTIME_MODULES
        }
        package = {"package/toy/counter.py", "package/toy/greet.pyc", "package/toy/__init__.pyc"}
        assert files == runtime | package
        assert (tree.root / "package/toy/counter.py").read_text() == (
            submission / "counter.py"
        ).read_text()
        code = marshal.loads((tree.root / "package/toy/greet.pyc").read_bytes()[16:])
        assert code.co_filename == "toy/greet.py"  # no instructor path inside
        compiled = tree.root / f"package/toy/__pycache__/counter.{sys.implementation.cache_tag}.pyc"
        assert "add" in marshal.loads(compiled.read_bytes()[16:]).co_names  # compiled once
        for path in [tree.root, *tree.root.rglob("*")]:
            info = path.stat()
            assert not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH), path
            if os.geteuid() == 0:  # readable by the tree's own group only
                assert info.st_gid == tree.group and info.st_mode & stat.S_IRGRP, path
                assert not info.st_mode & stat.S_IROTH, path
            else:
                assert info.st_mode & stat.S_IROTH, path
        assert tree.composition.origins == composition.origins
        assert all(path.is_relative_to(tree.root) for path in tree.composition.modules.values())
    finally:
        tree.remove()
    assert not tree.root.exists()


def test_bytecode_goes_into_the_tree_even_where_the_judge_caches_its_own_elsewhere(
    toy, tmp_path, monkeypatch
):
    judge_cache = tmp_path / "judge-cache"
    monkeypatch.setattr(sys, "pycache_prefix", str(judge_cache))  # as `cardlab grade` sets it
    submission = tmp_path / "carol"
    submission.mkdir()
    (submission / "counter.py").write_text("def add(a, b):\n    return a + b\n")
    composition = compose("toy", toy.reference_dir("toy"), submission, ["counter"])
    tree = build_tree(composition, None)
    try:
        tag = sys.implementation.cache_tag
        beside = [
            "package/toy/counter.py",
            "lib/cardlab/__init__.py",
            *(f"lib/cardlab/worker/{name}.py" for name in RUNTIME_MODULES),
        ]
        for source in map(Path, beside):
            bytecode = tree.root / source.parent / "__pycache__" / f"{source.stem}.{tag}.pyc"
            assert bytecode.is_file(), source
        assert not judge_cache.exists()  # neither the student's code nor the tree's runtime
    finally:
        tree.remove()


def test_a_missing_module_keeps_the_submission_folder_in_its_reason(toy, tmp_path):
    submission = tmp_path / "bob"
    submission.mkdir()
    composition = compose("toy", toy.reference_dir("toy"), submission, ["counter"])
    tree = build_tree(composition, None)
    tree.remove()
    assert tree.composition.refused == {
        "counter": "counter.py is missing from your submission (expected it in bob/)"
    }


def test_every_layer_is_either_applied_or_noted(grade_toy, toy):
    reference = (toy.reference_dir("toy") / "counter.py").read_text()
    report = grade_toy({"counter.py": reference})
    assert report.score == 100
    noted = {note.split(":")[0] for note in report.isolation_notes}
    assert set(report.isolation) | noted == LAYERS
    assert not set(report.isolation) & noted - {confine.UNPRIVILEGED, confine.LIMITS}


DEGRADED = """
import errno, json, resource, sys
from cardlab.worker import confine

def refuse(flags):
    raise OSError(errno.EPERM, "unshare: not permitted")

confine._unshare = refuse
plan = confine.Plan.from_message(json.loads(sys.argv[1]))
outcome = confine.apply(plan)
print(json.dumps({"applied": outcome.applied, "missing": outcome.missing,
                  "memory": resource.getrlimit(resource.RLIMIT_AS)[0]}))
"""


def _plan(root: Path, user: int, visible: tuple[str, ...]) -> confine.Plan:
    """A confinement plan with roomy limits, for ``user`` with ``root`` as its root."""
    return confine.Plan(
        cpu_seconds=30,
        memory_bytes=1 << 30,
        stack_bytes=8 << 20,
        file_bytes=1 << 20,
        processes=64,
        open_files=64,
        scratch_bytes=1 << 20,
        user=user,
        root=str(root),
        visible=visible,
    )


def test_without_namespaces_the_worker_says_what_it_lacks(tmp_path):
    """A machine that refuses namespaces still gets limits, and a note per missing layer."""
    plan = _plan(tmp_path, user=65534, visible=())
    result = subprocess.run(
        [sys.executable, "-c", DEGRADED, json.dumps(plan.to_message())],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    outcome = json.loads(result.stdout)
    assert confine.LIMITS in outcome["applied"]
    assert outcome["memory"] == 1 << 30
    missing = " | ".join(outcome["missing"])
    for layer in (confine.NAMESPACES, confine.PID_NAMESPACE, confine.NO_NETWORK, confine.OWN_IPC):
        assert f"{layer}:" in missing
    assert confine.PRIVATE_ROOT not in outcome["applied"]
    assert "not permitted" in missing


def test_modules_that_are_not_plain_files_are_refused_with_a_reason(toy, tmp_path):
    submission = tmp_path / "carol"
    submission.mkdir()
    (submission / "counter.py").symlink_to("counter.py")  # a link to itself
    (submission / "greet.py").mkdir()
    composition = compose("toy", toy.reference_dir("toy"), submission, ["counter", "greet"])
    assert refusals(composition) == {
        "counter": "counter.py could not be read (a loop of links); it was not loaded",
        "greet": "greet.py is not a regular file; it was not loaded",
    }


def _student(
    toy, folder: Path, limits: Limits, call_seconds: float = HONEST_CALL_SECONDS
) -> Student:
    composition = compose("toy", toy.reference_dir("toy"), folder, ["counter"])
    student = Student(WorkerSetup(composition, None, 4096, limits), call_seconds, Codec([]))
    student.session.begin("test_sandbox")
    return student


@pytest.mark.parametrize(
    ("body", "limits", "cause"),
    [
        (
            "    import time\n    while True:\n        time.sleep(60)\n",
            Limits(worker_seconds=0.5),
            r"the worker reached its limit of 0\.5 s in all",
        ),
        (
            "    while True:\n        pass\n",
            Limits(cpu_seconds=1),
            r"crashed with SIG(XCPU|KILL) \(.*processor time",
        ),
    ],
    ids=["worker-wall-clock", "worker-cpu-seconds"],
)
def test_a_worker_ends_at_its_own_limits(toy, tmp_path, body, limits, cause):
    folder = tmp_path / "dave"
    folder.mkdir()
    (folder / "counter.py").write_text(f"def add(a, b):\n{body}    return a + b\n")
    # a call limit well above the worker's own, so that on a busy machine (where a second
    # of processor time takes many seconds) the worker's limit is still the one reached
    student = _student(toy, folder, limits, call_seconds=120.0)
    try:
        with pytest.raises(WorkerFailure, match=cause):
            student.pkg.counter.add(1, 2)
    finally:
        student.session.close()


FILTERED = """
import ctypes, errno, json, os
from cardlab.worker import confine

libc = ctypes.CDLL(None, use_errno=True)
outcome = confine.Outcome([], [])
os.setuid(65534) if os.geteuid() == 0 else None
confine._prctl(confine.PR_SET_NO_NEW_PRIVS, 1)
confine._filter_syscalls(outcome)
calls = {"shmget": libc.shmget(0x0CA4D1AC, 4096, 0o1666), "msgget": libc.msgget(0, 0o1666)}
failed = {name: (result, ctypes.get_errno()) for name, result in calls.items()}
print(json.dumps({"applied": outcome.applied, "failed": failed, "pid": os.getpid() > 0}))
"""


@pytest.mark.skipif(
    sys.platform != "linux" or os.uname().machine not in ("x86_64", "aarch64"),
    reason="the system call filter is written for Linux on x86-64 and AArch64",
)
def test_the_system_call_filter_fails_ipc_and_keyrings_only():
    result = subprocess.run(
        [sys.executable, "-c", FILTERED], capture_output=True, text=True, check=True
    )
    outcome = json.loads(result.stdout)
    assert outcome["applied"] == [confine.SYSCALL_FILTER]
    assert outcome["failed"] == {"shmget": [-1, errno.EPERM], "msgget": [-1, errno.EPERM]}
    assert outcome["pid"]


def test_a_missing_system_folder_hides_nothing(tmp_path):
    """/lib32 is absent on most machines: start-up must not trip over it."""
    assert confine.readable_by_others(str(tmp_path / "lib32"))
    hidden = tmp_path / "hidden"
    hidden.mkdir(mode=0o700)
    assert not confine.readable_by_others(str(hidden))


NEVER_ROOT = """
import errno, json, sys
from cardlab.worker import confine

def refuse(flags):
    raise OSError(errno.EPERM, "unshare: not permitted")

confine._unshare = refuse
try:
    confine.apply(confine.Plan.from_message(json.loads(sys.argv[1])))
except confine.Refused as refused:
    print(refused)
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="only a worker started as root could stay root")
def test_a_worker_that_could_only_stay_root_refuses(tmp_path):
    """Python unreadable by other users and no private root: refuse, never run as root."""
    private = tmp_path / "private-python"
    private.mkdir(mode=0o700)
    plan = _plan(tmp_path, user=0x5C000001, visible=(str(private), "/lib32-is-not-here"))
    result = subprocess.run(
        [sys.executable, "-c", NEVER_ROOT, json.dumps(plan.to_message())],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"student code would run as root: {private} is not readable" in result.stdout
