"""What decides a batch's results besides the submissions, as hashes.

:func:`grader_hash` is the hash of everything that grades (cardlab, the spec, the
reference, the graders, the phase): a stored result is current while it is unchanged.
:func:`secret_digest` compares course secrets without sending one. A
:class:`WorkerCheck` carries both to the machines that run a batch's tasks, which
compare them with their own copy of the project (see :mod:`.cluster`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import cardlab

from ..course.project import Project
from ..course.secret import course_secret
from ..course.submissions import tree_hash


@dataclass(frozen=True)
class WorkerCheck:
    """What a process running a batch's tasks must have, as the driver has it.

    Attributes:
        version: cardlab's version.
        root: The project folder (the same path on every machine).
        assignment: The assignment id.
        phase: The phase number.
        graders: The hash of the spec, reference and graders (see :func:`grader_hash`).
        children: True when the tasks start processes of their own with
            ``multiprocessing`` (a grading's judge), which a daemonic process cannot.
        secret: The SHA-256 of the course secret, when the tasks read it from the
            project (a grading's seeds); ``""`` when they are given it (a tournament's).
    """

    version: str
    root: str
    assignment: str
    phase: int
    graders: str
    children: bool = False
    secret: str = ""


def grader_hash(project: Project, assignment: str, phase: int) -> str:
    """A hash of everything that decides a grade other than the submission."""
    folders = [
        project.spec_path(assignment),
        *project.reference_dirs(project.spec(assignment)).values(),
        project.graders_dir(assignment),
    ]
    return tree_hash(folders, cardlab.__version__, f"phase {phase}")


def secret_digest(root: Path) -> str:
    """The SHA-256 of a project's course secret (to compare secrets without sending one)."""
    return hashlib.sha256(course_secret(root)).hexdigest()


def worker_check(project: Project, assignment: str, phase: int, grading: bool) -> WorkerCheck:
    """What a cluster's worker needs to run this batch's tasks (see :mod:`.cluster`).

    Args:
        project: The project holding the assignment.
        assignment: The assignment id.
        phase: The phase number.
        grading: True for gradings, which start a judge process and read the course
            secret from the project; False for a tournament's matches.
    """
    graders = grader_hash(project, assignment, phase)
    secret = secret_digest(project.root) if grading else ""
    return WorkerCheck(
        cardlab.__version__, str(project.root), assignment, phase, graders, grading, secret
    )
