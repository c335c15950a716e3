"""Grading a student's own unit tests with wheats and chaffs (as Brown's Examplar does).

A rubric part of kind ``student tests`` runs the student's pytest tests, in the worker
and confined like all student code, against implementations of the package:

1. **the wheat**, the reference: every test must pass. A test that fails on it asserts
   something the contract does not promise; it is named in the report and does not
   count;
2. **each chaff**, a copy of the reference with one realistic bug (see
   :mod:`cardlab.judge.chaffs`): it is *caught* when one of the tests that passed on the
   wheat fails on it (a test that runs out of time fails);
3. **the wheat again**, at a random place among the chaffs: a test must pass there too,
   so a test that passes only on the first run (by leaving files behind, say) counts
   for nothing.

Credit is the share of chaffs caught, read on the curve the spec sets. The report names
each chaff that survived by its hint, never by its code. Every implementation is
compiled to bytecode alike and loaded from a folder with a random name, and each run
happens in a freshly forked process, so a test cannot tell the wheat from a chaff
except by what the code does. Every limit is the judge's: one test, one whole run, and
the worker's own.
"""

from __future__ import annotations

import importlib.util
import itertools
import py_compile
import secrets
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from ..course.spec import Part, StudentTests
from ..worker import compose
from ..worker.process import WorkerFailure, WorkerProcess, WorkerSetup
from ..worker.sandbox import MAX_MODULE_BYTES, WorkerTree, build_tree, open_to_readers
from ..worker.student_tests import MAX_PARALLEL_RUNS
from ..worker.wire import from_json
from .chaffs import CHAFFS_FOLDER, Chaff, load_chaffs
from .results import FAILED, PASSED, VISIBLE, TestResult

TEST_LIBRARIES = ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py")
"""What the worker needs to run pytest, copied into its private tree (``py`` is
pytest's one-module shim)."""

PYTEST_LEXERS = frozenset({"__init__", "_mapping", "python", "diff"})
"""The modules of ``pygments.lexers`` copied: the package, its table, and what pytest uses."""

MAX_TEST_FILES = 100
"""Test files of a submission looked at; the rest are ignored."""

WHEAT, WHEAT_AGAIN = "wheat", "wheat again"

CHAFF_FACTOR = 3.0
"""A run on a chaff may take this many times the first run on the wheat, within the
suite's limit: it runs no more tests, and stops at the first failure. The time is
multiplied by :data:`~cardlab.worker.student_tests.MAX_PARALLEL_RUNS`, as runs side by
side share the processors: a run cut for lack of time catches its chaff."""

MIN_CHAFF_SECONDS = 10.0
"""The shortest time a run on a chaff is given, however quick the wheat's run."""
WHEAT_TITLE = "Your tests pass on a correct implementation"
CHAFFS_TITLE = "Buggy implementations your tests catch"
_MARGIN_SECONDS = 5.0
_SHOWN = 10


@dataclass(frozen=True)
class Run:
    """What came back from one run of the student's tests.

    Attributes:
        passed: Ids of the tests that passed, with the seconds each took.
        failed: Failed test id -> its one-line message.
        broken: Test file -> why it could not be loaded.
        cut: Why the run was stopped early, or "" if it ran to its end.
    """

    passed: dict[str, float]
    failed: dict[str, str]
    broken: dict[str, str]
    cut: str


@dataclass(frozen=True)
class Outcome:
    """The verdict on a student's tests, for one part.

    Attributes:
        valid: The tests that passed on the wheat, both times: the ones that count.
        wheat_failures: Each test that failed on the wheat -> its one-line message.
        caught: The chaffs a valid test failed on.
        survived: The other chaffs.
        notes: Problems with the runs as a whole (files that did not load, cuts).
    """

    valid: frozenset[str]
    wheat_failures: dict[str, str]
    caught: tuple[Chaff, ...]
    survived: tuple[Chaff, ...]
    notes: tuple[str, ...]


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
        setup: The grading run's worker setup (its composition is replaced by the
            reference's, and each chaff's, in turn).
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
    with _Runner(setup, reference_dir, files, chaffs, sources, settings) as runner:
        outcome = runner.outcome()
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


