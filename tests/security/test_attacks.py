"""The red-team suite: malicious and broken submissions, each graded for real.

Every folder in ``submissions/`` is one attack; ``cases.toml`` says, for each, the most
it may score (a number, or an honest submission in ``honest/`` whose score it must not
beat), the cause its report must name, and anything its report must not say. Toy
attacks (and those of ``skip_project`` and ``picks_project``) are graded where they
are; attacks on a real assignment (bisca, cardgame, hearts) are laid over a copy of its
reference solution, so only their own modules (or the edits of their ``edits.toml``)
differ from it. An honest
baseline is graded with the same phase and selection as its attack. Every attack is
found the way ``cardlab grade`` finds a submission's modules, and every report it gets
must render in each format as printable text within the judge's limits.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from support.attack_folders import over_reference
from support.call_limits import job_with_call_seconds
from support.process_names import processes_named
from support.tournament_deals import with_deals

from cardlab.course.project import Project
from cardlab.course.submissions import submission_folder
from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport
from cardlab.reports import FORMATS, render
from cardlab.worker.sandbox import MAX_LISTED_ENTRIES, MAX_MODULE_BYTES
from cardlab.worker.untrusted import MAX_NOTE, MAX_REPORT_MESSAGE, printable

HERE = Path(__file__).resolve().parent
CASES = tomllib.loads((HERE / "cases.toml").read_text(encoding="utf-8"))["case"]

pytestmark = pytest.mark.slow


def _pad(folder: Path) -> None:
    with (folder / "counter.py").open("a", encoding="utf-8") as module:
        module.write("#" * (MAX_MODULE_BYTES + 1) + "\n")


def _many_files(folder: Path) -> None:
    for number in range(MAX_LISTED_ENTRIES + 500):
        (folder / f"stray{number}.txt").write_text("")


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "counter.py")


SETUPS: dict[str, Callable[[Path], None]] = {
    "pad": _pad,
    "many-files": _many_files,
    "fifo": _fifo,
}


OVER_REFERENCE = ("bisca", "cardgame", "hearts", "kings_corner")
SKIP_PROJECT = Project(HERE / "skip_project")
PICKS_PROJECT = Project(HERE / "picks_project")
PROJECTS = {"skips": SKIP_PROJECT, "picks": PICKS_PROJECT}
"""The red-team suite's own assignments, each in a project of its own."""


def _submission(case: dict, tmp_path: Path, repo: Project) -> Path:
    """The folder to grade: the attack itself, or a copy prepared for it."""
    folder = HERE / "submissions" / case["name"]
    assignment = case.get("assignment", "toy")
    if assignment in OVER_REFERENCE:
        return _over_reference(folder, tmp_path / case["name"], repo, assignment)
    if "setup" not in case:
        return folder
    copy = tmp_path / case["name"]
    shutil.copytree(folder, copy, symlinks=True)
    SETUPS[case["setup"]](copy)
    return copy


def _over_reference(folder: Path, target: Path, repo: Project, assignment: str) -> Path:
    return over_reference(folder, target, repo.reference_dir(assignment))


def _project(assignment: str, repo: Project, toy: Project) -> Project:
    if assignment in OVER_REFERENCE:
        return repo
    return PROJECTS.get(assignment, toy)


ATTACK_DEALS = 6
"""Deals of a phase tournament that an attack (and its honest baseline) is graded with.

An attack on the tournament acts in every game it plays (it spies, sways the seed,
remembers, crashes late in a game), so 12 games show whatever the spec's 120 would;
the second play of each deal and the later deals still give an attack that remembers
earlier games something to remember. The baseline plays the same deals, so "no more
than honest work" compares like with like."""


def _grade(case: dict, submission: Path, repo: Project, toy: Project) -> GradeReport:
    """Grade as ``cardlab grade`` does, finding the modules in the folder first."""
    assignment, phase = case.get("assignment", "toy"), case.get("phase", 1)
    project = _project(assignment, repo, toy)
    modules = project.spec(assignment).submitted_modules(phase)
    with submission_folder(submission, modules) as folder:
        job = project_job(project, assignment, phase, folder)
        job = with_deals(job, ATTACK_DEALS)
        if "call_seconds" in case:
            job = job_with_call_seconds(job, case["call_seconds"])
        return run(job, case.get("select"))


def _most_allowed(case: dict, repo: Project, toy: Project, once) -> float:
    """The case's highest allowed score: a number, or that of an honest submission.

    An honest submission is graded once per run (``once``), whichever attacks share it.
    """
    allowed = case["max_score"]
    if isinstance(allowed, int | float):
        return allowed
    assignment = case.get("assignment", "toy")
    key = (allowed, assignment, case.get("phase"), case.get("select"))

    def make(folder: Path) -> float:
        honest = HERE / allowed
        if assignment in OVER_REFERENCE:
            honest = _over_reference(honest, folder / "honest", repo, assignment)
        return _grade(case, honest, repo, toy).score

    return once("honest-" + "-".join(str(part).replace("/", "_") for part in key), make)


