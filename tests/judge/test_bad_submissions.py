"""Broken and misbehaving submissions still get a full report, with one-line causes."""

from __future__ import annotations

import functools
import shutil
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from support.call_limits import job_with_call_seconds, timed_out
from support.toy_submissions import GOOD_TALLY, with_add

from cardlab.course.project import Project
from cardlab.judge.grading import project_job, run
from cardlab.worker.sandbox import Limits

FORGE = """\
        import json, os, struct, sys
        forged = json.dumps({"ok": a + b, "id": 0}).encode()
        os.write(int(sys.argv[-1]), struct.pack(">I", len(forged)) + forged)
        return a + b"""


def _part(report, part_id):
    return next(part for part in report.parts if part.id == part_id)


def test_reference_scores_full_marks(grade_toy, toy):
    reference = (toy.reference_dir("toy") / "counter.py").read_text()
    report = grade_toy({"counter.py": reference})
    assert report.score == report.max_score == 100
    assert not report.failures


HANGS = "        while True:\n            pass"
HANG_SECONDS = 0.5
"""The call limit of the add part of the submission whose add() never returns: every call
of that part hangs, so no honest call has to meet it (its tally part is graded apart,
with the spec's limit)."""


@pytest.mark.parametrize(
    ("body", "cause"),
    [
        (HANGS, timed_out(HANG_SECONDS)),
        ("        import os\n        os._exit(7)", "ended the worker process (exit status 7"),
        ("        import ctypes\n        ctypes.string_at(0)", "crashed with SIGSEGV"),
        ("        print('x' * 10_000_000)\n        return a + b", None),
        ("        return int(input())", "EOFError"),
        ("        import no_such_module\n        return a + b", "No module named 'no_such_module'"),
        ("        raise SystemExit(3)", "SystemExit"),
        ("        return str(a + b)", "got:      '"),
        (FORGE, "malformed answer"),
    ],
    ids=[
        "hangs",
        "exits",
        "segfaults",
        "floods",
        "reads-stdin",
        "bad-import",
        "sys-exit",
        "str",
        "forges-an-answer",
    ],
)
def test_a_broken_add_fails_only_add(grade_toy, body, cause):
    files = {"counter.py": with_add(body)}
    if body == HANGS:
        shorter = functools.partial(job_with_call_seconds, seconds=HANG_SECONDS)
        report = grade_toy(files, parts=("tally",))
        add = _part(grade_toy(files, adjust=shorter, parts=("add",)), "add")
    else:
        report = grade_toy(files)
        add = _part(report, "add")
    tally = _part(report, "tally")
    assert tally.score == tally.max_score, [t.message for t in report.failures if t.part == "tally"]
    if cause is None:  # flooding output is not wrong in itself
        assert add.score == add.max_score
        return
    assert add.score == 0
    assert all(cause in test.message for test in add.tests), [t.message for t in add.tests]


def test_failures_are_worded_without_formatting_pytest_tracebacks(grade_toy, monkeypatch):
    """The judge words each failure itself and never shows pytest's traceback, so pytest
    must not build one: showing the source of each entry parses its whole file, which took
    most of the time of grading failing work (stubs, seeded bugs)."""
    from _pytest._code.code import TracebackEntry  # its getsource parses the entry's file

    sources_read = []
    original = TracebackEntry.getsource

    def getsource(entry, *args, **kwargs):
        sources_read.append(entry)
        return original(entry, *args, **kwargs)

    monkeypatch.setattr(TracebackEntry, "getsource", getsource)
    report = grade_toy({"counter.py": with_add("        return str(a + b)")})
    assert report.failures and "got:      '" in report.failures[0].message
    assert not sources_read


def test_syntax_error_names_the_line(grade_toy):
    report = grade_toy({"counter.py": "def add(a, b)\n    return a + b\n"})
    assert report.score == 0
    assert all(
        "SyntaxError" in t.message and "counter.py, line 1" in t.message for t in report.failures
    )


def test_wrong_signature_is_a_type_error(grade_toy):
    report = grade_toy({"counter.py": GOOD_TALLY.replace("def add(a, b):", "def add(a):")})
    assert _part(report, "add").score == 0
    assert "TypeError" in _part(report, "add").tests[0].message
    assert _part(report, "tally").score == 60


