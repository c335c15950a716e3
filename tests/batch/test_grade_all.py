"""`cardlab grade-all`: a class graded in parallel, every result kept, bad input refused.

The batches use the toy assignment (tests/toy_project), whose submissions grade in
well under a second, so each test runs a real batch of real judge processes.
"""

from __future__ import annotations

import csv
import functools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.call_limits import SHARED_CALL_SECONDS, timed_out, with_call_seconds
from support.process_names import processes_named
from support.toy_submissions import GOOD_TALLY, with_add

from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.batch.store import DATABASE_NAME
from cardlab.cli import main

TOY_ROOT = Path(__file__).resolve().parents[1] / "toy_project"

BUGGY = with_add("        return a - b")
# it sleeps rather than spins: the call limit is the same, the cores stay free
HANGING = with_add("        import time\n        time.sleep(3600)")
CRASHING = with_add("        import os\n        os._exit(3)")
BROKEN = "def add(a, b:\n    return a + b\n"


def _reference_counter() -> str:
    return (TOY_ROOT / "reference" / "toy" / "counter.py").read_text()


def _student(folder: Path, source: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "counter.py").write_text(textwrap.dedent(source))
    return folder


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as bundle:
        for name, text in files.items():
            bundle.writestr(name, text)
    return path


def _rows(output: Path) -> dict[str, dict]:
    db = sqlite3.connect(output / DATABASE_NAME)
    db.row_factory = sqlite3.Row
    try:
        return {row["student"]: dict(row) for row in db.execute("SELECT * FROM results")}
    finally:
        db.close()


def _gradebook(output: Path) -> dict[str, dict]:
    with (output / "gradebook.csv").open(newline="") as file:
        return {row["student_id"]: row for row in csv.DictReader(file)}


def _grade_all(toy, submissions: Path, output: Path, **options) -> list:
    return grade_all(toy, BatchRequest("toy", 1, submissions, output, jobs=2, **options))


def _cli(*args: str, project: Path = TOY_ROOT):
    return CliRunner().invoke(main, [*args, "--project", str(project)])


