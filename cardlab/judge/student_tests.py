"""Grading a student's own unit tests with wheats and chaffs (as Brown's Examplar does).

A rubric part of kind ``student tests`` runs the student's pytest tests, in the worker
and confined like all student code, against implementations of the package:

1. **the wheat**, the reference: every test must pass. A test that fails on it asserts
   something the contract does not promise; it is named in the report and does not
   count;
2. **each chaff**, a copy of the reference with one realistic bug (see
   :mod:`cardlab.judge.chaffs`): it is *caught* when one of the tests that passed on the
   wheat fails on it;
3. **the wheat again**, at a random place among the chaffs: a test must pass there too,
   so a test that passes only some of the time counts for nothing.

Credit is the share of chaffs caught, read on the curve the spec sets. The report names
each chaff by its hint, never by its code, with the student's tests that caught it.

**The runs are blind.** A test that could tell which implementation it runs on could
fail on purpose everywhere but on the wheat, and catch every chaff while checking
nothing. So every run is alike but for the code under test:

* each run has a fresh confined worker of its own, forked from one zygote that has
  loaded pytest (:mod:`cardlab.worker.zygote`); the worker receives only its run's
  implementation, as code objects compiled alike, served from memory under the same
  file names in every run (:mod:`cardlab.worker.student_tests`); the worker's tree holds
  the student's tests and the test libraries, and no implementation at all;
* the same pytest options, the same per-test and per-suite limits, the same
  environment, and a fresh empty working and temporary folder (in a private root, its
  own ``/tmp`` too) for every run; the runs go in a random order, two at a time;
* the tests run in a child of the worker that holds no descriptor of the judge's
  channel and cannot reach the worker's, so whatever the tests write is read by the
  worker as events of their own run only; the worker answers with the run's nonce,
  which the judge drew for it and checks: an answer that does not carry it, or no
  answer, is a run whose tests did not run (not caught, for a chaff; failing, for the
  wheat), with the cause in the report;
* the judge alone knows which run was which; messages from runs on chaffs are never
  shown, and a time limit catches a chaff only when the test passed within its limit on
  the wheat and the chaff's run had the same limits.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib.util
import itertools
import os
import secrets
import shutil
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import CodeType

from ..course.spec import Part, StudentTests
from ..worker import compose
from ..worker.forkserver import ForkServer
from ..worker.process import WorkerFailure, WorkerProcess, WorkerSetup
from ..worker.sandbox import (
    COMPLETE_MARK,
    MAX_MODULE_BYTES,
    WorkerTree,
    as_root,
    build_tree,
    open_to_readers,
    trusted_shared_folder,
)
from ..worker.student_tests import code_message, pack, parallel_runs
from ..worker.wire import ProtocolError, from_json
from .chaffs import CHAFFS_FOLDER, Chaff, load_chaffs
from .results import FAILED, PASSED, VISIBLE, TestResult

TEST_LIBRARIES = ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py")
"""What the worker needs to run pytest, copied into its private tree (``py`` is
pytest's one-module shim)."""

HYPOTHESIS_LIBRARIES = ("hypothesis", "_hypothesis_globals", "sortedcontainers")
"""hypothesis and what it imports, copied beside pytest when a test file names it: a
student may use it wherever they work (it is a dependency of cardlab, so of every
handout's environment). It is copied only then, being the largest of the libraries."""

PYTEST_LEXERS = frozenset({"__init__", "_mapping", "python", "diff"})
"""The modules of ``pygments.lexers`` copied: the package, its table, and what pytest uses."""

MAX_TEST_FILES = 100
"""Test files of a submission looked at; the rest are ignored."""

WHEAT, WHEAT_AGAIN = "wheat", "wheat again"
WHEAT_TITLE = "Your tests pass on a correct implementation"
CHAFFS_TITLE = "Buggy implementations your tests catch"
TIME_LIMIT_MESSAGE = "the test took longer than its time limit"
"""How a run says that a test ran out of its own time (the worker's ``TestTimeLimit``)."""
_MARGIN_SECONDS = 5.0
_SHOWN = 10
_CATCHERS_SHOWN = 3


@dataclass(frozen=True)
class Run:
    """What came back from one run of the student's tests.

    Attributes:
        passed: Ids of the tests that passed, with the seconds each took.
        failed: Failed test id -> its one-line message.
        broken: Test file -> why it could not be loaded.
        cut: Why the run was stopped early, or "" if it ran to its end.
        timed_out: The failed tests that failed by running out of time.
        limits: The per-test and per-suite seconds the judge gave the run.
        lost: Why the run gave no answer of its own ("" when it did): its tests did
            not run, as far as the judge knows.
    """

    passed: dict[str, float]
    failed: dict[str, str]
    broken: dict[str, str]
    cut: str
    timed_out: frozenset[str] = frozenset()
    limits: tuple[float, float] = (0.0, 0.0)
    lost: str = ""


@dataclass(frozen=True)
class Outcome:
    """The verdict on a student's tests, for one part.

    Attributes:
        valid: The tests that passed on the wheat, both times: the ones that count.
        wheat_failures: Each test that failed on the wheat -> its one-line message.
        caught: The chaffs a valid test failed on.
        survived: The other chaffs.
        notes: Problems with the runs as a whole (files that did not load, cuts).
        catchers: Chaff id -> the valid tests (or test files) that caught it.
        lost: Chaff id -> why its run gave no answer.
    """

    valid: frozenset[str]
    wheat_failures: dict[str, str]
    caught: tuple[Chaff, ...]
    survived: tuple[Chaff, ...]
    notes: tuple[str, ...]
    catchers: dict[str, tuple[str, ...]]
    lost: dict[str, str]


def grade(
    part: Part,
    setup: WorkerSetup,
    submission: Path,
    reference_dir: Path,
    graders_dir: Path,
) -> list[TestResult]:
    """Grade the student's tests for a part of kind ``student tests``.

    Args:
        part: The part, with its ``student_tests`` settings.
        setup: The grading run's worker setup (its limits; each run's worker gets the
            run's implementation instead of the setup's composition).
        submission: The student's folder.
        reference_dir: The reference package folder (the wheat).
        graders_dir: The assignment's graders, holding ``chaffs/``.

    Returns:
        Two results: the tests on the correct implementation (weight 0, naming every
        test that fails there) and the chaffs caught (the part's credit).

    Raises:
        CardlabError: A chaff that cannot be read or applied (the instructor's problem).
    """
    settings = part.student_tests
    assert settings is not None
    chaffs = load_chaffs(graders_dir / CHAFFS_FOLDER, settings.chaffs)
    sources = {chaff.id: chaff.source(reference_dir) for chaff in chaffs}
    started = time.perf_counter()
    files, notes = test_files(submission / settings.folder)
    if not files:
        return _results(part, None, notes or [f"no test files (test_*.py) in {settings.folder}/"])
    with _Runner(setup, reference_dir, files, settings) as runner:
        outcome = runner.outcome(chaffs, sources)
    wheat, caught = _results(part, outcome, notes + list(outcome.notes))
    return [wheat, replace(caught, seconds=time.perf_counter() - started)]


def test_files(folder: Path) -> tuple[dict[str, Path], list[str]]:
    """The Python files of the student's test folder (not its subfolders), checked."""
    if not folder.is_dir():
        return {}, []
    files, notes = {}, []
    for path in sorted(folder.iterdir())[:MAX_TEST_FILES]:
        if path.suffix != ".py":
            continue
        try:
            info = path.lstat()
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            notes.append(f"{path.name} is not a regular file; it was not run")
        elif info.st_size > MAX_MODULE_BYTES:
            notes.append(f"{path.name} is over {MAX_MODULE_BYTES:,} bytes; it was not run")
        else:
            files[path.name] = path
    if not any(name.startswith("test_") for name in files):
        return {}, notes
    return files, notes


def uses_hypothesis(files: dict[str, Path]) -> bool:
    """Whether a test file names hypothesis: its runs then load its grading profile."""
    return any(b"hypothesis" in path.read_bytes() for path in files.values())


class _Runner:
    """A tree holding the tests and no implementation, and one fresh worker per run."""

    def __init__(
        self,
        setup: WorkerSetup,
        reference_dir: Path,
        files: dict[str, Path],
        settings: StudentTests,
    ) -> None:
        self.wheat = compose.compose(setup.composition.package, reference_dir, reference_dir, ())
        self.settings = settings
        package = self.wheat.package
        self.reference_code = {
            name: pack(_compiled(_source(reference_dir / f"{name}.py"), f"{package}/{name}.py"))
            for name in self.wheat.modules
        }
        init = self.wheat.init
        self.reference_init = (
            pack(_compiled(_source(init), f"{package}/__init__.py")) if init is not None else None
        )
        empty = compose.Composition(self.wheat.package, None)
        self.tree = build_tree(empty, None)
        self.setup = replace(setup, composition=self.tree.composition, codec=None)
        self.hypothesis = uses_hypothesis(files)
        add_test_folder(self.tree, files)
        self.testlib = self.tree.root / "testlib"
        if as_root():
            self.testlib = shared_testlib(self.hypothesis)
            self.tree = replace(self.tree, shared=(self.testlib,))
        else:
            add_testlib(self.testlib, self.hypothesis)
        open_to_readers(self.tree.root, self.tree.group)
        preload = (str(self.testlib), "1" if self.hypothesis else "0")
        self.forks = ForkServer(self.tree, preload)
        self.lock = threading.Lock()
        self.processes: set[WorkerProcess] = set()

    def __enter__(self) -> _Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            for process in list(self.processes):
                process.kill()
        self.forks.close()
        self.tree.remove()

    def outcome(self, chaffs: tuple[Chaff, ...], sources: dict[str, str]) -> Outcome:
        """Run the wheat, the wheat again and every chaff, each blind, and judge them."""
        codes = {WHEAT: self._code(None, ""), WHEAT_AGAIN: self._code(None, "")}
        for chaff in chaffs:
            codes[chaff.id] = self._code(chaff.module, sources[chaff.id])
        later = [WHEAT_AGAIN, *(chaff.id for chaff in chaffs)]
        _shuffle(later)
        runs = self._all([WHEAT, *later], codes)
        return judge(runs, chaffs)

    def _code(self, module: str | None, source: str) -> dict:
        """One implementation: the reference's code, with ``module`` compiled from ``source``."""
        package = self.wheat.package
        modules = dict(self.reference_code)
        if module is not None:
            modules[module] = pack(_compiled(source, f"{package}/{module}.py"))
        return code_message(package, self.reference_init, modules)

    def _all(self, order: list[str], codes: dict[str, dict]) -> dict[str, Run]:
        """Every run, up to :func:`~cardlab.worker.student_tests.parallel_runs` at once."""
        with concurrent.futures.ThreadPoolExecutor(max_workers=parallel_runs()) as pool:
            futures = {name: pool.submit(self._run, codes[name]) for name in order}
            return {name: future.result() for name, future in futures.items()}

    def _run(self, code: dict) -> Run:
        """One run in a fresh worker of its own, which is killed after it."""
        nonce = secrets.token_hex(16)
        request = run_request(self.tree, self.testlib, self.settings, self.hypothesis, nonce)
        request |= {"code": code, "where": str(self.tree.root / "package")}
        limits = (self.settings.test_seconds, self.settings.suite_seconds)
        seconds = self.settings.suite_seconds
        process = WorkerProcess(self.setup, self.tree, self.forks)
        with self.lock:
            self.processes.add(process)
        try:
            process.start()
            answer = process.request(request, seconds + _MARGIN_SECONDS)
        except WorkerFailure as failure:
            return Run({}, {}, {}, "", limits=limits, lost=f"stopped: {failure}")
        finally:
            process.kill()
            with self.lock:
                self.processes.discard(process)
        why = str((answer.get("raised") or {}).get("message", "no answer"))
        return read_run(answer_data(answer), why, limits, nonce)


def judge(runs: dict[str, Run], chaffs: tuple[Chaff, ...]) -> Outcome:
    """The verdict from the runs, which the judge alone knows by implementation."""
    first = runs[WHEAT]
    notes = _run_notes(first, "a correct implementation")
    valid = frozenset(first.passed)
    failures = dict(first.failed)
    again = runs[WHEAT_AGAIN]
    for test, message in again.failed.items():
        failures.setdefault(test, f"passed once, then failed when run again: {message}")
    valid -= set(again.failed)
    if again.cut or again.lost:
        valid = frozenset()
        why = again.lost or again.cut
        notes.append(f"run again on a correct implementation, your tests were {why}; none counts")
    catchers = {
        chaff.id: tests for chaff in chaffs if (tests := _catchers(runs[chaff.id], first, valid))
    }
    caught = tuple(chaff for chaff in chaffs if chaff.id in catchers)
    survived = tuple(chaff for chaff in chaffs if chaff not in caught)
    lost = {chaff.id: runs[chaff.id].lost for chaff in survived if runs[chaff.id].lost}
    return Outcome(valid, failures, caught, survived, tuple(notes), catchers, lost)


def _catchers(run: Run, wheat: Run, valid: frozenset[str]) -> tuple[str, ...]:
    """The valid tests (or their files) whose failure on a chaff's run shows its bug.

    A test that ran out of time counts only when the chaff's run had the wheat's limits
    (it passed within them on the wheat, being valid). A run that gave no answer of its
    own catches nothing.
    """
    if run.lost:
        return ()
    failed = set(run.failed) & valid
    if run.limits != wheat.limits:
        failed -= run.timed_out
    files = {test.split("::", 1)[0] for test in valid}
    broken = {name for name in run.broken if name in files}
    return tuple(sorted(failed | broken))


def _shuffle(items: list[str]) -> None:
    """Shuffle in place with the system's randomness (the order is nobody's to predict)."""
    for index in range(len(items) - 1, 0, -1):
        other = secrets.randbelow(index + 1)
        items[index], items[other] = items[other], items[index]


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _compiled(source: str, shown_name: str) -> CodeType:
    """The module's code, compiled alike for every implementation."""
    return compile(source, shown_name, "exec", dont_inherit=True)


def run_request(
    tree: WorkerTree, testlib: Path, settings: StudentTests, hypothesis: bool, nonce: str
) -> dict:
    """The fields of a run that every run shares (see :func:`cardlab.worker.student_tests.run`)."""
    return {
        "op": "student_tests",
        "tests": str(tree.root / "tests"),
        "testlib": str(testlib),
        "ini": str(testlib / "pytest.ini"),
        "test_seconds": settings.test_seconds,
        "suite_seconds": settings.suite_seconds,
        "hypothesis": hypothesis,
        "nonce": nonce,
    }


def answer_data(answer: dict) -> object:
    """The run's data in the worker's answer, or None when it holds none."""
    try:
        return from_json(answer["ok"]) if "ok" in answer else None
    except (TypeError, ValueError, KeyError, ProtocolError):
        return None


def add_test_folder(tree: WorkerTree, files: dict[str, Path]) -> None:
    """Copy the student's test files into the tree's ``tests`` folder."""
    folder = tree.root / "tests"
    folder.mkdir()
    for name, path in files.items():
        shutil.copyfile(path, folder / name)


def add_testlib(folder: Path, hypothesis: bool) -> None:
    """Copy pytest (and hypothesis) into the tree, with an empty configuration."""
    folder.mkdir()
    (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    for name in TEST_LIBRARIES + (HYPOTHESIS_LIBRARIES if hypothesis else ()):
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        if spec.submodule_search_locations:
            source = Path(next(iter(spec.submodule_search_locations)))
            shutil.copytree(source, folder / source.name, ignore=_unused_lexers)
        else:
            shutil.copyfile(spec.origin, folder / Path(spec.origin).name)


def shared_testlib(hypothesis: bool) -> Path:
    """The test libraries, copied once per machine into the temporary folder (run as root).

    Copying pytest (and hypothesis) is most of what a grading of student tests spends
    before its first run, and the copy is the same every time. The folder is named by
    this Python and the libraries' places and versions, built in a fresh folder and
    renamed into place, readable by every user and writable by root alone; one found at
    its place is used only when root owns it, no one else may write to it, and it is
    complete. It holds only public code, so every worker may read it.
    """
    names = TEST_LIBRARIES + (HYPOTHESIS_LIBRARIES if hypothesis else ())
    identity = "|".join([sys.version, *(_library_identity(name) for name in names)])
    place = Path(tempfile.gettempdir()) / (
        f"cardlab-testlib-{hashlib.sha256(identity.encode()).hexdigest()[:16]}"
    )
    if trusted_shared_folder(place):
        return place
    fresh = Path(tempfile.mkdtemp(prefix="cardlab-testlib-"))
    add_testlib(fresh / "lib", hypothesis)
    (fresh / "lib" / COMPLETE_MARK).write_text("")
    open_to_readers(fresh, None)
    try:
        (fresh / "lib").rename(place)
    except OSError:  # made meanwhile by another judge, or not root's: use this one
        if trusted_shared_folder(place):
            shutil.rmtree(fresh, ignore_errors=True)
            return place
        return fresh / "lib"
    fresh.rmdir()
    return place


def _library_identity(name: str) -> str:
    spec = importlib.util.find_spec(name)
    origin = spec.origin if spec is not None else None
    if origin is None:
        return name
    return f"{origin}:{os.stat(origin).st_mtime_ns}"


def _unused_lexers(folder: str, names: list[str]) -> list[str]:
    """The lexers of pygments that pytest does not use (two thirds of what is copied).

    pytest imports pygments for its Python and diff lexers only (to colour code).
    """
    path = Path(folder)
    if "pygments" not in path.parts or "lexers" not in (path.name, path.parent.name):
        return []
    return [name for name in names if name != "__pycache__" and _stem(name) not in PYTEST_LEXERS]


def _stem(name: str) -> str:
    return name.split(".", 1)[0]


def read_run(data: object, why: str, limits: tuple[float, float], nonce: str | None) -> Run:
    """A run from the worker's data for it, checked in the judge (fail closed).

    Args:
        data: What the worker answered for the run.
        why: Why there is no data, when there is none.
        limits: The per-test and per-suite seconds the run was given.
        nonce: The run's nonce, which its answer must carry (None: not checked).
    """
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        return Run({}, {}, {}, "", limits=limits, lost=f"the run failed: {why}")
    if nonce is not None and data.get("nonce") != nonce:
        return Run({}, {}, {}, "", limits=limits, lost="the answer was not this run's")
    passed: dict[str, float] = {}
    failed: dict[str, str] = {}
    broken: dict[str, str] = {}
    for event in data["events"]:
        if not isinstance(event, dict):
            continue
        test, message = str(event.get("test", "")), str(event.get("message", ""))[:300]
        if "broken" in event:
            broken[str(event["broken"])] = message
        elif event.get("outcome") == "passed" and test not in failed:
            passed[test] = _seconds(event.get("seconds"))
        elif event.get("outcome") == "failed":
            failed[test] = message
            passed.pop(test, None)
    timed_out = {test for test, message in failed.items() if TIME_LIMIT_MESSAGE in message}
    cut = ""
    suite = limits[1]
    if data.get("cut"):
        running = data.get("running")
        at = f" while running {running}" if running else ""
        cut = f"stopped after {suite:g} s{at}"
        if running:
            failed.setdefault(
                str(running), f"took longer than the {suite:g} s the whole run may take"
            )
            timed_out.add(str(running))
    elif data.get("ended"):
        cut = f"the test process {data['ended']} (sys.exit or os._exit in a test?)"
    elif data.get("running"):  # pytest stopped the run in it: a KeyboardInterrupt, say
        failed.setdefault(
            str(data["running"]),
            "stopped the whole run without a result (KeyboardInterrupt, or pytest.exit?)",
        )
    return Run(passed, failed, broken, cut, frozenset(timed_out), limits)


def _seconds(value: object) -> float:
    if type(value) is int or type(value) is float:
        return float(value)
    return 0.0


def _run_notes(run: Run, what: str) -> list[str]:
    notes = [f"{name} could not be loaded: {message}" for name, message in run.broken.items()]
    if run.lost:
        notes.append(f"on {what}, your tests did not run ({run.lost})")
    if run.cut:
        notes.append(f"on {what}, your tests were {run.cut}")
    return notes


def credit_on_curve(share: float, curve: tuple[tuple[float, float], ...]) -> float:
    """The credit for a share of chaffs caught, read on a piecewise linear curve.

    Args:
        share: Chaffs caught over chaffs, 0 to 1.
        curve: Points (share, credit) in increasing share; (0, 0) comes first
            implicitly, and beyond the last point the credit stays at its value.
    """
    points = [(0.0, 0.0), *curve]
    credit = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if share >= x1:
            credit = y1
        elif share > x0:
            return y0 + (y1 - y0) * (share - x0) / (x1 - x0)
    return credit


def _results(part: Part, outcome: Outcome | None, notes: list[str]) -> list[TestResult]:
    settings = part.student_tests
    assert settings is not None
    prefix = f"student-tests::{part.id}"
    if outcome is None:
        text = "\n".join(notes)
        return [
            TestResult(f"{prefix}::wheat", WHEAT_TITLE, part.id, 0.0, FAILED, 0.0, text, VISIBLE),
            TestResult(f"{prefix}::chaffs", CHAFFS_TITLE, part.id, 1.0, FAILED, 0.0, text, VISIBLE),
        ]
    wheat = _wheat_result(prefix, part.id, outcome, notes)
    total = len(settings.chaffs)
    share = len(outcome.caught) / total if total else 0.0
    credit = credit_on_curve(share, settings.curve)
    status = PASSED if credit > 0 else FAILED
    chaffs = TestResult(
        f"{prefix}::chaffs",
        CHAFFS_TITLE,
        part.id,
        1.0,
        status,
        credit if status == PASSED else 0.0,
        "\n".join(_chaff_lines(outcome, total, share, credit)),
        VISIBLE,
    )
    return [wheat, chaffs]


def _chaff_lines(outcome: Outcome, total: int, share: float, credit: float) -> Iterator[str]:
    """Each chaff by its hint: caught (by which of the student's tests) or not."""
    yield (
        f"caught {len(outcome.caught)} of {total} buggy implementations ({share:.0%}), "
        f"credit {credit:.0%}"
    )
    if outcome.caught:
        yield "caught, by the tests that failed on it:"
    for chaff in outcome.caught:
        tests = outcome.catchers[chaff.id]
        named = ", ".join(tests[:_CATCHERS_SHOWN])
        more = f" and {len(tests) - _CATCHERS_SHOWN} more" if len(tests) > _CATCHERS_SHOWN else ""
        yield f"  - {chaff.hint} ({named}{more})"
    if outcome.survived:
        yield "not caught: your tests pass on an implementation that gets wrong"
    for chaff in outcome.survived:
        lost = outcome.lost.get(chaff.id)
        yield f"  - {chaff.hint}" + (f" (your tests did not run on it: {lost})" if lost else "")


def _wheat_result(prefix: str, part_id: str, outcome: Outcome, notes: list[str]) -> TestResult:
    failures = outcome.wheat_failures
    lines = list(notes)
    if failures:
        lines.insert(
            0,
            f"{len(failures)} of your tests fail on a correct implementation: "
            "they assert something the contract does not promise, and do not count",
        )
        shown = sorted(failures.items())[:_SHOWN]
        lines += [f"  {test}: {message}" for test, message in shown]
        if len(failures) > _SHOWN:
            lines.append(f"  ... and {len(failures) - _SHOWN} more")
    lines.append(f"{len(outcome.valid)} tests pass on a correct implementation and count")
    status = FAILED if failures or not outcome.valid or notes else PASSED
    return TestResult(
        f"{prefix}::wheat",
        WHEAT_TITLE,
        part_id,
        0.0,
        status,
        0.0 if status == FAILED else 1.0,
        "\n".join(lines),
        VISIBLE,
    )


def check_chaffs(reference_dir: Path, graders_dir: Path, chaff_ids: tuple[str, ...]) -> None:
    """Raise CardlabError unless every chaff loads and applies to the reference."""
    for chaff in load_chaffs(graders_dir / CHAFFS_FOLDER, chaff_ids):
        chaff.source(reference_dir)
