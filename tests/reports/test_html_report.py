"""The report read back from its JSON, and as HTML: the same report, its text kept as text."""

from __future__ import annotations

import dataclasses
import json

from support.html_pages import parse

from cardlab.judge.results import (
    FAILED,
    PASSED,
    RERUN_PREFIX,
    GradeReport,
    LeaderboardEntry,
    PartResult,
    Selection,
    TestResult,
)
from cardlab.reports.html import report_html, rerun_commands
from cardlab.reports.json_report import from_json, to_json
from cardlab.reports.text import render_text

HOSTILE = "<script>alert(1)</script> [link=javascript:alert(1)]x[/link] [bold]b[/bold] &amp;"


def _test(name: str, status: str, message: str = "") -> TestResult:
    return TestResult(
        f"public/test_x.py::{name}",
        name,
        "p",
        1.0,
        status,
        1.0 if status == PASSED else 0.0,
        message,
        "visible",
        0.25,
    )


def _report(**changes) -> GradeReport:
    failing = _test(
        f"fails {HOSTILE}",
        FAILED,
        f"got {HOSTILE}\n{RERUN_PREFIX}cardlab grade x --phase 1 --test 'a b'",
    )
    parts = (
        PartResult("p", f"Part {HOSTILE}", 5.0, 10.0, (_test("passes", PASSED), failing)),
        PartResult("own", "Your tests", 0.0, 4.0, (), scored=False),
        PartResult(
            "notes",
            "Notes",
            0.0,
            6.0,
            (),
            note="NOTES.md is there",
            manual="NOTES.md",
            document=f"</pre>{HOSTILE}",
        ),
    )
    report = GradeReport(
        "x",
        "X",
        1,
        "One",
        f"subs/{HOSTILE}",
        5.0,
        20.0,
        parts,
        (f"note {HOSTILE}",),
        False,
        "0.1.0",
        "CPython 3.11.7",
        1.5,
        ("namespaces",),
        ("no seccomp",),
        "reference",
        (LeaderboardEntry("share", 0.5, "desc"),),
        None,
    )
    return dataclasses.replace(report, **changes)


def test_a_report_read_back_from_its_json_is_the_same_report():
    for report in (_report(), _report(selection=Selection("test_x", 2, 9), public_only=True)):
        data = json.loads(json.dumps(to_json(report)))
        assert from_json(data) == report
        assert render_text(from_json(data)) == render_text(report)


def test_a_part_without_scored_in_its_json_is_scored():
    data = to_json(_report())
    for part in data["parts"]:
        del part["scored"]
    assert all(part.scored for part in from_json(data).parts)


def test_the_html_report_is_the_terminal_text_with_nothing_read_as_markup():
    report = _report()
    page = parse(report_html(report))
    pre, *spans = page.elements
    assert pre == ("pre", {"class": "report"}) and spans
    assert all(tag == "span" and set(attributes) == {"style"} for tag, attributes in spans)
    [text] = page.texts["pre"]
    assert text == render_text(report)
    assert HOSTILE in text


def test_each_failure_has_its_command_to_run_again():
    assert rerun_commands(_report()) == [
        (f"fails {HOSTILE}", "cardlab grade x --phase 1 --test 'a b'")
    ]
