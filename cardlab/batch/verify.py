"""``cardlab grade-all --verify K``: grade a sample of a class again and compare.

A grade must not depend on the machine's load or on luck. Verification picks ``K``
graded submissions of a batch's database at random (from a seed that is printed, so the
same sample can be drawn again), grades each again in a judge process that has graded
nothing before, and compares the new verdict with the stored one: the status, the score
and each test's outcome (its status and the share of its weight earned). Times and
messages are not compared.

Only results that are current can be checked: graded, of the files the submissions
folder holds now, by the graders the project holds now, under the same course secret.
Nothing is written: the database is read, and the new verdicts are only compared.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..course.project import Project
from ..course.secret import secret_fingerprint
from ..course.submissions import Submission, content_hash, find_submissions
from ..errors import CardlabError
from .fingerprints import grader_hash
from .grade_all import BatchRequest, check_request, judges
from .judges import Assignment
from .store import DATABASE_NAME, GRADED, Outcome, ResultStore, Verdict

SEED_LIMIT = 1_000_000
"""Seeds drawn for a sample are below this: short enough to type back."""
ABSENT = "absent"
"""The outcome of a test that one of the two reports does not hold."""


@dataclass(frozen=True)
class Sample:
    """The submissions chosen to be graded again.

    Attributes:
        seed: The seed the choice was drawn from.
        chosen: The submissions chosen, by student id.
        checkable: How many graded results could have been chosen.
        left_out: Graded results that cannot be checked: the submission changed or is
            gone, or the graders changed since.
    """

    seed: int
    chosen: tuple[Submission, ...]
    checkable: int
    left_out: int


@dataclass(frozen=True)
class TestChange:
    """A test whose outcome differs between the stored report and the new one.

    Attributes:
        test: The test's id (with its part's id).
        stored: Its outcome in the stored report (``passed``, ``failed``, ``failed 0.5``
            for half its weight earned, or ``absent``).
        regraded: Its outcome in the new report.
    """

    test: str
    stored: str
    regraded: str


@dataclass(frozen=True)
class Disagreement:
    """A submission whose new grading differs from its stored result.

    Attributes:
        stored: The stored result.
        regraded: The new verdict.
        tests: The tests whose outcome changed (none when a grading did not report).
    """

    stored: Outcome
    regraded: Verdict
    tests: tuple[TestChange, ...]


def choose(candidates: Sequence[Submission], count: int, seed: int) -> tuple[Submission, ...]:
    """``count`` of the candidates drawn with ``seed``, by student id.

    The same candidates, count and seed always give the same choice.
    """
    ordered = sorted(candidates, key=lambda submission: submission.student)
    return tuple(sorted(random.Random(seed).sample(ordered, count), key=lambda s: s.student))


def new_seed() -> int:
    """A seed for a sample nobody asked to repeat."""
    return secrets.randbelow(SEED_LIMIT)


def sample(
    project: Project, request: BatchRequest, store: ResultStore, count: int, seed: int
) -> Sample:
    """Choose ``count`` of the batch's checkable results.

    Raises:
        CardlabError: The database was graded under another course secret, holds no
            result that can be checked, or fewer than ``count``.
    """
    stored_secret = store.secret()
    secret = secret_fingerprint(project.root)
    if stored_secret not in (None, secret):
        raise CardlabError(
            f"{request.output} was graded under another course secret ({stored_secret}, "
            f"this project's is {secret}), which gives other deals and seeds; copy that "
            "secret (see Grading a class) before verifying"
        )
    found = find_submissions(request.submissions, exclude=request.output)
    folders = {submission.student: submission for submission in found.submissions}
    graders = grader_hash(project, request.assignment, request.phase)
    graded = [outcome for outcome in store.all() if outcome.status == GRADED]
    checkable = [
        folders[outcome.student]
        for outcome in graded
        if outcome.student in folders
        and outcome.grader_hash == graders
        and outcome.content_hash == content_hash(folders[outcome.student])
    ]
    left_out = len(graded) - len(checkable)
    if not checkable:
        raise CardlabError(
            f"{request.output} holds no graded result to verify"
            + (
                f" ({left_out} are of files or graders changed since; run grade-all first)"
                if left_out
                else "; grade the class first"
            )
        )
    if count > len(checkable):
        changed = f" ({left_out} more are of files or graders changed since)" if left_out else ""
        raise CardlabError(
            f"--verify {count}: {request.output} holds only {len(checkable)} graded "
            f"result(s) that can be verified{changed}"
        )
    return Sample(seed, choose(checkable, count, seed), len(checkable), left_out)


def outcomes(report_json: str | None) -> dict[str, str]:
    """Each test's outcome in a report, by ``part/test id``."""
    if not report_json:
        return {}
    report = json.loads(report_json)
    return {
        f"{part['id']}/{test['id']}": _outcome(test["status"], test["fraction"])
        for part in report["parts"]
        for test in part["tests"]
    }


def _outcome(status: str, fraction: float) -> str:
    """``passed`` (all its weight), ``failed`` (none), else the status and the share."""
    usual = 1 if status == "passed" else 0
    return status if fraction == usual else f"{status} {fraction:g}"


def compare(stored: Outcome, regraded: Verdict) -> Disagreement | None:
    """How a new verdict differs from the stored result, or None if it agrees."""
    before, after = outcomes(stored.report_json), outcomes(regraded.report_json)
    tests = tuple(
        TestChange(test, before.get(test, ABSENT), after.get(test, ABSENT))
        for test in sorted(before.keys() | after.keys())
        if before.get(test) != after.get(test)
    )
    same = stored.status == regraded.status and stored.score == regraded.score
    return None if same and not tests else Disagreement(stored, regraded, tests)


def verify(
    project: Project,
    request: BatchRequest,
    count: int,
    seed: int,
    on_sample: Callable[[Sample], None] = lambda sample: None,
    on_result: Callable[[Verdict, Disagreement | None], None] = lambda verdict, differs: None,
) -> list[Disagreement]:
    """Grade ``count`` random results of a batch again and return those that differ.

    Args:
        project: The project holding the assignment.
        request: The batch (its submissions, output folder, jobs, time limit, scheduler).
        count: How many results to check.
        seed: The seed of the random choice.
        on_sample: Called once the sample is drawn, before grading starts.
        on_result: Called with each new verdict and how it differs (None: it agrees).

    Raises:
        CardlabError: A bad request (see :func:`~cardlab.batch.grade_all.check_request`),
            no results database in the output folder, or a sample that cannot be drawn
            (see :func:`sample`).
    """
    check_request(project, request)
    database = request.output / DATABASE_NAME
    _refuse_missing(database, request.output)
    target = Assignment(project.root, request.assignment, request.phase)
    max_score = project.spec(request.assignment).phase(request.phase).max_score
    with ResultStore(database, request.assignment, request.phase) as store:
        chosen = sample(project, request, store, count, seed)
        stored = {submission.student: store.get(submission.student) for submission in chosen.chosen}
    on_sample(chosen)
    differences = []
    with judges(project, target, max_score, request, tasks_per_judge=1) as pool:
        for verdict in pool.grade(chosen.chosen):
            earlier = stored[verdict.student]
            assert earlier is not None
            difference = compare(earlier, verdict)
            on_result(verdict, difference)
            if difference is not None:
                differences.append(difference)
    return sorted(differences, key=lambda difference: difference.stored.student)


def _refuse_missing(database: Path, output: Path) -> None:
    if not database.is_file():
        raise CardlabError(
            f"{output} holds no results of cardlab grade-all; grade the class first "
            "or name its folder with --output"
        )
