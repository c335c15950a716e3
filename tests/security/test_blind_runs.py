"""Graded student tests run blind: suites that tell implementations apart earn nothing.

Each folder of ``student_suites/`` is a student's test suite that checks nothing real and
instead tries to find out which implementation it runs on (by the run's options and
limits, by the other implementations' files, by state left from an earlier run, by
writing the answer to the judge itself, by a time limit turned into a catch), or to carry
a chaff's code into the report. Graded alone, each must catch nothing; graded beside the
honest suite of ``student_suites/honest``, it must leave the honest suite's credit as it
is, neither more nor less; no report may show code of a run on a chaff.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from cardlab.course.project import Project
from cardlab.judge import student_tests
from cardlab.judge.grading import project_job
from cardlab.judge.results import TestResult
from cardlab.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[2]
SUITES = Path(__file__).resolve().parent / "student_suites"
REFERENCE = ROOT / "reference" / "hearts"
GRADERS = ROOT / "graders" / "hearts"
CHAFFS = ("queen-worth-one", "moon-to-the-shooter", "highest-of-any-suit")
"""Three of phase 1's chaffs: the honest suite catches the first two."""
ATTACKS = sorted(path.name for path in SUITES.iterdir() if path.name != "honest")
FINGERPRINT = re.compile(r"FP:[0-9a-f]+")

pytestmark = pytest.mark.slow


def _part():
    part = next(p for p in Project(ROOT).spec("hearts").phase(1).parts if p.student_tests)
    settings = dataclasses.replace(part.student_tests, chaffs=CHAFFS)
    return dataclasses.replace(part, student_tests=settings)


def _grade(tmp_path: Path, *suites: str) -> list[TestResult]:
    submission = tmp_path / "submission"
    tests = submission / "tests"
    tests.mkdir(parents=True)
    for suite in suites:
        for path in (SUITES / suite).glob("test_*.py"):
            shutil.copyfile(path, tests / path.name)
    job = project_job(Project(ROOT), "hearts", 1, submission)
    setup = WorkerSetup(job.composition, job.codec_file, 65536)
    return student_tests.grade(_part(), setup, submission, REFERENCE, GRADERS)


def _no_chaff_code(results: list[TestResult]) -> None:
    """At most one fingerprint of code in the report: the wheat's, shown with its failure."""
    text = "\n".join(result.message for result in results)
    assert len(set(FINGERPRINT.findall(text))) <= 1, text


def test_the_honest_suite_catches_what_it_checks(tmp_path):
    chaffs = _grade(tmp_path, "honest")[1]
    assert "caught 2 of 3" in chaffs.message, chaffs.message
    assert "test_rules_honestly.py::test_the_queen_of_spades_is_worth_thirteen" in chaffs.message


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_suite_that_tells_implementations_apart_catches_nothing(tmp_path, attack):
    results = _grade(tmp_path, attack)
    chaffs = results[1]
    assert chaffs.fraction == 0.0, chaffs.message
    assert "caught 0 of 3" in chaffs.message
    _no_chaff_code(results)


@pytest.mark.parametrize("attack", ATTACKS)
def test_beside_an_honest_suite_it_changes_nothing(tmp_path, attack):
    honest = _grade(tmp_path / "honest", "honest")[1]
    results = _grade(tmp_path / "both", "honest", attack)
    assert results[1].fraction == honest.fraction, results[1].message
    assert "caught 2 of 3" in results[1].message
    _no_chaff_code(results)
