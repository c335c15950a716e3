"""Shared fixtures for cardlab's own tests."""

from __future__ import annotations

import gc
import os
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.hostile_class import grade_hostile_class
from support.run_once import ReferenceGrading, RunOnce, grade_reference
from support.toy_class import toy_with_notes

from cardlab.course.framework_wheel import build_framework_wheel
from cardlab.course.handout import build_handout
from cardlab.course.project import Project
from cardlab.course.solution import write_solution
from cardlab.course.spec import Spec, load_spec
from cardlab.judge.grading import GradingJob, project_job, run
from cardlab.judge.reference import Reference
from cardlab.judge.results import GradeReport
from cardlab.judge.startup import cache_bytecode
from cardlab.worker.codec import load_codec
from cardlab.worker.wire import FrameReader

collect_ignore = ["toy_project", "guide_toy"]  # grader suites of toy assignments, run by tests

REPO = Path(__file__).resolve().parents[1]
TOY_PROJECT = Path(__file__).resolve().parent / "toy_project"


@pytest.fixture(scope="session")
def repo() -> Project:
    """The cardlab repository as a project."""
    return Project(REPO)


@pytest.fixture(scope="session")
def toy() -> Project:
    """The toy assignment's project (tests/toy_project)."""
    return Project(TOY_PROJECT)


@pytest.fixture(scope="module")
def bisca_ref(repo: Project) -> Iterator[Reference]:
    """The bisca reference with its codec, loaded in this process for one test module.

    Named apart from ``ref``, the fixture the graders' plugin gives inside a grading.
    """
    reference = Reference(
        "bisca", repo.reference_dir("bisca"), load_codec(repo.graders_dir("bisca") / "codec.py")
    )
    yield reference
    reference.close()


def write_files(folder: Path, files: dict[str, str]) -> Path:
    """Write dedented files into a folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


@pytest.fixture
def grade_toy(toy: Project, tmp_path: Path) -> Callable[..., GradeReport]:
    """Grade a toy submission given as ``{file name: source}``.

    ``adjust``, when given, changes the grading job first (a shorter limit, say);
    ``parts``, when given, grades those parts only.
    """

    def grade(
        files: dict[str, str],
        phase: int = 1,
        adjust: Callable[[GradingJob], GradingJob] | None = None,
        parts: tuple[str, ...] = (),
    ) -> GradeReport:
        submission = write_files(tmp_path / "submission", files)
        job = project_job(toy, "toy", phase, submission)
        return run(job if adjust is None else adjust(job), parts=parts)

    return grade


TOY_SPEC = """\
[assignment]
id = "toy"
title = "Toy"
package = "toy"
summary = "A package of four small modules."

[limits]
call_seconds = 60.0
test_seconds = 300.0
output_bytes = 4096

[[phase]]
number = 1
title = "Numbers"
writes = ["a"]
methods = ["c.Counter.bump"]

  [[phase.part]]
  id = "a"
  title = "A"
  points = 1

[[phase]]
number = 2
title = "More numbers"
writes = ["b"]

  [[phase.part]]
  id = "b"
  title = "B"
  points = 1
