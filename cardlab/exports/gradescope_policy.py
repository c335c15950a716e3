"""The phase's deadline and hidden-run cap on Gradescope, from ``submission_metadata.json``.

Gradescope puts ``/autograder/submission_metadata.json`` beside each submission:
``created_at`` (when it was submitted), ``assignment`` (with ``due_date`` and
``late_due_date``, set in the assignment's settings, ``null`` when unset), ``users``
and ``previous_submissions`` (the student's earlier submissions, each with its
``submission_time``, ``score`` and ``results``). The autograder reads it
(``cardlab grade --gradescope-metadata FILE``) and applies the same rules as
``cardlab grade-all`` (:mod:`cardlab.course.deadline`):

* Deadline: only when the phase's spec has ``[phase.deadline]``, whose penalty, period
  and cap are used. The due and late due are Gradescope's when its metadata has a
  ``due_date`` (a user's own ``assignment`` dates first, where the metadata gives them:
  that is how Gradescope shows an extension), else the spec's. A submission after the
  last moment work is taken is not graded: its result is 0 points and says why. A late
  one loses its penalty from the total.
* Hidden runs: with ``[phase.gradescope] hidden_runs = K``, a student's first K
  submissions run the public and hidden tests; every later one runs the public tests
  only, for feedback, and keeps the score of the student's K-th submission (the last
  one graded in full), as Gradescope's guide suggests for limiting runs; its output
  says so, in place of the grading's own summary line. A public run's tests are shown
  worth 0 points, so that no one reads them as a grade.

A metadata file that cannot be read, is not JSON, or lacks ``created_at`` or has a time
that is not ISO 8601 is refused with one line naming the file and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..course.deadline import Deadline, Lateness, final_score, judge_time, parse_time
from ..course.spec import Phase
from ..errors import CardlabError

METADATA = "submission_metadata.json"


@dataclass(frozen=True)
class GradescopeSubmission:
    """What the metadata says of one submission.

    Attributes:
        created_at: When it was submitted.
        due: Gradescope's due for the student, or None when unset.
        late_due: Gradescope's late due for the student, or None when unset.
        previous: The earlier submissions' scores, oldest first.
    """

    created_at: datetime
    due: datetime | None
    late_due: datetime | None
    previous: tuple[float, ...]


@dataclass(frozen=True)
class GradescopePlan:
    """How the autograder treats one submission.

    Attributes:
        lateness: The deadline's verdict, or None when the phase has no deadline.
        public_only: Whether only the public tests run (past the hidden-run cap).
        kept_score: With ``public_only``, the score kept from the last full run.
        number: The submission's number among the student's (1 for the first).
        hidden_runs: The cap on full runs, or None.
    """

    lateness: Lateness | None
    public_only: bool
    kept_score: float
    number: int
    hidden_runs: int | None


def read_metadata(path: Path) -> GradescopeSubmission:
    """Read ``submission_metadata.json``.

    Raises:
        CardlabError: See the module's docstring.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else f"not JSON: {error}"
        raise CardlabError(f"{path}: cannot read Gradescope's metadata ({reason})") from None
    if not isinstance(data, dict) or not isinstance(data.get("created_at"), str):
        raise CardlabError(f"{path}: created_at: missing; Gradescope writes the submission time")
    assignment = data.get("assignment") if isinstance(data.get("assignment"), dict) else {}
    dates = _user_dates(data) or assignment or {}
    previous = data.get("previous_submissions") or []
    if not isinstance(previous, list):
        raise CardlabError(f"{path}: previous_submissions: not a list")
    return GradescopeSubmission(
        created_at=_time(path, "created_at", data["created_at"]),
        due=_optional_time(path, "due_date", dates.get("due_date")),
        late_due=_optional_time(path, "late_due_date", dates.get("late_due_date")),
        previous=tuple(_score(entry) for entry in _oldest_first(previous)),
    )


