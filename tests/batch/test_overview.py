"""The class overview's figures, from stored outcomes (no grading needed)."""

from __future__ import annotations

import csv
import json
from io import StringIO

import pytest
from rich.console import Console

from cardlab.batch.overview import print_overview, summarize, write_histogram, write_overview_csv
from cardlab.batch.store import Outcome


def _outcome(student: str, status: str, failed_cases: list[str] = (), score: float = 50.0):
    tests = [
        {"id": f"public/test_cards.py::test_points[{case}]", "status": "failed",
         "name": f"Each card has the reference's points [{case}]"}
        for case in failed_cases
    ] + [{"id": "public/test_cards.py::test_order", "status": "passed", "name": "Cards order"}]
    report = {"score": score, "parts": [{"id": "card", "score": score, "tests": tests}]}
    graded = status == "graded"
    return Outcome(student, status, score if graded else 0.0, 100.0,
                   report_json=json.dumps(report) if graded else None,
                   source=student, content_hash="", grader_hash="")


@pytest.fixture
def phase(repo):
    return repo.spec("bisca").phase(2)


@pytest.fixture
def outcomes():
    return [
        _outcome("ann", "graded", ["QS", "7H", "AC"], 40),
        _outcome("bob", "graded", ["QS"], 70),
        _outcome("cy", "graded", [], 100),
        _outcome("dee", "empty"),
        _outcome("eve", "empty"),
        _outcome("fay", "rejected"),
    ]


def test_empty_and_rejected_submissions_are_left_out_and_counted(phase, outcomes):
    overview = summarize(outcomes, phase)
    assert overview.scores == (40, 70, 100)
    assert overview.left_out == {"empty": 2, "rejected": 1}
    out = StringIO()
    print_overview(overview, Console(file=out, width=200))
    text = out.getvalue()
    assert "3 graded: mean 70.0" in text
    assert "Left out of these figures: 2 empty, 1 rejected" in text


def test_cases_of_a_parametrized_test_are_one_row(phase, outcomes, tmp_path):
    overview = summarize(outcomes, phase)
    (row,) = overview.failed_tests
    assert row.id == "public/test_cards.py::test_points"
    assert row.name == "Each card has the reference's points"
    assert (row.failed, row.cases) == (2, 3)
    assert row.share == pytest.approx(2 / 3)
    out = StringIO()
    print_overview(overview, Console(file=out, width=200))
    assert "Each card has the reference's points (3 failing cases)" in out.getvalue()
    write_overview_csv(tmp_path, overview)
    with (tmp_path / "failed-tests.csv").open(newline="") as file:
        assert [row["cases"] for row in csv.DictReader(file)] == ["3"]


def test_histogram_counts_students_in_whole_numbers(phase, outcomes, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from matplotlib import pyplot

    drawn = []
    close = pyplot.close
    monkeypatch.setattr(pyplot, "close", lambda figure: (drawn.append(figure), close(figure)))
    write_histogram(tmp_path / "histogram.png", summarize(outcomes, phase), "bisca")
    (figure,) = drawn
    (axes,) = figure.axes
    low, high = axes.get_ylim()
    ticks = [tick for tick in axes.get_yticks() if low <= tick <= high]
    assert len(ticks) >= 2 and all(float(tick).is_integer() for tick in ticks), ticks
    assert "2 empty, 1 rejected left out" in axes.get_title()
