"""A phase's deadline: on time, late by the day or the hour, capped, extended, refused.

Also the spec's ``[phase.deadline]`` table: read with TOML's own times or text, and a
malformed one refused in one line naming the file and the key.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.toy_deadline import DUE, toy_with_deadline

from cardlab.cli import main
from cardlab.course.deadline import Deadline, Extension, final_score, judge_time, parse_time
from cardlab.course.spec import load_spec
from cardlab.errors import CardlabError

ZONE = timezone(timedelta(hours=1))
DUE_AT = datetime(2026, 3, 6, 23, 59, tzinfo=ZONE)
LATE_DUE_AT = DUE_AT + timedelta(days=3)
BY_DAY = Deadline(DUE_AT, LATE_DUE_AT, penalty=10, per="day", cap=25)
BY_HOUR = Deadline(DUE_AT, LATE_DUE_AT, penalty=2, per="hour", cap=100)


def test_a_submission_at_or_before_its_due_is_on_time():
    for moment in (DUE_AT - timedelta(days=2), DUE_AT):
        late = judge_time(BY_DAY, moment)
        assert (late.periods, late.percent, late.refused) == (0, 0, False)
        assert late.penalty(100) == 0


@pytest.mark.parametrize(
    ("after", "periods", "percent"),
    [
        (timedelta(seconds=1), 1, 10),  # a day begun is a day
        (timedelta(days=1), 1, 10),
        (timedelta(days=1, minutes=1), 2, 20),
        (timedelta(days=2, hours=5), 3, 25),  # 30 % capped at 25 %
    ],
)
def test_late_by_the_day_costs_each_day_begun_up_to_the_cap(after, periods, percent):
    late = judge_time(BY_DAY, DUE_AT + after)
    assert (late.periods, late.percent, late.refused) == (periods, percent, False)
    assert late.penalty(80) == round(80 * percent / 100, 2)


def test_late_by_the_hour_costs_each_hour_begun():
    late = judge_time(BY_HOUR, DUE_AT + timedelta(hours=3, minutes=10))
    assert (late.periods, late.percent) == (4, 8)
    assert late.penalty(50) == 4.0


def test_after_the_late_due_is_refused_and_without_a_late_due_after_the_due():
    assert judge_time(BY_DAY, LATE_DUE_AT).refused is False
    refused = judge_time(BY_DAY, LATE_DUE_AT + timedelta(seconds=1))
    assert refused.refused and refused.percent == 0 and refused.last == LATE_DUE_AT
    strict = Deadline(DUE_AT)
    assert not judge_time(strict, DUE_AT).refused
    assert judge_time(strict, DUE_AT + timedelta(seconds=1)).refused


def test_an_extension_moves_the_due_and_the_late_due_with_it():
    extended = BY_DAY.extended(Extension("ann", DUE_AT + timedelta(days=2)))
    assert extended.due == DUE_AT + timedelta(days=2)
    assert extended.late_due == LATE_DUE_AT + timedelta(days=2)
    assert judge_time(extended, DUE_AT + timedelta(days=1)).percent == 0
    own = BY_DAY.extended(
        Extension("ann", DUE_AT + timedelta(days=1), DUE_AT + timedelta(days=1, hours=1))
    )
    assert judge_time(own, DUE_AT + timedelta(days=1, hours=2)).refused
    assert BY_DAY.extended(None) is BY_DAY


def test_the_final_score_is_the_total_less_the_penalty_never_below_zero():
    assert final_score(73.5, 10) == 63.5
    assert final_score(5, 25) == 0


def test_a_time_without_an_offset_takes_the_zone_given_or_is_refused():
    assert parse_time("2026-03-06T12:00:00Z") == datetime(2026, 3, 6, 12, tzinfo=UTC)
    assert parse_time("2026-03-06 12:00", ZONE).utcoffset() == timedelta(hours=1)
    with pytest.raises(ValueError, match="has no UTC offset"):
        parse_time("2026-03-06T12:00:00")
    with pytest.raises(ValueError, match="is not an ISO 8601 time"):
        parse_time("next friday", ZONE)


def _spec(tmp_path: Path, toy, table: str) -> Path:
    project = toy_with_deadline(toy, tmp_path / "project", table)
    return project.spec_path("toy")


def test_the_spec_reads_toml_times_and_text_times(toy, tmp_path):
    spec = load_spec(_spec(tmp_path, toy, f'\n  [phase.deadline]\n  due = "{DUE}"\n'))
    deadline = spec.phase(1).deadline
    assert deadline == Deadline(DUE_AT)
    assert spec.phase(2).deadline is None and spec.phase(1).hidden_runs is None
    table = f"\n  [phase.deadline]\n  due = {DUE}\n  [phase.gradescope]\n  hidden_runs = 3\n"
    native = load_spec(_spec(tmp_path / "native", toy, table))
    assert native.phase(1).deadline == Deadline(DUE_AT) and native.phase(1).hidden_runs == 3


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            "due = 2026-03-06T23:59:00",
            "phase[0].deadline.due: '2026-03-06T23:59:00' has no UTC offset",
        ),
        ('due = "friday"', "phase[0].deadline.due: 'friday' is not an ISO 8601 time"),
        (f'due = {DUE}\n  late_due = "2026-03-01T00:00:00+01:00"', "phase[0].deadline.late_due:"),
        (f"due = {DUE}\n  penalty = 10", "phase[0].deadline.penalty: a penalty applies"),
        (f"due = {DUE}\n  penalty = 150", "phase[0].deadline.penalty: 150 is greater than"),
        (f'due = {DUE}\n  per = "week"', "phase[0].deadline.per: 'week' is not one of"),
        (f"due = {DUE}\n  grace = 1", "phase[0].deadline: Additional properties"),
        ("late_due = 2026-03-06T23:59:00+01:00", "phase[0].deadline: 'due' is a required"),
    ],
    ids=[
        "no-offset",
        "not-a-time",
        "late-before-due",
        "penalty-alone",
        "penalty-150",
        "per",
        "unknown",
        "no-due",
    ],
)
def test_a_malformed_deadline_is_one_line_naming_file_and_key(toy, tmp_path, table, message):
    path = _spec(tmp_path, toy, f"\n  [phase.deadline]\n  {table}\n")
    with pytest.raises(CardlabError) as error:
        load_spec(path)
    assert str(error.value).startswith(f"{path}: ")
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_the_cli_refuses_a_malformed_deadline_with_status_2(toy, tmp_path):
    project = toy_with_deadline(toy, tmp_path / "project", "\n  [phase.deadline]\n  due = 3\n")
    (tmp_path / "subs" / "ann").mkdir(parents=True)
    result = CliRunner().invoke(
        main,
        [
            "grade-all",
            "toy",
            "--phase",
            "1",
            str(tmp_path / "subs"),
            "--project",
            str(project.root),
        ],
    )
    assert result.exit_code == 2
    assert "phase[0].deadline.due: 3 is not of type 'string'" in result.output
    assert len(result.output.strip().splitlines()) == 1