def _user_dates(data: dict[str, Any]) -> dict[str, Any] | None:
    """A student's own dates (an extension), where the metadata gives them."""
    users = data.get("users")
    if isinstance(users, list) and users and isinstance(users[0], dict):
        own = users[0].get("assignment")
        if isinstance(own, dict) and own.get("due_date"):
            return own
    return None


def _oldest_first(previous: list[Any]) -> list[Any]:
    entries = [entry for entry in previous if isinstance(entry, dict)]
    return sorted(entries, key=lambda entry: str(entry.get("submission_time", "")))


def _score(entry: dict[str, Any]) -> float:
    score = entry.get("score")
    return float(score) if isinstance(score, int | float) else 0.0


def _time(path: Path, field: str, text: str) -> datetime:
    try:
        return parse_time(text)
    except ValueError as error:
        raise CardlabError(f"{path}: {field}: {error}") from None


def _optional_time(path: Path, field: str, value: object) -> datetime | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise CardlabError(f"{path}: {field}: {value!r} is not a time")
    return _time(path, field, value)


def plan_submission(phase: Phase, submission: GradescopeSubmission) -> GradescopePlan:
    """How the phase's deadline and hidden-run cap treat a submission on Gradescope."""
    lateness = None
    if phase.deadline is not None:
        lateness = judge_time(_deadline(phase.deadline, submission), submission.created_at)
    number = len(submission.previous) + 1
    cap = phase.hidden_runs
    public_only = cap is not None and number > cap
    kept = submission.previous[cap - 1] if public_only and cap is not None else 0.0
    return GradescopePlan(lateness, public_only, kept, number, cap)


def _deadline(spec: Deadline, submission: GradescopeSubmission) -> Deadline:
    """The spec's deadline with Gradescope's dates, when it has a due date."""
    if submission.due is None:
        return spec
    return Deadline(submission.due, submission.late_due, spec.penalty, spec.per, spec.cap)


def refused_results(plan: GradescopePlan) -> dict[str, Any]:
    """The results of a submission refused as late: 0 points, and why, to the student."""
    assert plan.lateness is not None and plan.lateness.refused
    late = plan.lateness
    return {
        "score": 0,
        "output": (
            f"This submission was made at {late.submitted.isoformat()}, after the last "
            f"moment work is taken for this assignment ({late.last.isoformat()}), so it "
            "was not graded. If you have an extension, ask your instructor to record it."
        ),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [],
    }


def apply_plan(results: dict[str, Any], plan: GradescopePlan, max_score: float) -> dict[str, Any]:
    """Gradescope results with the hidden-run cap and the late penalty applied.

    Args:
        results: The results of the grading (public and hidden, or public only).
        plan: The submission's plan (not refused).
        max_score: The phase's points (a penalty is a share of them).
    """
    lines = []
    score = float(results["score"])
    if plan.public_only:
        for test in results["tests"]:
            if test.get("visibility") != "hidden":
                test["score"] = test["max_score"] = 0
        lines.append(
            f"This is your submission {plan.number}. The hidden tests run on your first "
            f"{plan.hidden_runs} submissions only, so this one ran the public tests alone, "
            f"as feedback. Your score stays that of submission {plan.hidden_runs}: "
            f"{plan.kept_score:g}. To count another submission, activate it in your "
            "submission history."
        )
        score = plan.kept_score
    late = plan.lateness
    if late is not None and late.percent and not plan.public_only:
        penalty = late.penalty(max_score)
        final = final_score(score, penalty)
        lines.append(
            f"Submitted {late.submitted.isoformat()}, after the due {late.due.isoformat()} "
            f"({late.periods} {late.per}(s) begun late): a late penalty of {penalty:g} points, "
            f"so {score:g} becomes {final:g}."
        )
        score = final
    results["score"] = score
    if lines:  # the grading's summary line first, unless it is not the score
        summary, _, notes = str(results.get("output", "")).partition("\n")
        head = [] if plan.public_only else [summary]
        results["output"] = "\n".join(line for line in [*head, *lines, notes] if line)
    return results