def test_a_mixed_batch_grades_each_submission_on_its_own(toy, tmp_path):
    subs = tmp_path / "subs"
    _student(subs / "good", _reference_counter())
    _student(subs / "buggy", BUGGY)
    _student(subs / "hanging", HANGING)
    _student(subs / "crashing", CRASHING)
    _student(subs / "broken", BROKEN)
    (subs / "empty").mkdir()
    _zip(subs / "zipped.zip", {"zipped/toy/counter.py": _reference_counter()})
    (subs / "corrupt.zip").write_bytes(b"PK\x03\x04 this is not a zip")
    output = tmp_path / "out"
    # the hanging submission's three calls to add wait out the limit, which the other
    # submissions' honest calls share: generous, and no more
    project = with_call_seconds(toy, tmp_path / "toy", "toy", SHARED_CALL_SECONDS).root

    result = _cli(
        "grade-all",
        "toy",
        "--phase",
        "1",
        str(subs),
        "--output",
        str(output),
        "--jobs",
        "2",
        project=project,
    )

    assert result.exit_code == 0, result.output
    rows = _rows(output)
    assert set(rows) == {
        "good",
        "buggy",
        "hanging",
        "crashing",
        "broken",
        "empty",
        "zipped",
        "corrupt",
    }
    scores = {student: row["score"] for student, row in rows.items()}
    assert scores["good"] == scores["zipped"] == 100
    assert scores["buggy"] == scores["hanging"] == scores["crashing"] == 60  # tally only
    assert scores["broken"] == scores["empty"] == scores["corrupt"] == 0
    assert rows["corrupt"]["status"] == "rejected"
    assert "corrupt.zip is not a readable zip file" in rows["corrupt"]["cause"]
    assert rows["empty"]["status"] == "empty" and rows["empty"]["report_json"] is None
    assert (
        "none of the files graded in phase 1 was submitted (counter.py)" in (rows["empty"]["cause"])
    )
    graded = {s for s, row in rows.items() if row["status"] == "graded"}
    assert graded == set(rows) - {"corrupt", "empty"}
    hanging = json.loads(rows["hanging"]["report_json"])
    assert timed_out(SHARED_CALL_SECONDS) in json.dumps(hanging)
    gradebook = _gradebook(output)
    assert gradebook["good"] == {
        "student_id": "good",
        "total": "100.0",
        "add": "40.0",
        "tally": "60.0",
        "status": "graded",
    }
    assert gradebook["buggy"]["add"] == "0.0"
    assert gradebook["empty"] == {
        "student_id": "empty",
        "total": "0.0",
        "add": "0.0",
        "tally": "0.0",
        "status": "empty",
    }
    assert gradebook["corrupt"]["status"] == "rejected"
    assert (output / "reports" / "empty.txt").read_text().count("\n") == 1
    assert (output / "reports" / "buggy.txt").read_text().startswith("Toy")
    assert json.loads((output / "reports" / "good.json").read_text())["score"] == 100
    corrupt = (output / "reports" / "corrupt.txt").read_text()
    assert "corrupt.zip is not a readable zip file" in corrupt
    with (output / "overview" / "failed-tests.csv").open(newline="") as file:
        failed = {row["test"]: int(row["failed"]) for row in csv.DictReader(file)}
    assert failed["public/test_counter.py::test_add"] == 4  # buggy, hanging, crashing, broken
    assert "Most failed tests" in result.output
    assert "Left out of these figures: 1 empty, 1 rejected" in " ".join(result.output.split())
    assert "6 graded" in result.output
    assert (output / "overview" / "histogram.png").read_bytes().startswith(b"\x89PNG")


def test_a_second_run_grades_only_what_changed(toy, tmp_path):
    subs = tmp_path / "subs"
    for name in ("ann", "bob", "cy"):
        _student(subs / name, _reference_counter())
    output = tmp_path / "out"
    _grade_all(toy, subs, output)
    first = _rows(output)

    (subs / "bob" / "counter.py").write_text(textwrap.dedent(BUGGY))
    _grade_all(toy, subs, output)
    second = _rows(output)

    assert second["ann"] == first["ann"] and second["cy"] == first["cy"]
    assert second["bob"]["gradings"] == 2 and second["bob"]["score"] == 60

    _grade_all(toy, subs, output, regrade=True)
    assert {row["gradings"] for row in _rows(output).values()} == {2, 3}
    assert all(row["graded_at"] > second[s]["graded_at"] for s, row in _rows(output).items())


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGINT], ids=["sigkill", "ctrl-c"])
def test_a_stopped_batch_resumes_without_regrading(tmp_path, stop):
    subs = tmp_path / "subs"
    count = 5
    # Each grading loads the module at least once, so the three gradings after the second
    # take at least 0.75 s, many times the moment between the second stored result and
    # the signal: the batch is still running when the test stops it, on a fast machine too.
    slow = _reference_counter() + "\n\nimport time\n\ntime.sleep(0.25)\n"
    for number in range(count):
        _student(subs / f"s{number}", slow)
    output = tmp_path / "out"
    arguments = ["grade-all", "toy", "--phase", "1", str(subs), "--jobs", "1"]
    arguments += ["--output", str(output)]
    command = [sys.executable, "-m", "cardlab.cli", *arguments, "--project", str(TOY_ROOT)]
    batch = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        # Ctrl-C as a terminal delivers it, even where this test process ignores SIGINT
        # (an ignored signal stays ignored in a child, and Python then never raises
        # KeyboardInterrupt).
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    stored: dict[str, dict] = {}
    while len(stored) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
        if (output / DATABASE_NAME).exists():
            try:
                stored = _rows(output)
            except sqlite3.OperationalError:  # created but not yet its tables
                continue
    os.kill(batch.pid, stop)
    assert batch.wait(timeout=60) == (-signal.SIGKILL if stop == signal.SIGKILL else 130)
    stored = _rows(output)  # what the killed batch had committed
    assert 2 <= len(stored) < count, "the batch must be killed part-way"

    # The same command again, in this process (where the judges' fork server may be up).
    rerun = _cli(*arguments)

    assert rerun.exit_code == 0, rerun.output
    told = " ".join(rerun.stderr.split())
    assert f"{count - len(stored)} to grade, {len(stored)} already graded" in told
    final = _rows(output)
    assert len(final) == count
    for student, row in stored.items():
        assert final[student] == row  # kept as it was: not graded again
    assert {row["gradings"] for row in final.values()} == {1}
    assert {row["score"] for row in final.values()} == {100}


