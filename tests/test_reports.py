"""The three report formats: terminal text, cardlab JSON, Gradescope results."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest

from cardlab.reports import render, to_gradescope, to_json

SCHEMA = json.loads((Path(__file__).parent / "gradescope_results.schema.json").read_text())

OFF_BY_ONE = """
def add(a, b):
    return a + b + (a > 100)

class Tally:
    def __init__(self):
        self.total = 0

    def add(self, amount):
        self.total += amount
"""


@pytest.fixture(scope="module")
def report(toy, tmp_path_factory):
    from cardlab.judge.grading import project_job, run

    folder = tmp_path_factory.mktemp("submission")
    (folder / "counter.py").write_text(OFF_BY_ONE)
    return run(project_job(toy, "toy", 1, folder))


def test_scores_follow_the_failures(report):
    add, tally = report.parts
    assert 0 < add.score < add.max_score  # public tests pass, the hidden property fails
    assert tally.score == pytest.approx(60 * 3 / 4)  # only refuses-negative (weight 1 of 4) fails
    assert report.score == pytest.approx(add.score + tally.score, abs=0.01)


def test_gradescope_results_validate_and_add_up(report):
    data = to_gradescope(report)
    jsonschema.validate(data, SCHEMA)
    assert sum(test["score"] for test in data["tests"]) == pytest.approx(report.score, abs=0.01)
    total = sum(test["max_score"] for test in data["tests"])
    assert total == pytest.approx(report.max_score, abs=0.01)
    assert {test["visibility"] for test in data["tests"]} == {"visible", "hidden"}
    failed = [test for test in data["tests"] if test["status"] == "failed"]
    assert failed and all(test["output"] for test in failed)


def test_gradescope_hides_hidden_tests(report):
    hidden = [t for t in report.tests if t.id.startswith("hidden/")]
    public = [t for t in report.tests if t.id.startswith("public/")]
    assert hidden and all(t.visibility == "hidden" for t in hidden)
    assert public and all(t.visibility == "visible" for t in public)


def test_json_report_has_its_documented_fields(report):
    data = json.loads(render(report, "json"))
    assert data["format"] == "cardlab-report/1"
    assert set(data) == {
        "format", "assignment", "title", "phase", "phase_title", "submission", "score",
        "max_score", "public_only", "notes", "parts", "cardlab_version", "python", "seconds",
        "isolation", "open_points",
    }
    assert set(data["isolation"]) == {"applied", "missing"}
    assert data["isolation"]["applied"], "a worker ran, so some confinement layer applied"
    test = data["parts"][0]["tests"][0]
    assert set(test) == {
        "id", "name", "weight", "status", "fraction", "message", "visibility", "seconds",
    }
    assert data == to_json(report) | {"parts": data["parts"]}


def test_text_report_shows_parts_and_failures(report):
    text = render(report, "text")
    assert "Adding two numbers" in text and "A running tally" in text
    assert "expected: 101" in text or "expected:" in text
    assert "Run it again: cardlab grade toy --phase 1" in text
    assert "Traceback" not in text


def test_missing_isolation_layers_are_shown_to_the_instructor_only(report):
    lacking = dataclasses.replace(report, isolation_notes=("no network: not here",))
    assert "Isolation not available: no network: not here" in render(lacking, "text")
    check = dataclasses.replace(lacking, public_only=True)
    assert "Isolation not available" not in render(check, "text")
    assert json.loads(render(check, "json"))["isolation"]["missing"] == ["no network: not here"]
