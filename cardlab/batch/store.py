"""The results database of a batch: one SQLite file in the output folder.

Every graded submission is committed as soon as it is known, by the one process that
writes (the batch's parent), so a batch stopped at any moment (Ctrl-C, SIGKILL, a power
cut) keeps every result it had received. A row remembers the hash of the submission's
files and of what graded it, so the next run regrades only what is new or changed.

Rows have one of five statuses:

* ``graded``: grading produced a report (whatever it scored).
* ``empty``: the submission holds none of the files the phase grades; nothing was run.
* ``rejected``: the submission could not be read (a corrupt or encrypted zip, a zip
  bomb); kept until the submission changes.
* ``failed``: grading itself did not finish (the grading process died or ran out of
  time); tried again by the next run, and never stored over an earlier result.
* ``late-refused``: submitted after the last moment the phase's deadline takes work
  (:mod:`cardlab.course.deadline`); not graded, 0 points.

When the phase has a deadline, a row also keeps when the submission was made and where
that time was read (``submitted_at``, ``time_source``), the due that applied to it
(``due``, an extension's if the student has one) and the late penalty in points
(``penalty``). ``score`` is always the raw score, as graded; the final score is the
total (marks given by hand included) less the penalty, never below 0
(:func:`cardlab.course.deadline.final_score`), worked out wherever a total is shown,
so that a mark given later is penalised like the rest.

Beside the results, the database keeps the marks an instructor gave by hand
(``cardlab marks import``): one per student and rubric part, with its points, comment and
when it was given. A mark outlives a regrading: it is the instructor's, not the grader's.

The schema's version is SQLite's ``user_version``. A database of version 1 (before the
``empty`` status), 2 (before marks) or 3 (before deadlines; its rows get no time and no
penalty) is brought up to date in place; one of any other version is refused with one
line, and nothing in it is changed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..course.deadline import final_score
from ..course.output import make_folder
from ..errors import CardlabError

SCHEMA_VERSION = 4
DATABASE_NAME = "results.sqlite"
GRADED, EMPTY, REJECTED, FAILED = "graded", "empty", "rejected", "failed"
LATE_REFUSED = "late-refused"
FINAL = (GRADED, EMPTY, REJECTED)
"""Statuses a run keeps: a submission with one of them is not graded again unless changed."""

_BATCH_TABLE = """
CREATE TABLE batch (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
)"""
_RESULTS_TABLE = """
CREATE TABLE {name} (
    student TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    grader_hash TEXT NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('graded', 'empty', 'rejected', 'failed', 'late-refused')),
    score REAL NOT NULL,
    max_score REAL NOT NULL,
    cause TEXT NOT NULL,
    report_json TEXT,
    report_text TEXT,
    graded_at TEXT NOT NULL,
    seconds REAL NOT NULL,
    gradings INTEGER NOT NULL,
    submitted_at TEXT NOT NULL DEFAULT '',
    time_source TEXT NOT NULL DEFAULT '',
    due TEXT NOT NULL DEFAULT '',
    penalty REAL NOT NULL DEFAULT 0
)"""
_MARKS_TABLE = """
CREATE TABLE marks (
    student TEXT NOT NULL,
    part TEXT NOT NULL,
    points REAL NOT NULL,
    comment TEXT NOT NULL,
    source TEXT NOT NULL,
    marked_at TEXT NOT NULL,
    PRIMARY KEY (student, part)
)"""


@dataclass(frozen=True)
class Verdict:
    """A judge's answer for one submission.

    Attributes:
        student: The student's id.
        status: ``graded``, ``empty`` (none of the phase's files), ``rejected``
            (unreadable submission), ``failed`` or ``late-refused``.
        score: Points earned.
        max_score: Points available.
        cause: Why the submission was not graded (empty, rejected or failed).
        report_json: The cardlab JSON report, when graded.
        report_text: The terminal report, when graded.
        seconds: Wall time spent on the submission.
    """

    student: str
    status: str
    score: float
    max_score: float
    cause: str = ""
    report_json: str | None = None
    report_text: str | None = None
    seconds: float = 0.0


@dataclass(frozen=True)
class Mark:
    """Points an instructor gave one student for one rubric part, by hand.

    Attributes:
        student: The student's id.
        part: The part's id.
        points: The points given.
        comment: What the instructor said (for a part the graders score, the reason the
            mark replaces their points).
        source: The marks file it came from, and its line (``marks.csv:4``).
        marked_at: When it was stored (UTC, ISO 8601), filled in by the store.
    """

    student: str
    part: str
    points: float
    comment: str
    source: str
    marked_at: str = ""


@dataclass(frozen=True, kw_only=True)
class Outcome(Verdict):
    """One submission's result as a batch stores it: the verdict and where it came from.

    Attributes:
        source: The submission's folder or zip.
        content_hash: Hash of the submission's files when graded.
        grader_hash: Hash of what graded it (cardlab, spec, graders, reference).
        graded_at: When it was stored (UTC, ISO 8601), filled in by the store.
        gradings: How many times this student was graded into this database.
        submitted_at: When the submission was made (ISO 8601), or ``""`` when the
            phase has no deadline or the time could not be read.
        time_source: Where that time was read (``submissions.csv:4``, ``zip entries``,
            ``folder's files``), or why it could not be.
        due: The due that applied (ISO 8601), or ``""`` without a deadline.
        penalty: The late penalty in points (0 when on time).
    """

    source: str
    content_hash: str
    grader_hash: str
    graded_at: str = ""
    gradings: int = 0
    submitted_at: str = ""
    time_source: str = ""
    due: str = ""
    penalty: float = 0.0

    @property
    def final_score(self) -> float:
        """The score after the late penalty, never below 0."""
        return final_score(self.score, self.penalty)


class ResultStore:
    """The results database of one batch (one assignment and phase)."""

    def __init__(self, path: Path, assignment: str, phase: int) -> None:
        """Open or create the database, refusing one of another version or batch.

        Raises:
            CardlabError: The file is not a cardlab results database, has another
                schema version, or holds results of another assignment or phase.
        """
        self.path = path
        existed = path.exists()
        try:
            self._db = sqlite3.connect(path, isolation_level=None)
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in self._db.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as error:
            raise CardlabError(f"{path} is not a results database ({error})") from None
        if existed and (version or tables):
            self._check(version, tables, assignment, phase)
        else:
            self._create(assignment, phase)

    def _check(self, version: int, tables: set[str], assignment: str, phase: int) -> None:
        if version == 1 and {"batch", "results"} <= tables:
            self._upgrade_from_1()
            version = 2
        if version == 2 and {"batch", "results"} <= tables:
            self._upgrade_from_2()
            version = 3
        if version == 3 and {"batch", "results"} <= tables:
            self._upgrade_from_3()
            version = SCHEMA_VERSION
        if version != SCHEMA_VERSION or not {"batch", "results"} <= tables:
            self.close()
            raise CardlabError(
                f"{self.path} was written by another version of cardlab (schema {version}, "
                f"this one reads {SCHEMA_VERSION}); grade into a new --output folder"
            )
        meta = dict(self._db.execute("SELECT key, value FROM batch").fetchall())
        if meta.get("assignment") != assignment or meta.get("phase") != str(phase):
            self.close()
            raise CardlabError(
                f"{self.path} holds results of {meta.get('assignment')} phase "
                f"{meta.get('phase')}, not {assignment} phase {phase}; use another --output folder"
            )

    def secret(self) -> str | None:
        """The fingerprint of the course secret the results were graded under, if known."""
        row = self._db.execute("SELECT value FROM batch WHERE key = 'secret'").fetchone()
        return row[0] if row else None

    def set_secret(self, fingerprint: str) -> None:
        """Record the fingerprint of the course secret the results are graded under."""
        with self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO batch (key, value) VALUES ('secret', ?)", (fingerprint,)
            )

    def _upgrade_from_1(self) -> None:
        """Let the results table take the ``empty`` status (SQLite cannot alter a CHECK)."""
        with self._transaction():
            self._rebuild_results()
            self._db.execute("PRAGMA user_version = 2")

    def _upgrade_from_2(self) -> None:
        """Add the table of marks given by hand."""
        with self._transaction():
            self._db.execute(_MARKS_TABLE)
            self._db.execute("PRAGMA user_version = 3")

    def _upgrade_from_3(self) -> None:
        """Add the deadline's columns and the ``late-refused`` status (a CHECK again)."""
        with self._transaction():
            self._rebuild_results()
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _rebuild_results(self) -> None:
        """The results table made anew in the current form, its rows kept.

        The columns a schema-1 database already had are copied; the others take their
        defaults (no time, no penalty).
        """
        kept = ", ".join(_FIELDS_OF_SCHEMA_1)
        self._db.execute(_RESULTS_TABLE.format(name="results_new"))
        self._db.execute(f"INSERT INTO results_new ({kept}) SELECT {kept} FROM results")
        self._db.execute("DROP TABLE results")
        self._db.execute("ALTER TABLE results_new RENAME TO results")

    def _create(self, assignment: str, phase: int) -> None:
        with self._transaction():
            self._db.execute(_BATCH_TABLE)
            self._db.execute(_RESULTS_TABLE.format(name="results"))
            self._db.execute(_MARKS_TABLE)
            self._db.executemany(
                "INSERT INTO batch (key, value) VALUES (?, ?)",
                [("assignment", assignment), ("phase", str(phase))],
            )
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def __enter__(self) -> ResultStore:
        """Use the store in a ``with`` block that closes it."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the store."""
        self.close()

    def get(self, student: str) -> Outcome | None:
        """The stored outcome of a student, if any."""
        row = self._db.execute(f"SELECT {_COLUMNS} FROM results WHERE student = ?", (student,))
        found = row.fetchone()
        return _outcome(found) if found else None

    def all(self) -> list[Outcome]:
        """Every stored outcome, by student id."""
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM results ORDER BY student")
        return [_outcome(row) for row in rows.fetchall()]

    def is_current(self, student: str, content_hash: str, grader_hash: str) -> bool:
        """True when the student's stored result is final and for these very files."""
        stored = self.get(student)
        return (
            stored is not None
            and stored.status in FINAL
            and stored.content_hash == content_hash
            and stored.grader_hash == grader_hash
        )

    def put(self, outcome: Outcome) -> bool:
        """Store an outcome and commit at once.

        A ``failed`` outcome never replaces a final one (``graded``, ``empty``, ``rejected``).

        Returns:
            True when the outcome was stored.
        """
        with self._transaction():
            earlier = self.get(outcome.student)
            if outcome.status == FAILED and earlier is not None and earlier.status in FINAL:
                return False
            now = datetime.now(UTC).isoformat(timespec="microseconds")
            gradings = (earlier.gradings if earlier else 0) + 1
            values = (
                outcome.student,
                outcome.source,
                outcome.content_hash,
                outcome.grader_hash,
                outcome.status,
                outcome.score,
                outcome.max_score,
                outcome.cause,
                outcome.report_json,
                outcome.report_text,
                outcome.seconds,
                now,
                gradings,
                outcome.submitted_at,
                outcome.time_source,
                outcome.due,
                outcome.penalty,
            )
            self._db.execute(
                f"INSERT OR REPLACE INTO results ({_COLUMNS}) VALUES "
                f"({', '.join('?' * len(values))})",
                values,
            )
        return True

    def set_lateness(self, outcome: Outcome) -> None:
        """Store a kept result's time, due and penalty anew (an extension changed them).

        Nothing else of the row changes: it is not graded again.
        """
        with self._transaction():
            self._db.execute(
                "UPDATE results SET submitted_at = ?, time_source = ?, due = ?, penalty = ? "
                "WHERE student = ?",
                (
                    outcome.submitted_at,
                    outcome.time_source,
                    outcome.due,
                    outcome.penalty,
                    outcome.student,
                ),
            )

    def marks(self) -> list[Mark]:
        """Every mark given by hand, by student and part."""
        rows = self._db.execute(f"SELECT {_MARK_COLUMNS} FROM marks ORDER BY student, part")
        return [Mark(*row) for row in rows.fetchall()]

    def put_marks(self, marks: Sequence[Mark], removed: Sequence[tuple[str, str]] = ()) -> None:
        """Store marks (replacing any for the same student and part) and remove others.

        All of it is one transaction: either every change is stored or none is.

        Args:
            marks: The marks to store.
            removed: ``(student, part)`` pairs whose mark is taken back.
        """
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        with self._transaction():
            self._db.executemany("DELETE FROM marks WHERE student = ? AND part = ?", list(removed))
            self._db.executemany(
                f"INSERT OR REPLACE INTO marks ({_MARK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                [(m.student, m.part, m.points, m.comment, m.source, now) for m in marks],
            )


_FIELDS_OF_SCHEMA_1 = (
    "student",
    "source",
    "content_hash",
    "grader_hash",
    "status",
    "score",
    "max_score",
    "cause",
    "report_json",
    "report_text",
    "seconds",
    "graded_at",
    "gradings",
)
_FIELDS = (*_FIELDS_OF_SCHEMA_1, "submitted_at", "time_source", "due", "penalty")
_COLUMNS = ", ".join(_FIELDS)
_MARK_COLUMNS = "student, part, points, comment, source, marked_at"


def _outcome(row: tuple) -> Outcome:
    return Outcome(**dict(zip(_FIELDS, row, strict=True)))


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (or ``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self._db.execute("ROLLBACK" if kind else "COMMIT")


def open_store(folder: Path, assignment: str, phase: int) -> ResultStore:
    """The results database in an output folder (created with the folder if need be)."""
    make_folder(folder)
    return ResultStore(folder / DATABASE_NAME, assignment, phase)


def graded_reports(outcomes: list[Outcome]) -> Iterator[tuple[str, dict]]:
    """Each graded student's report data, for summaries: ``(student, report)``."""
    for outcome in outcomes:
        if outcome.status == GRADED and outcome.report_json:
            yield outcome.student, json.loads(outcome.report_json)


def stored_batch(folder: Path) -> tuple[str, int]:
    """The assignment and phase whose results an output folder holds, read without changes.

    Raises:
        CardlabError: ``folder`` holds no results database of ``cardlab grade-all``.
    """
    path = folder / DATABASE_NAME
    if not path.is_file():
        raise CardlabError(
            f"{folder} holds no results of cardlab grade-all (no {DATABASE_NAME}); "
            "name the output folder of a graded class"
        )
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            meta = dict(db.execute("SELECT key, value FROM batch").fetchall())
        finally:
            db.close()
        return meta["assignment"], int(meta["phase"])
    except (sqlite3.DatabaseError, KeyError, ValueError) as error:
        raise CardlabError(f"{path} is not a results database of cardlab ({error})") from None