def _check_within_limits(report: GradeReport) -> None:
    """Every report of every attack: printable, within the judge's sizes, in each format."""
    for test in report.tests:
        assert len(test.message) <= MAX_REPORT_MESSAGE + 100, test.name
        assert printable(test.message) == test.message, test.name
    for note in report.notes:
        assert len(note) <= MAX_NOTE + 100 and printable(note) == note
    for fmt in FORMATS:
        rendered = render(report, fmt)
        rendered.encode("utf-8")  # no lone surrogate: the report can be written
        assert printable(rendered) == rendered, fmt


def _report_text(report: GradeReport) -> str:
    lines = [*report.notes, *(test.message for test in report.tests)]
    return "\n".join(lines)


def test_every_attack_folder_has_a_case():
    folders = {path.name for path in (HERE / "submissions").iterdir()}
    assert folders == {case["name"] for case in CASES}
    assert len(folders) >= 30


@pytest.fixture(scope="module")
def layers(toy, tmp_path_factory) -> tuple[set[str], str]:
    """The confinement layers this machine gives a worker, and its notes on the others."""
    submission = tmp_path_factory.mktemp("honest")
    shutil.copy(toy.reference_dir("toy") / "counter.py", submission)
    report = run(project_job(toy, "toy", 1, submission), "test_add")
    return set(report.isolation), "; ".join(report.isolation_notes)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_attack_earns_no_more_than_honest_work(case, repo, toy, tmp_path, layers, once):
    applied, notes = layers
    lacking = [layer for layer in case.get("needs", []) if layer not in applied]
    if lacking:  # never run a fork bomb or a judge killer unconfined
        pytest.skip(f"this machine cannot give the worker {', '.join(lacking)} ({notes})")
    submission = _submission(case, tmp_path, repo)
    report = _grade(case, submission, repo, toy)
    text = _report_text(report)
    _check_within_limits(report)
    assert report.score <= _most_allowed(case, repo, toy, once), text
    causes = case["cause"] if isinstance(case["cause"], list) else [case["cause"]]
    assert any(cause in text for cause in causes), text
    for forbidden in case.get("absent", []):
        assert forbidden not in text
    for name in case.get("no_process", []):
        assert not processes_named(name), f"a process named {name} outlived its worker"


def test_the_report_file_is_the_judges(toy, tmp_path):
    """An attack that writes a forged report everywhere it can leaves the real one intact."""
    output = tmp_path / "out" / "report.json"
    output.parent.mkdir()
    output.write_text("{}")
    command = [
        sys.executable, "-m", "cardlab.cli", "grade", "toy", "--phase", "1",
        "--project", str(toy.root), "--submission", str(HERE / "submissions/fake-report-file"),
        "--format", "json", "--output", str(output),
    ]
    subprocess.run(command, cwd=tmp_path, check=True, capture_output=True)
    report = json.loads(output.read_text())
    assert report["format"] == "cardlab-report/1"
    assert report["score"] == 0 and report["parts"]
    assert not (tmp_path / "report.json").exists()
    assert not (tmp_path / "results.json").exists()


OUTSIDE = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("attack", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print(module.add(1, 2))
"""


@pytest.mark.parametrize(
    "case",
    [case for case in CASES if case.get("works_outside")],
    ids=[case["name"] for case in CASES if case.get("works_outside")],
)
def test_the_attack_works_outside_the_worker(case, repo):
    """Run unconfined, in the repository, the attack gets what the worker denies it."""
    module = HERE / "submissions" / case["name"] / "counter.py"
    result = subprocess.run(
        [sys.executable, "-c", OUTSIDE, str(module)],
        cwd=repo.root, capture_output=True, text=True, check=False, timeout=60,
    )
    assert result.stdout.strip() == "3", result.stderr


def test_ctrl_c_means_the_same_to_student_code_where_the_judge_ignores_it(
    repo, toy, tmp_path, layers, once
):
    case = next(case for case in CASES if case["name"] == "interrupts-judge")
    applied, notes = layers
    if "pid namespace" not in applied:  # never signal every process unconfined
        pytest.skip(f"this machine cannot give the worker a pid namespace ({notes})")
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a grade-all judge does
    try:
        report = _grade(case, _submission(case, tmp_path, repo), repo, toy)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert report.score <= _most_allowed(case, repo, toy, once), _report_text(report)