def test_a_grading_over_its_time_limit_fails_alone_and_keeps_the_earlier_result(toy, tmp_path):
    subs = tmp_path / "subs"
    _student(subs / "good", _reference_counter())
    slow = _student(subs / "slow", _reference_counter())
    output = tmp_path / "out"
    _grade_all(toy, subs, output)
    # Its add now never returns (it waits, leaving the cores to the tests beside it), in a
    # worker under a process name of its own (unique, for runs side by side). Its grading
    # cannot end before the call limit has run out, a timer that no machine runs faster,
    # so a limit just under it stops the slow grading by construction and leaves a good
    # submission's grading (under a second on a quiet machine) as generous a time.
    name = f"clbusy-{os.getpid() % 100_000}"
    stuck = (
        f"import ctypes, threading\nctypes.CDLL(None).prctl(15, b'{name}', 0, 0, 0)\n"
        + _reference_counter()
        + "\n\ndef add(a, b):\n    threading.Event().wait()\n"
    )
    (slow / "counter.py").write_text(stuck)
    limit = toy.spec("toy").limits.call_seconds - 1

    outcomes = _grade_all(toy, subs, output, seconds_per_submission=limit)

    by_student = {o.student: o for o in outcomes}
    assert by_student["slow"].status == "graded" and by_student["slow"].score == 100  # kept
    assert not processes_named(name)  # the stopped judge took its worker along
    assert by_student["good"].score == 100
    (output / DATABASE_NAME).unlink()
    outcomes = _grade_all(toy, subs, output, seconds_per_submission=limit)
    by_student = {o.student: o for o in outcomes}
    assert by_student["slow"].status == "failed"
    assert f"took longer than {limit:g} s" in by_student["slow"].cause
    assert by_student["good"].status == "graded" and by_student["good"].score == 100


def _encrypted_zip(path: Path) -> Path:
    """A zip whose one member is marked encrypted (zipfile cannot write real encryption)."""
    _zip(path, {"counter.py": "x = 1\n"})
    data = bytearray(path.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.index(signature) + offset
        data[at] |= 0x1
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda subs: None, "does not exist"),
        (lambda subs: subs.mkdir(), "holds nothing"),
        (
            lambda subs: (subs.mkdir(), (subs / "notes.txt").write_text("hi")),
            "holds only stray files (notes.txt)",
        ),
        (
            lambda subs: (_student(subs / "ann", "x = 1\n"), _zip(subs / "ann.zip", {})),
            "duplicate student ids (ann and ann.zip)",
        ),
        (
            lambda subs: (_student(subs / "Ann", "x = 1\n"), _student(subs / "ann", "x = 1\n")),
            "duplicate student ids (Ann and ann)",
        ),
    ],
    ids=["missing", "empty", "only-strays", "folder-and-zip", "case"],
)
def test_a_bad_submissions_folder_is_one_line_and_writes_nothing(tmp_path, setup, message):
    subs = tmp_path / "subs"
    setup(subs)
    output = tmp_path / "out"

    result = _cli("grade-all", "toy", "--phase", "1", str(subs), "--output", str(output))

    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not output.exists()


