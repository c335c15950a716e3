"""`cardlab grade-all` under a deadline: times, penalties, extensions, refusals, bad files.

The class is the toy assignment's (tests/toy_project) with a deadline on phase 1: due
2026-03-06 23:59 +01:00, late work taken for three more days at 10 % a day begun, at
most 25 %. Each test grades a real batch of a few toy submissions.
"""

from __future__ import annotations

import csv
import os
import sqlite3
import struct
import textwrap
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.toy_class import BUGGY, GOOD
from support.toy_deadline import toy_with_deadline

from cardlab.batch.store import DATABASE_NAME, ResultStore
from cardlab.cli import main

TIMES = (
    "student,time,file\n"
    "ann,2026-03-06T20:00:00+01:00,ann\n"  # on time
    "bob,2026-03-08T10:00:00+01:00,bob\n"  # 2 days begun: 20 %
    "cy,2026-03-09 12:00,cy\n"  # no offset: the due's; 3 days begun, capped at 25 %
    "dan,2026-03-10T08:00:00+01:00,dan\n"  # after the late due: refused
    "eve,2026-03-07T09:00:00+01:00,eve\n"  # late, but her extension makes it on time
)
EXTENSIONS = "student,due\neve,2026-03-07T23:59:00+01:00\n"


@pytest.fixture
def project(toy, tmp_path):
    return toy_with_deadline(toy, tmp_path / "project")


def _student(subs: Path, name: str, source: str) -> Path:
    folder = subs / name
    folder.mkdir(parents=True)
    (folder / "counter.py").write_text(textwrap.dedent(source))
    return folder


def _cli(project, *args: str):
    return CliRunner().invoke(main, [*args, "--project", str(project.root)])


def _grade_all(project, subs: Path, output: Path, *options: str):
    arguments = ["grade-all", "toy", "--phase", "1", str(subs), "--output", str(output)]
    return _cli(project, *arguments, "--jobs", "2", *options)


def _rows(output: Path) -> dict[str, dict]:
    db = sqlite3.connect(output / DATABASE_NAME)
    db.row_factory = sqlite3.Row
    try:
        return {row["student"]: dict(row) for row in db.execute("SELECT * FROM results")}
    finally:
        db.close()