class _Runner:
    """One worker tree holding every implementation, and the runs against them."""

    def __init__(
        self,
        setup: WorkerSetup,
        reference_dir: Path,
        files: dict[str, Path],
        chaffs: tuple[Chaff, ...],
        sources: dict[str, str],
        settings: StudentTests,
    ) -> None:
        wheat = compose.compose(setup.composition.package, reference_dir, reference_dir, ())
        self.setup = replace(setup, composition=wheat)
        self.settings = settings
        self.chaffs = chaffs
        self.tree = build_tree(wheat, setup.codec)
        self.tests = self.tree.root / "tests"
        self.ini = self.tree.root / "testlib" / "pytest.ini"
        add_test_folder(self.tree, files)
        add_testlib(self.tree.root / "testlib")
        self.variants = {
            name: _add_variant(self.tree, reference_dir, source, module)
            for name, module, source in _variant_sources(chaffs, sources)
        }
        open_to_readers(self.tree.root, self.tree.group)
        self.process: WorkerProcess | None = None

    def __enter__(self) -> _Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.kill()
        self.tree.remove()

    def outcome(self) -> Outcome:
        """Run the wheat, then every chaff and the wheat again in a random order."""
        started = time.perf_counter()
        first = self._run(WHEAT, None, stop_early=False)
        limit = self.settings.suite_seconds
        alone = CHAFF_FACTOR * (time.perf_counter() - started)
        budget = min(limit, MAX_PARALLEL_RUNS * max(MIN_CHAFF_SECONDS, alone))
        notes = _run_notes(first, "a correct implementation")
        valid = frozenset(first.passed)
        quickest_first = sorted(valid, key=lambda test: (first.passed[test], test))
        order = [chaff.id for chaff in self.chaffs]
        order.insert(secrets.randbelow(len(order) + 1), WHEAT_AGAIN)
        runs = {}
        if valid:
            runs = self._runs(
                {
                    name: self._request(
                        name,
                        quickest_first,
                        name != WHEAT_AGAIN,
                        limit if name == WHEAT_AGAIN else budget,
                    )
                    for name in order
                }
            )
        failures = dict(first.failed)
        again = runs.get(WHEAT_AGAIN)
        if again is not None:
            for test, message in again.failed.items():
                failures.setdefault(test, f"passed once, then failed when run again: {message}")
            valid -= set(again.failed)
            if again.cut:
                valid = frozenset()
                notes.append(
                    "run again on a correct implementation, your tests were "
                    f"{again.cut}; none of them counts"
                )
        caught = tuple(c for c in self.chaffs if c.id in runs and _catches(runs[c.id], valid))
        survived = tuple(c for c in self.chaffs if c not in caught)
        return Outcome(valid, failures, caught, survived, tuple(notes))

    def _run(self, name: str, only: list[str] | None, stop_early: bool) -> Run:
        """One run of the student's tests against ``name``, within the suite's limit."""
        return self._runs({name: self._request(name, only, stop_early, None)})[name]

    def _request(
        self, name: str, only: list[str] | None, stop_early: bool, seconds: float | None
    ) -> dict:
        """The fields of one run against ``name``, within ``seconds`` (the suite's)."""
        return {
            "composition": self.variants[name].to_message(),
            "only": only,
            "stop_at_first_failure": stop_early,
            "suite_seconds": seconds or self.settings.suite_seconds,
        }

    def _runs(self, requests: dict[str, dict]) -> dict[str, Run]:
        """Runs against several variants, in one request: the worker runs them side by side.

        The request may take as long as the runs one after the other, and a margin.
        """
        request = {
            "op": "student_tests",
            "tests": str(self.tests),
            "testlib": str(self.tree.root / "testlib"),
            "ini": str(self.ini),
            "test_seconds": self.settings.test_seconds,
            "runs": list(requests.values()),
        }
        seconds = sum(run["suite_seconds"] for run in requests.values()) + _MARGIN_SECONDS
        try:
            answer = self._worker().request(request, seconds)
        except WorkerFailure as failure:
            self.process = None
            return {name: Run({}, {}, {}, f"stopped: {failure}") for name in requests}
        why = str((answer.get("raised") or {}).get("message", "no answer"))
        data = run_data(answer, len(requests))
        return {
            name: read_run(one, why, run["suite_seconds"])
            for (name, run), one in zip(requests.items(), data, strict=True)
        }

    def _worker(self) -> WorkerProcess:
        if self.process is None or self.process.dead:
            self.process = WorkerProcess(self.setup, self.tree)
            self.process.start()
        return self.process


def run_data(answer: dict, count: int) -> list[object]:
    """Each run's data in the worker's answer to ``count`` runs.

    None for every run when the answer is not a list of that many (fail closed).
    """
    try:
        data = from_json(answer["ok"]) if "ok" in answer else None
    except (TypeError, ValueError, KeyError):
        data = None
    runs = data.get("runs") if isinstance(data, dict) else None
    if not isinstance(runs, list) or len(runs) != count:
        return [None] * count
    return runs


def _catches(run: Run, valid: frozenset[str]) -> bool:
    """Whether a run on a chaff shows a bug: a valid test failed, or its file broke."""
    files = {test.split("::", 1)[0] for test in valid}
    return bool(set(run.failed) & valid or set(run.broken) & files)