def test_stray_files_are_left_out_with_a_note(tmp_path):
    subs = tmp_path / "subs"
    _student(subs / "ann", _reference_counter())
    (subs / "notes.txt").write_text("hi")
    (subs / ".DS_Store").write_text("")

    result = _cli("grade-all", "toy", "--phase", "1", str(subs), "--output", str(tmp_path / "o"))

    assert result.exit_code == 0, result.output
    assert "Left out 1 stray file(s)" in result.output and "notes.txt" in result.output


def _old_database(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE grades (student TEXT, score REAL)")
    db.execute("INSERT INTO grades VALUES ('ann', 55)")
    db.commit()
    db.close()


def _other_version(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE results (student TEXT)")
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()


SCHEMA_1_RESULTS = """CREATE TABLE results (
    student TEXT PRIMARY KEY, source TEXT NOT NULL, content_hash TEXT NOT NULL,
    grader_hash TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('graded', 'rejected', 'failed')),
    score REAL NOT NULL, max_score REAL NOT NULL, cause TEXT NOT NULL, report_json TEXT,
    report_text TEXT, graded_at TEXT NOT NULL, seconds REAL NOT NULL, gradings INTEGER NOT NULL
)"""


def test_a_database_of_schema_1_is_upgraded_and_keeps_its_results(tmp_path):
    from cardlab.batch.store import EMPTY, Outcome, ResultStore

    path = tmp_path / DATABASE_NAME
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE batch (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.executemany("INSERT INTO batch VALUES (?, ?)", [("assignment", "toy"), ("phase", "1")])
    db.execute(SCHEMA_1_RESULTS)
    db.execute(
        "INSERT INTO results VALUES ('ann', 'ann', 'h', 'g', 'graded', 90, 100, '',"
        " '{}', 'text', 'then', 1.5, 1)"
    )
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()

    with ResultStore(path, "toy", 1) as store:
        assert store.get("ann").score == 90 and store.get("ann").report_text == "text"
        assert store.put(
            Outcome(
                "bob", EMPTY, 0.0, 100.0, "nothing", source="bob", content_hash="h", grader_hash="g"
            )
        )
        assert [o.status for o in store.all()] == ["graded", "empty"]
    with ResultStore(path, "toy", 1) as store:  # and opens as the current version
        assert len(store.all()) == 2
        assert store.marks() == []  # with the table of marks given by hand


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_old_database, "was written by another version of cardlab (schema 0"),
        (_other_version, "(schema 99, this one reads 4)"),
        (
            lambda path: path.write_bytes(b"not a database at all" * 100),
            "is not a results database",
        ),
    ],
    ids=["older", "newer", "not-sqlite"],
)
def test_a_database_of_another_version_is_refused_untouched(tmp_path, make, message):
    subs = tmp_path / "subs"
    _student(subs / "ann", _reference_counter())
    output = tmp_path / "out"
    output.mkdir()
    make(output / DATABASE_NAME)
    before = (output / DATABASE_NAME).read_bytes()

    result = _cli("grade-all", "toy", "--phase", "1", str(subs), "--output", str(output))

    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert (output / DATABASE_NAME).read_bytes() == before
    assert sorted(p.name for p in output.iterdir()) == [DATABASE_NAME]


def test_a_database_of_another_phase_is_refused(toy, tmp_path):
    subs = tmp_path / "subs"
    _student(subs / "ann", _reference_counter())
    output = tmp_path / "out"
    _grade_all(toy, subs, output)

    result = _cli("grade-all", "toy", "--phase", "2", str(subs), "--output", str(output))

    assert result.exit_code == 2
    assert "holds results of toy phase 1, not toy phase 2" in result.output


