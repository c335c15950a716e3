"""A phase's deadline and late policy, and what it makes of one submission's time.

A phase's ``[phase.deadline]`` table in the spec says when work is due (``due``), until
when late work is still taken (``late_due``, optional: without it nothing is taken after
``due``), how much is deducted for each started day or hour late (``penalty``, a
percentage of the phase's points, ``per = "day"`` or ``"hour"``) and at most (``cap``,
a percentage, 100 unless given). A submission at or before its due is on time; one
after it and at or before its late due loses ``penalty`` for every period begun,
never more than ``cap``; one after its late due (or after its due when there is no
late due) is refused as late: it is not graded and earns nothing.

An extension (:class:`Extension`) gives one student a due of their own; their late due
moves by as much, unless the extension names one.

Times are ISO 8601 (``2026-03-06T23:59:00+01:00``, ``...Z`` for UTC). The spec's times
must carry their offset, so that every machine (the instructor's, Gradescope's in UTC)
reads the same instant; a time read elsewhere (an extensions file, a ``submissions.csv``,
a zip's entry dates) without one is taken in the offset of the phase's ``due``, the
course's own clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from ..errors import CardlabError

DAY, HOUR = "day", "hour"
PERIODS = {DAY: timedelta(days=1), HOUR: timedelta(hours=1)}
FULL_CAP = 100.0


@dataclass(frozen=True)
class Deadline:
    """When a phase's work is due and what lateness costs.

    Attributes:
        due: When work is due.
        late_due: The last moment late work is taken, or None (nothing after ``due``).
        penalty: Percent of the phase's points deducted per started period late.
        per: The period: ``day`` or ``hour``.
        cap: The most percent deducted in all.
    """

    due: datetime
    late_due: datetime | None = None
    penalty: float = 0.0
    per: str = DAY
    cap: float = FULL_CAP

    @property
    def zone(self) -> tzinfo:
        """The offset of ``due``: the one a time without its own is read in."""
        zone = self.due.tzinfo
        assert zone is not None, "a deadline's due carries its offset (checked in the spec)"
        return zone

    def extended(self, extension: Extension | None) -> Deadline:
        """This deadline for a student with ``extension`` (itself without one)."""
        if extension is None:
            return self
        late_due = extension.late_due
        if late_due is None and self.late_due is not None:
            late_due = self.late_due + (extension.due - self.due)
        return Deadline(extension.due, late_due, self.penalty, self.per, self.cap)


@dataclass(frozen=True)
class Extension:
    """One student's own due (and late due, if named).

    Attributes:
        student: The student's id.
        due: The student's due.
        late_due: The student's late due, or None to move the phase's by as much as the due.
        source: The file and line it came from (``extensions.csv:3``).
    """

    student: str
    due: datetime
    late_due: datetime | None = None
    source: str = ""


@dataclass(frozen=True)
class Lateness:
    """What a deadline makes of one submission's time.

    Attributes:
        submitted: When it was submitted.
        due: The due that applied (the student's extension, if any).
        last: The last moment it could be taken: the late due, or the due without one.
        periods: Periods begun after the due (0 when on time).
        percent: Percent of the phase's points deducted.
        refused: Whether it came after ``last``: not graded, no points.
        per: The period counted: ``day`` or ``hour``.
    """

    submitted: datetime
    due: datetime
    last: datetime
    periods: int
    percent: float
    refused: bool
    per: str = DAY

    def penalty(self, max_score: float) -> float:
        """The points deducted from a phase worth ``max_score``."""
        return round(max_score * self.percent / 100, 2)


def judge_time(deadline: Deadline, submitted: datetime) -> Lateness:
    """Whether a submission at ``submitted`` is on time, late (with its penalty) or refused."""
    last = deadline.late_due or deadline.due
    late_by = submitted - deadline.due
    periods = 0 if late_by <= timedelta(0) else math.ceil(late_by / PERIODS[deadline.per])
    refused = submitted > last
    percent = 0.0 if refused else min(deadline.cap, periods * deadline.penalty)
    return Lateness(submitted, deadline.due, last, periods, percent, refused, deadline.per)


def final_score(total: float, penalty: float) -> float:
    """A total after a late penalty in points, never below 0."""
    return max(0.0, round(total - penalty, 2))


def parse_time(text: str, zone: tzinfo | None = None) -> datetime:
    """An ISO 8601 time; one without an offset is taken in ``zone``.

    Raises:
        ValueError: ``text`` is not an ISO 8601 time, or has no offset and no ``zone``
            is given (the message says which).
    """
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(
            f"{text!r} is not an ISO 8601 time (like 2026-03-06T23:59:00+01:00)"
        ) from None
    if moment.tzinfo is not None:
        return moment
    if zone is None:
        raise ValueError(
            f"{text!r} has no UTC offset; write it with one, like {moment.isoformat()}+01:00"
        )
    return moment.replace(tzinfo=zone)


def deadline_from_spec(raw: dict, where: str) -> Deadline:
    """The deadline of a phase's ``[phase.deadline]`` table (checked by the schema).

    Args:
        raw: The table, its times as text.
        where: The file and key of the table, for errors (``specs/x.toml: phase[0].deadline``).

    Raises:
        CardlabError: A time that is not ISO 8601 or has no offset, a late due not after
            the due, or a penalty without a late due to apply it in (one line).
    """
    times: dict[str, datetime] = {}
    for key in ("due", "late_due"):
        if key in raw:
            try:
                times[key] = parse_time(raw[key])
            except ValueError as error:
                raise CardlabError(f"{where}.{key}: {error}") from None
    due, late_due = times["due"], times.get("late_due")
    if late_due is not None and late_due <= due:
        raise CardlabError(f"{where}.late_due: {raw['late_due']} is not after due {raw['due']}")
    penalty = float(raw.get("penalty", 0))
    if penalty and late_due is None:
        raise CardlabError(
            f"{where}.penalty: a penalty applies to work taken after due; give late_due, "
            "the last moment late work is taken"
        )
    return Deadline(due, late_due, penalty, raw.get("per", DAY), float(raw.get("cap", FULL_CAP)))


def describe(deadline: Deadline) -> str:
    """The policy in one line, for reports and the terminal."""
    if deadline.late_due is None:
        return f"due {deadline.due.isoformat()}; nothing is taken after it"
    cost = (
        f"{deadline.penalty:g}% of the points per {deadline.per} begun, at most {deadline.cap:g}%"
        if deadline.penalty
        else "no penalty"
    )
    until = deadline.late_due.isoformat()
    return f"due {deadline.due.isoformat()}, late work taken until {until} ({cost})"
