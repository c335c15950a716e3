"""A class's deadline at work: each submission's time, due, penalty, or refusal.

:func:`class_timing` reads what a batch needs to apply its phase's deadline (the
submission times and the extensions, :mod:`.submission_times`) before anything is
written, and :func:`timing_of` makes one student's :class:`Timing` of it: what the
class store keeps beside the result. A submission refused as late is not graded.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..course.deadline import Deadline, Extension, judge_time
from ..course.spec import Phase
from ..course.submissions import Submission
from ..errors import CardlabError
from .submission_times import (
    SUBMISSIONS_CSV,
    SubmissionTime,
    file_time,
    read_extensions,
    read_submission_times,
)


@dataclass(frozen=True)
class Timing:
    """One submission under the phase's deadline, as the class store keeps it.

    Attributes:
        submitted_at: When it was made (ISO 8601), or ``""`` if that could not be read.
        time_source: Where that was read, or why it could not be.
        due: The due that applied (ISO 8601).
        penalty: The late penalty in points.
        refused: Whether it came after the last moment work is taken.
        cause: For a refused one, the line saying so.
    """

    submitted_at: str
    time_source: str
    due: str
    penalty: float = 0.0
    refused: bool = False
    cause: str = ""


@dataclass(frozen=True)
class ClassTiming:
    """What a batch knows of its submissions' times.

    Attributes:
        deadline: The phase's deadline.
        listed: Times from a ``submissions.csv``, by student.
        extensions: Extensions by student.
        times_file: The ``submissions.csv`` read, or None.
    """

    deadline: Deadline
    listed: dict[str, SubmissionTime]
    extensions: dict[str, Extension]
    times_file: Path | None

    def time_of(self, submission: Submission) -> SubmissionTime:
        """The submission's time: listed, or else read from its files."""
        listed = self.listed.get(submission.student)
        return listed or file_time(submission, self.deadline.zone)

    def unlisted(self, submissions: tuple[Submission, ...]) -> tuple[str, ...]:
        """Students a ``submissions.csv`` was read for but does not list."""
        if self.times_file is None:
            return ()
        return tuple(s.student for s in submissions if s.student not in self.listed)


def class_timing(
    phase: Phase,
    submissions_dir: Path,
    submissions: tuple[Submission, ...],
    times_file: Path | None = None,
    extensions_file: Path | None = None,
) -> ClassTiming | None:
    """Read the times and extensions a batch applies its deadline with.

    Args:
        phase: The graded phase.
        submissions_dir: The submissions folder (its ``submissions.csv`` is read when
            ``times_file`` is None).
        submissions: The submissions found in it.
        times_file: A ``submissions.csv`` named by option, or None.
        extensions_file: An extensions file, or None.

    Returns:
        The timing, or None when the phase has no deadline.

    Raises:
        CardlabError: A file named that does not exist, either file given for a phase
            without a deadline, or a wrong line in one (see :mod:`.submission_times`).
    """
    for option, path in (("--submission-times", times_file), ("--extensions", extensions_file)):
        if path is not None and not path.is_file():
            raise CardlabError(f"{option}: {path} is not a file")
    if phase.deadline is None:
        for option, path in (("--submission-times", times_file), ("--extensions", extensions_file)):
            if path is not None:
                raise CardlabError(
                    f"{option} {path}: phase {phase.number} has no [phase.deadline] in its spec"
                )
        return None
    deadline = phase.deadline
    if times_file is None and (submissions_dir / SUBMISSIONS_CSV).is_file():
        times_file = submissions_dir / SUBMISSIONS_CSV
    listed = read_submission_times(times_file, deadline, submissions) if times_file else {}
    extensions = read_extensions(extensions_file, deadline) if extensions_file else {}
    return ClassTiming(deadline, listed, extensions, times_file)


def timing_of(timing: ClassTiming, submission: Submission, max_score: float) -> Timing:
    """One submission's time, due and penalty, or its refusal as late."""
    deadline = timing.deadline.extended(timing.extensions.get(submission.student))
    when = timing.time_of(submission)
    due = deadline.due.isoformat()
    if when.moment is None:
        return Timing("", when.source, due)
    late = judge_time(deadline, when.moment)
    submitted = when.moment.isoformat()
    if late.refused:
        cause = (
            f"submitted {submitted} ({when.source}), after the last moment work was taken, "
            f"{late.last.isoformat()}: not graded"
        )
        return Timing(submitted, when.source, due, refused=True, cause=cause)
    return Timing(submitted, when.source, due, late.penalty(max_score))