def test_bad_zips_are_rejected_one_by_one(toy, tmp_path):
    subs = tmp_path / "subs"
    _student(subs / "good", _reference_counter())
    _encrypted_zip(subs / "secret.zip")
    _zip(subs / "escape.zip", {"../../counter.py": textwrap.dedent(GOOD_TALLY)})
    output = tmp_path / "out"

    outcomes = {o.student: o for o in _grade_all(toy, subs, output)}

    assert outcomes["good"].score == 100
    assert outcomes["secret"].status == "rejected"
    assert "counter.py is encrypted" in outcomes["secret"].cause
    assert outcomes["escape"].status == "rejected"
    assert "points outside the zip's folder" in outcomes["escape"].cause
    assert not (tmp_path / "counter.py").exists()


def test_without_matplotlib_the_histogram_is_one_line_and_the_rest_is_written(
    tmp_path, monkeypatch
):
    subs = tmp_path / "subs"
    _student(subs / "ann", _reference_counter())
    output = tmp_path / "out"
    with monkeypatch.context() as patch:
        patch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
        result = _cli("grade-all", "toy", "--phase", "1", str(subs), "--output", str(output))

    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == (
        'cardlab: the histogram histogram.png needs matplotlib: pip install "cardlab[plots]", '
        "then run cardlab overview"
    )
    assert _gradebook(output)["ann"]["total"] == "100.0"
    assert (output / "overview" / "parts.csv").is_file()
    assert not (output / "overview" / "histogram.png").exists()

    again = _cli("overview", "toy", "--phase", "1", "--output", str(output))

    assert again.exit_code == 0, again.output
    assert (output / "overview" / "histogram.png").is_file()
    assert "1 graded: mean 100.0" in again.output


def test_a_zip_is_graded_alone_and_failures_rerun_from_it(tmp_path):
    archive = _zip(tmp_path / "bob.zip", {"bob/counter.py": textwrap.dedent(BUGGY)})
    report_file = tmp_path / "bob.json"

    result = _cli(
        "grade",
        "toy",
        "--phase",
        "1",
        "--submission",
        str(archive),
        "--format",
        "json",
        "--output",
        str(report_file),
    )

    assert result.exit_code == 0, result.output
    report = json.loads(report_file.read_text())
    assert report["score"] == 60 and report["submission"] == str(archive)
    messages = [t["message"] for p in report["parts"] for t in p["tests"] if t["message"]]
    assert messages and all(
        f"cardlab grade toy --phase 1 --submission {archive} --test" in m for m in messages
    )


def test_a_store_graded_under_another_course_secret_is_warned_of_in_one_line(tmp_path):
    import shutil

    from cardlab.course.secret import SECRET_FILE

    clones = {}
    for name, digit in (("first", "1"), ("second", "2")):
        clone = shutil.copytree(TOY_ROOT, tmp_path / name, ignore=shutil.ignore_patterns(".*"))
        (clone / SECRET_FILE).parent.mkdir()
        (clone / SECRET_FILE).write_text(digit * 64 + "\n")
        clones[name] = clone
    subs = tmp_path / "subs"
    _student(subs / "ann", _reference_counter())
    output = tmp_path / "out"
    arguments = ("grade-all", "toy", "--phase", "1", str(subs), "--output", str(output))

    first = _cli(*arguments, project=clones["first"])
    assert first.exit_code == 0 and "another course secret" not in first.output
    database = (output / DATABASE_NAME).read_bytes()
    assert b"1" * 32 not in database and b"\x11" * 16 not in database  # no secret is kept
    second = _cli(*arguments, project=clones["second"])
    assert second.exit_code == 0
    text = " ".join(second.output.split())  # the terminal's width wraps the line
    assert text.count("another course secret") == 1 and "(see Grading a class)" in text
    _cli(*arguments, "--regrade", project=clones["second"])
    again = _cli(*arguments, project=clones["second"])
    assert again.exit_code == 0 and "another course secret" not in again.output