"""

TOY_REFERENCE = {
    "__init__.py": '"""The toy package."""\n',
    "a.py": (
        '"""Doubling."""\n\n\ndef double(x: int) -> int:\n'
        '    """Return twice ``x``."""\n    return x * 2  # SECRET-A\n'
    ),
    "b.py": (
        '"""Answers."""\n\nfrom .a import double\n\n\ndef answer() -> int:\n'
        '    """Return the answer."""\n    return 42  # SECRET-B\n\n\n'
        "def quadruple(x: int) -> int:\n"
        '    """Return four times ``x``."""\n    return double(double(x))\n\n\n'
        'if __name__ == "__main__":\n    print(answer())\n'
    ),
    "c.py": (
        '"""Counting."""\n\n\nclass Counter:\n    """A counter."""\n\n'
        "    def __init__(self) -> None:\n"
        '        """Start at 0."""\n        self.n = 0\n\n'
        "    def bump(self) -> None:\n"
        '        """Add one."""\n        self.n += 1  # SECRET-C\n'
    ),
    "d.py": (
        '"""Provided in every phase."""\n\nfrom .b import answer\n\n\n'
        "def half_answer() -> int:\n"
        '    """Half the answer."""\n    return answer() // 2  # SECRET-D\n'
    ),
}


@pytest.fixture
def toy_tree(tmp_path: Path) -> tuple[Project, Spec]:
    """A new project in ``tmp_path`` with a toy assignment of its own, for tests that change it.

    It holds the spec, the reference (``TOY_REFERENCE``), public tests with a data file and
    a stray ``__pycache__``, a hidden test and a codec.

    Returns:
        The project and the assignment's spec.
    """
    root = tmp_path / "project"
    (root / "specs").mkdir(parents=True)
    (root / "specs" / "toy.toml").write_text(TOY_SPEC, encoding="utf-8")
    reference = write_files(root / "reference" / "toy", TOY_REFERENCE)
    graders = root / "graders" / "toy"
    (graders / "public" / "data").mkdir(parents=True)
    (graders / "public" / "test_a.py").write_text("def test_a():\n    pass\n")
    (graders / "public" / "data" / "cases.json").write_text('[{"x": 1, "double": 2}]\n')
    (graders / "public" / "__pycache__").mkdir()
    (graders / "public" / "__pycache__" / "test_a.cpython-311.pyc").write_bytes(b"junk")
    (graders / "hidden").mkdir()
    (graders / "hidden" / "test_b.py").write_text("def test_b():\n    assert 'SECRET-H'\n")
    (graders / "codec.py").write_text('"""Codec."""\n')
    project = Project(root)
    return project, load_spec(project.spec_path("toy"), reference)


# -- The test processes: judges that grade hundreds of submissions -----------------

GC_THRESHOLDS = (700, 10, 100)
"""Python's collector thresholds in a test process: the default young generations, and a
full collection ten times less often than the default's (after 100 collections of the
middle generation, not 10)."""


def pytest_configure(config: pytest.Config) -> None:
    """Judge as ``cardlab grade`` and ``cardlab grade-all`` do.

    A test process grades in-process, so it imports the graders' tests and the
    references afresh for every grading. Where ``PYTHONDONTWRITEBYTECODE`` is set (as on
    this project's CI machines), pytest would otherwise rewrite and compile every grader
    module again each time: a tenth of a grading test's time. So bytecode is kept in
    cardlab's per-user cache, as ``cardlab grade`` keeps it.

    With an xdist worker per core, the run grades as many submissions at once as the
    machine has cores, and a judge that polls for its worker's answer takes a core from
    the grading beside it: its readers sleep at once, as grade-all's judges do (see
    :class:`~cardlab.worker.wire.FrameReader`).
    """
    cache_bytecode()
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers >= (os.cpu_count() or 1):
        FrameReader.spin_seconds = 0.0


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave the collected run out of the collector's work, and collect less often.

    A test process holds every test module, the graders' imports and the reports of
    the run; with the default thresholds, full collections over that heap took a fifth
    of a grading test process's time. Everything collected lives to the end of the run,
    so it is frozen (:func:`gc.freeze`); the gradings' own garbage is still collected.
    """
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# -- The order of the run ----------------------------------------------------------


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Start the slow tests first, spread over the xdist workers.

    pytest-xdist's worksteal hands each worker an equal run of the collected tests, in
    order, and an idle worker takes the end of a busy one's queue. Slow tests at the
    head of every worker's run leave the short ones for the end, where they fill the
    gaps; a slow test left for last would keep one core busy while the other waits.
    The order within each kind stays that of the files.
    """
    slow = [item for item in items if item.get_closest_marker("slow")]
    quick = [item for item in items if not item.get_closest_marker("slow")]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    runs = [slow[k::workers] + quick[k::workers] for k in range(workers)]
    items[:] = [item for run in runs for item in run]


# -- Work shared by the whole run --------------------------------------------------


@pytest.fixture(scope="session")
def once(tmp_path_factory: pytest.TempPathFactory) -> RunOnce:
    """Work done once per test run and shared by the xdist workers (see :class:`RunOnce`).

    Each xdist worker's base temporary folder lies in the run's own; without xdist, the
    run's is the process's own.
    """
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / "run-once"
    folder.mkdir(exist_ok=True)
    return RunOnce(folder)


@pytest.fixture(scope="session")
def solution_of(repo: Project, once: RunOnce) -> Callable[[str], Path]:
    """The reference of an assignment written out as a submission, once per run.

    Tests share the folder: read it, or copy it to change it.
    """

    def solution(assignment: str) -> Path:
        def make(folder: Path) -> Path:
            write_solution(repo, repo.spec(assignment), folder / "solution")
            return folder / "solution"

        return once(f"solution-{assignment}", make)

    return solution


@pytest.fixture(scope="session")
def reference_grading(
    repo: Project, once: RunOnce, solution_of: Callable[[str], Path]
) -> Callable[[str, int], ReferenceGrading]:
    """The reference solution of ``(assignment, phase)`` graded once per run.

    The grading tests check its report, and the branch-coverage tests the lines of the
    reference it ran (:class:`run_once.ReferenceGrading`): one run of the graders.
    """

    def grading(assignment: str, number: int) -> ReferenceGrading:
        def make(folder: Path) -> ReferenceGrading:
            return grade_reference(repo, assignment, number, solution_of(assignment))

        return once(f"reference-{assignment}-{number}", make)

    return grading


@pytest.fixture(scope="session")
def framework_wheel(repo: Project, once: RunOnce) -> Path:
    """The cardlab wheel built from this repository, once per run (read it, never change it)."""
    return once("framework-wheel", lambda folder: build_framework_wheel(repo.root, folder))


@pytest.fixture(scope="session")
def handout_of(repo: Project, once: RunOnce, framework_wheel: Path) -> Callable[[str, int], Path]:
    """The handout of ``(assignment, phase)``, built once per run with the run's wheel.

    Tests share the folder: read it, or copy it to change it.
    """

    def handout(assignment: str, number: int) -> Path:
        def make(folder: Path) -> Path:
            spec = repo.spec(assignment)
            return build_handout(repo, spec, number, folder / "handout", wheel=framework_wheel)

        return once(f"handout-{assignment}-{number}", make)

    return handout


@pytest.fixture(scope="session")
def hostile_class(toy: Project, once: RunOnce) -> tuple[Path, Path]:
    """The toy class of hostile folder names and messages (support/hostile_class.py), graded.

    Returns:
        The project's folder and the batch's output folder: read them, or copy the output
        to change it.
    """

    def make(folder: Path) -> tuple[Path, Path]:
        project = toy_with_notes(toy, folder / "project")
        return project.root, grade_hostile_class(project, folder)

    return once("hostile-class", make)