def test_missing_module_and_missing_folder(toy, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    for folder in (empty, tmp_path / "does-not-exist"):
        report = run(project_job(toy, "toy", 1, folder))
        assert report.score == 0
        assert report.notes
        assert all("counter.py is missing" in t.message for t in report.failures)


def test_a_stray_file_never_replaces_a_provided_module(grade_toy, toy):
    reference = (toy.reference_dir("toy") / "counter.py").read_text()
    stray = "raise SystemExit('a stray skeleton must not be imported')\n"
    report = grade_toy({"counter.py": reference, "greet.py": stray}, phase=1)
    assert report.score == 100


def test_provided_module_uses_the_students_module(toy, tmp_path):
    """With ``other_parts = "student"``, greet (phase 2) imports the student's counter."""
    root = tmp_path / "toy"
    shutil.copytree(toy.root, root)
    spec = root / "specs/toy.toml"
    spec.write_text(
        spec.read_text().replace("[limits]", '[grading]\nother_parts = "student"\n\n[limits]')
    )
    broken_counter = GOOD_TALLY.replace("self._total += amount", "self._total += 2 * amount")
    greet = (toy.reference_dir("toy") / "greet.py").read_text()
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "counter.py").write_text(textwrap.dedent(broken_counter))
    (folder / "greet.py").write_text(greet)
    report = run(project_job(Project(root), "toy", 2, folder))
    assert report.score == 0 and report.other_parts == "student"
    assert "Greeted 4." in report.failures[0].message or "printed" in report.failures[0].message


def test_a_mistake_of_an_earlier_part_costs_nothing_in_a_later_one(grade_toy):
    """By default greet's part runs with the reference counter: the counter's bug is not
    charged again in phase 2."""
    broken_counter = GOOD_TALLY.replace("self._total += amount", "self._total += 2 * amount")
    greet = (Path(__file__).parents[1] / "toy_project/reference/toy/greet.py").read_text()
    report = grade_toy({"counter.py": broken_counter, "greet.py": greet}, phase=2)
    assert report.score == report.max_score and report.other_parts == "reference"
    broken_greet = greet.replace("Hello, ", "Hi, ")
    report = grade_toy({"counter.py": broken_counter, "greet.py": broken_greet}, phase=2)
    assert report.score == 0, "the part's own code is still the student's"


def test_same_submission_same_report(grade_toy):
    from cardlab.reports import to_json

    files = {"counter.py": with_add("        return a + b + (a > 100)")}
    first, second = to_json(grade_toy(files)), to_json(grade_toy(files))
    for data in (first, second):
        data.pop("seconds")
        for part in data["parts"]:
            for test in part["tests"]:
                test.pop("seconds")
    assert first == second
    assert first["score"] < 100


HANG_AT_IMPORT_SECONDS = 5.0
"""The start-up limit of the worker whose module hangs at import: shorter than the
default, the same mechanism (a module that loads, or ends the worker, has the default)."""


@pytest.mark.parametrize(
    ("top_level", "start_seconds", "cause"),
    [
        # it sleeps rather than spins: the limit is the same, the cores stay free
        (
            "import time\ntime.sleep(3600)\n",
            HANG_AT_IMPORT_SECONDS,
            f"loading your modules: your code {timed_out(HANG_AT_IMPORT_SECONDS)}",
        ),
        (
            "import os\nos._exit(4)\n",
            Limits().start_seconds,
            "loading your modules: your code ended the worker process",
        ),
    ],
    ids=["hangs-on-import", "exits-on-import"],
)
def test_a_module_that_cannot_load_fails_every_test_once(
    grade_toy, top_level, start_seconds, cause
):
    limits = Limits(start_seconds=start_seconds)
    report = grade_toy(
        {"counter.py": top_level + textwrap.dedent(GOOD_TALLY)},
        adjust=lambda job: replace(job, worker_limits=limits),
    )
    assert report.score == 0
    assert all(cause in test.message for test in report.failures), report.failures[0].message
    # The start-up limit is paid once: paid per test, the grading would take at least a
    # limit for each failed test (more than 3 limits), not one limit and the rest.
    assert len(report.failures) > 3
    assert report.seconds < len(report.failures) * start_seconds