def _csv(path: Path) -> dict[str, dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as file:
        return {row["student_id"]: row for row in csv.DictReader(file)}


def _class(tmp_path: Path) -> Path:
    subs = tmp_path / "subs"
    for name in ("ann", "cy", "dan", "eve"):
        _student(subs, name, GOOD)
    _student(subs, "bob", BUGGY)
    (subs / "submissions.csv").write_text(TIMES)
    return subs


def test_penalties_by_the_day_the_cap_an_extension_and_a_refusal(project, tmp_path):
    subs = _class(tmp_path)
    (tmp_path / "extensions.csv").write_text(EXTENSIONS)
    output = tmp_path / "out"

    result = _grade_all(project, subs, output, "--extensions", str(tmp_path / "extensions.csv"))

    assert result.exit_code == 0, result.output
    rows = _rows(output)
    finals = {s: (row["status"], row["score"], row["penalty"]) for s, row in rows.items()}
    assert finals == {
        "ann": ("graded", 100, 0),
        "bob": ("graded", 60, 20),
        "cy": ("graded", 100, 25),
        "dan": ("late-refused", 0, 0),
        "eve": ("graded", 100, 0),
    }
    assert rows["dan"]["report_json"] is None  # never graded
    assert "after the last moment work was taken, 2026-03-09T23:59:00+01:00" in rows["dan"]["cause"]
    assert rows["cy"]["submitted_at"] == "2026-03-09T12:00:00+01:00"
    assert rows["cy"]["time_source"] == "submissions.csv:4"
    assert rows["eve"]["due"] == "2026-03-07T23:59:00+01:00"
    gradebook = _csv(output / "gradebook.csv")
    assert gradebook["bob"] == {
        "student_id": "bob",
        "total": "40.0",
        "raw": "60.0",
        "late_penalty": "20.0",
        "submitted_at": "2026-03-08T10:00:00+01:00",
        "add": "0.0",
        "tally": "60.0",
        "status": "graded",
    }
    assert (gradebook["cy"]["total"], gradebook["dan"]["total"]) == ("75.0", "0.0")
    assert gradebook["dan"]["status"] == "late-refused"
    status = _csv(output / "status.csv")
    assert status["dan"]["submitted_at"] == "2026-03-10T08:00:00+01:00"
    assert status["bob"]["late_penalty"] == "20.0"
    report = (output / "reports" / "bob.txt").read_text()
    assert "Late penalty: 20 points; final score 40 / 100 (before the penalty 60)." in report
    assert (output / "reports" / "dan.txt").read_text().startswith("Not graded (late-refused)")
    said = " ".join(result.output.split())
    assert "4 to grade, 0 already graded and unchanged, 1 refused as late" in said
    assert "dan: late-refused: submitted 2026-03-10T08:00:00+01:00 (submissions.csv:5)" in said
    assert "Late: 2 graded with a penalty" in said
    assert "Left out of these figures: 1 late-refused" in said
    assert "Left out 1 stray" not in said  # the submissions.csv read is no stray

    moodle = tmp_path / "moodle.csv"
    exported = _cli(
        project,
        "export",
        "moodle",
        "toy",
        "--phase",
        "1",
        "--grades",
        str(output),
        "--output",
        str(moodle),
    )
    assert exported.exit_code == 0, exported.output
    with moodle.open(newline="") as file:
        totals = {row[0]: row[1] for row in list(csv.reader(file))[1:]}
    assert totals == {"ann": "100.0", "bob": "40.0", "cy": "75.0", "dan": "0.0", "eve": "100.0"}
    assert "1 submission(s) were refused as late, total 0: dan" in exported.output
    assert "2 total(s) are after a late penalty: bob, cy" in exported.output


def test_a_new_extension_grades_a_refused_one_and_reprices_the_rest_without_grading(
    project, tmp_path
):
    subs = _class(tmp_path)
    output = tmp_path / "out"
    assert _grade_all(project, subs, output).exit_code == 0
    first = _rows(output)
    assert first["dan"]["status"] == "late-refused" and first["eve"]["penalty"] == 10

    extensions = tmp_path / "extensions.csv"
    extensions.write_text(
        "student,due,late_due\n"
        "dan,2026-03-09T23:59:00+01:00,2026-03-12T23:59:00+01:00\n"
        "eve,2026-03-07T23:59:00+01:00,\n"
    )
    result = _grade_all(project, subs, output, "--extensions", str(extensions))

    assert result.exit_code == 0, result.output
    second = _rows(output)
    assert (second["dan"]["status"], second["dan"]["score"], second["dan"]["penalty"]) == (
        "graded",
        100,
        10,  # a day begun after his own due
    )
    assert second["eve"]["penalty"] == 0 and second["eve"]["gradings"] == 1
    assert second["eve"]["graded_at"] == first["eve"]["graded_at"]  # not graded again
    assert second["ann"] == first["ann"]


def test_marks_given_by_hand_count_before_the_penalty(project, tmp_path):
    subs = _class(tmp_path)
    output = tmp_path / "out"
    assert _grade_all(project, subs, output).exit_code == 0
    marks = tmp_path / "marks.csv"
    marks.write_text("student,part,points,comment\nbob,add,40,the sign test was wrong\n")

    result = _cli(
        project, "marks", "import", "toy", "--phase", "1", str(marks), "--output", str(output)
    )

    assert result.exit_code == 0, result.output
    bob = _csv(output / "gradebook.csv")["bob"]
    assert (bob["raw"], bob["late_penalty"], bob["total"]) == ("100.0", "20.0", "80.0")


def _zip(path: Path, stamp: tuple[int, ...], utc: datetime | None = None) -> Path:
    info = zipfile.ZipInfo("counter.py", date_time=stamp)
    if utc is not None:  # Info-ZIP's extended timestamp: flags (mtime), then mtime in UTC
        info.extra = struct.pack("<HHBi", 0x5455, 5, 1, int(utc.timestamp()))
    with zipfile.ZipFile(path, "w") as bundle:
        bundle.writestr(info, textwrap.dedent(GOOD))
    return path


def test_without_a_submissions_csv_the_times_come_from_the_zips_and_folders(project, tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    _zip(subs / "fay.zip", (2026, 3, 7, 10, 0, 0))  # local time, read at +01:00: 1 day late
    # the extended timestamp rules over the local time beside it: after the late due
    _zip(subs / "gus.zip", (2026, 3, 1, 10, 0, 0), utc=datetime(2026, 3, 10, 12, tzinfo=UTC))
    folder = _student(subs, "hal", GOOD)
    moment = datetime(2026, 3, 6, 21, 0, tzinfo=UTC).timestamp()  # 22:00 +01:00: on time
    os.utime(folder / "counter.py", (moment, moment))
    output = tmp_path / "out"

    result = _grade_all(project, subs, output)

    assert result.exit_code == 0, result.output
    rows = _rows(output)
    assert (rows["fay"]["penalty"], rows["fay"]["time_source"]) == (10, "zip entries")
    assert rows["fay"]["submitted_at"] == "2026-03-07T10:00:00+01:00"
    assert rows["gus"]["status"] == "late-refused"
    assert rows["gus"]["submitted_at"] == "2026-03-10T12:00:00+00:00"
    assert (rows["hal"]["penalty"], rows["hal"]["time_source"]) == (0, "folder's files")
    assert "times from each zip's entries or folder's files" in " ".join(result.output.split())


def test_a_submission_missing_from_the_submissions_csv_is_timed_by_its_files(project, tmp_path):
    subs = tmp_path / "subs"
    _student(subs, "ann", GOOD)
    _zip(subs / "fay.zip", (2026, 3, 7, 10, 0, 0))
    (subs / "submissions.csv").write_text("student,time\nann,2026-03-06T20:00:00+01:00\n")

    result = _grade_all(project, subs, tmp_path / "out")

    assert result.exit_code == 0, result.output
    assert _rows(tmp_path / "out")["fay"]["time_source"] == "zip entries"
    assert "timed by their files: fay" in " ".join(result.output.split())


BAD_TIMES = [
    ("student,time,file\nann,soon,ann\n", "submissions.csv:2: time: 'soon' is not an ISO 8601"),
    ("student,time\nzed,2026-03-06T20:00:00+01:00\n", "submissions.csv:2: student: 'zed' has no"),
    (
        "student,time,file\nann,2026-03-06T20:00:00+01:00,ann.zip\n",
        "submissions.csv:2: file: 'ann.zip' is not ann's",
    ),
    (
        "student,time\nann,2026-03-06T20:00:00+01:00\nann,2026-03-06T21:00:00+01:00\n",
        "submissions.csv:3: student: 'ann' is listed already on line 2",
    ),
    ("student,when\nann,x\n", "submissions.csv:1: unknown column 'when'"),
    ("student,time\nann\n", "submissions.csv:2: 1 fields where the header has 2"),
]
BAD_EXTENSIONS = [
    (
        "student,due\nann,2026-03-01T00:00:00+01:00\n",
        "extensions.csv:2: due: 2026-03-01T00:00:00+01:00 is before",
    ),
    (
        "student,due,late_due\nann,2026-03-08T00:00:00+01:00,2026-03-07T00:00:00+01:00\n",
        "extensions.csv:2: late_due:",
    ),
    (
        "student,due\nann,2026-03-08\nann,2026-03-09\n",
        "extensions.csv:3: student: 'ann' has an extension",
    ),
    ("student,due\nann,tomorrow\n", "extensions.csv:2: due: 'tomorrow' is not an ISO 8601"),
    ("student\nann\n", "extensions.csv:1: no 'due' column"),
    (b"\xff\xfe not text", "cannot read the extensions (it is not UTF-8 text)"),
]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [("submissions.csv", *case) for case in BAD_TIMES]
    + [("extensions.csv", *case) for case in BAD_EXTENSIONS],
)
def test_a_wrong_times_or_extensions_file_is_one_line_and_changes_nothing(
    project, tmp_path, name, text, message
):
    subs = tmp_path / "subs"
    _student(subs, "ann", GOOD)
    output = tmp_path / "out"
    (subs / "submissions.csv").write_text("student,time\nann,2026-03-07T20:00:00+01:00\n")
    assert _grade_all(project, subs, output).exit_code == 0
    before = (output / DATABASE_NAME).read_bytes()
    wrong = tmp_path / name
    if isinstance(text, bytes):
        wrong.write_bytes(text)
    else:
        wrong.write_text(text)
    option = "--submission-times" if name == "submissions.csv" else "--extensions"

    result = _grade_all(project, subs, output, option, str(wrong), "--regrade")

    assert result.exit_code == 2, result.output
    assert message in result.output
    assert result.output.startswith(f"cardlab: {wrong}")
    assert len(result.output.strip().splitlines()) == 1
    assert (output / DATABASE_NAME).read_bytes() == before


def test_times_or_extensions_for_a_phase_without_a_deadline_are_refused(toy, tmp_path):
    subs = tmp_path / "subs"
    _student(subs, "ann", GOOD)
    extensions = tmp_path / "extensions.csv"
    extensions.write_text(EXTENSIONS)
    arguments = ["grade-all", "toy", "--phase", "2", str(subs), "--output", str(tmp_path / "out")]

    result = CliRunner().invoke(
        main, [*arguments, "--extensions", str(extensions), "--project", str(toy.root)]
    )

    assert result.exit_code == 2
    assert "phase 2 has no [phase.deadline] in its spec" in result.output
    assert not (tmp_path / "out").exists()


SCHEMA_3_RESULTS = """CREATE TABLE results (
    student TEXT PRIMARY KEY, source TEXT NOT NULL, content_hash TEXT NOT NULL,
    grader_hash TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('graded', 'empty', 'rejected', 'failed')),
    score REAL NOT NULL, max_score REAL NOT NULL, cause TEXT NOT NULL, report_json TEXT,
    report_text TEXT, graded_at TEXT NOT NULL, seconds REAL NOT NULL, gradings INTEGER NOT NULL
)"""
SCHEMA_3_MARKS = """CREATE TABLE marks (
    student TEXT NOT NULL, part TEXT NOT NULL, points REAL NOT NULL, comment TEXT NOT NULL,
    source TEXT NOT NULL, marked_at TEXT NOT NULL, PRIMARY KEY (student, part)
)"""


def test_a_store_of_schema_3_is_upgraded_keeping_its_results_and_marks(tmp_path):
    path = tmp_path / DATABASE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE batch (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.executemany("INSERT INTO batch VALUES (?, ?)", [("assignment", "toy"), ("phase", "1")])
    db.execute(SCHEMA_3_RESULTS)
    db.execute(SCHEMA_3_MARKS)
    db.execute(
        "INSERT INTO results VALUES ('ann', 'ann', 'h', 'g', 'graded', 90, 100, '',"
        " '{}', 'text', 'then', 1.5, 1)"
    )
    db.execute("INSERT INTO marks VALUES ('ann', 'add', 4, 'ok', 'm.csv:2', 'then')")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()

    with ResultStore(path, "toy", 1) as store:
        ann = store.get("ann")
        assert (ann.score, ann.penalty, ann.submitted_at, ann.final_score) == (90, 0, "", 90)
        assert [m.points for m in store.marks()] == [4]
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4
        db.execute("UPDATE results SET status = 'late-refused'")  # the new status is allowed
    finally:
        db.close()