def _variant_sources(
    chaffs: tuple[Chaff, ...], sources: dict[str, str]
) -> Iterator[tuple[str, str | None, str]]:
    """(name, changed module or None, its source) for the wheat, each chaff, the wheat again."""
    yield WHEAT, None, ""
    yield WHEAT_AGAIN, None, ""
    for chaff in chaffs:
        yield chaff.id, chaff.module, sources[chaff.id]


def _add_variant(
    tree: WorkerTree, reference_dir: Path, source: str, module: str | None
) -> compose.Composition:
    """Compile every module of the package into a folder with a random name.

    The changed module (if any) is compiled from ``source``; every module gets the
    same neutral file name inside, so the variants differ only in their code.
    """
    base = tree.composition
    folder = tree.root / "variants" / secrets.token_hex(8)
    folder.mkdir(parents=True)
    modules = {}
    with tempfile.TemporaryDirectory(prefix="cardlab-chaff-") as scratch:
        for name in base.modules:
            origin = reference_dir / f"{name}.py"
            if name == module:
                origin = Path(scratch) / f"{name}.py"
                origin.write_text(source, encoding="utf-8")
            modules[name] = folder / f"{name}.pyc"
            py_compile.compile(
                str(origin),
                cfile=str(modules[name]),
                dfile=f"{base.package}/{name}.py",
                doraise=True,
            )
    return compose.Composition(
        base.package, base.init, modules, dict.fromkeys(modules, compose.PROVIDED), {}
    )


def add_test_folder(tree: WorkerTree, files: dict[str, Path]) -> None:
    """Copy the student's test files into the tree's ``tests`` folder."""
    folder = tree.root / "tests"
    folder.mkdir()
    for name, path in files.items():
        shutil.copyfile(path, folder / name)


def add_testlib(folder: Path) -> None:
    """Copy pytest and what it imports into the tree, with an empty configuration."""
    folder.mkdir()
    (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    for name in TEST_LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        if spec.submodule_search_locations:
            source = Path(next(iter(spec.submodule_search_locations)))
            shutil.copytree(source, folder / source.name, ignore=_unused_lexers)
        else:
            shutil.copyfile(spec.origin, folder / Path(spec.origin).name)


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


def read_run(data: object, why: str, seconds: float) -> Run:
    """A run from the worker's data for it, checked in the judge (fail closed).

    ``why`` says why there is no data, when there is none.
    """
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        return Run({}, {}, {}, f"the run failed: {why}")
    passed: dict[str, float] = {}
    failed: dict[str, str] = {}
    broken: dict[str, str] = {}
    for event in data["events"]:
        if not isinstance(event, dict):
            continue
        test, message = str(event.get("test", "")), str(event.get("message", ""))[:300]
        if "broken" in event:
            broken[str(event["broken"])] = str(event.get("message", ""))[:300]
        elif event.get("outcome") == "passed" and test not in failed:
            passed[test] = _seconds(event.get("seconds"))
        elif event.get("outcome") == "failed":
            failed[test] = message
            passed.pop(test, None)
    cut = ""
    if data.get("cut"):
        running = data.get("running")
        at = f" while running {running}" if running else ""
        cut = f"stopped after {seconds:g} s{at}"
        if running:
            failed.setdefault(
                str(running),
                f"took longer than the {seconds:g} s the whole run may take",
            )
    elif data.get("ended"):
        cut = f"the test process {data['ended']} (sys.exit or os._exit in a test?)"
    elif data.get("running"):  # pytest stopped the run in it: a KeyboardInterrupt, say
        failed.setdefault(
            str(data["running"]),
            "stopped the whole run without a result (KeyboardInterrupt, or pytest.exit?)",
        )
    return Run(passed, failed, broken, cut)


def _seconds(value: object) -> float:
    if type(value) is int or type(value) is float:
        return float(value)
    return 0.0


def _run_notes(run: Run, what: str) -> list[str]:
    notes = [f"{name} could not be loaded: {message}" for name, message in run.broken.items()]
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
    lines = [
        f"caught {len(outcome.caught)} of {total} buggy implementations ({share:.0%}), "
        f"credit {credit:.0%}"
    ]
    if outcome.survived:
        lines.append("not caught: your tests pass on an implementation that gets wrong")
        lines += [f"  - {chaff.hint}" for chaff in outcome.survived]
    status = PASSED if credit > 0 else FAILED
    chaffs = TestResult(
        f"{prefix}::chaffs",
        CHAFFS_TITLE,
        part.id,
        1.0,
        status,
        credit if status == PASSED else 0.0,
        "\n".join(lines),
        VISIBLE,
    )
    return [wheat, chaffs]


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
