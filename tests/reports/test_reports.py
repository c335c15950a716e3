"""The three report formats: terminal text, cardlab JSON, Gradescope results."""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import jsonschema
import pytest

from cardlab.judge.results import LeaderboardEntry, PartResult, Selection
from cardlab.reports import render, to_gradescope, to_json
from cardlab.reports.gradescope import apportion

SCHEMA = json.loads(
    (Path(__file__).parents[1] / "support" / "gradescope_results.schema.json").read_text()
)

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


def test_leaderboard_figures_reach_gradescope_and_the_json_report(report):
    assert "leaderboard" not in to_gradescope(report), "the toy graders record no figure"
    entries = (
        LeaderboardEntry("Tournament share", 0.625),
        LeaderboardEntry("Seconds a game", 1.5, "asc"),
    )
    ranked = dataclasses.replace(report, leaderboard=entries)
    data = to_gradescope(ranked)
    jsonschema.validate(data, SCHEMA)
    assert data["leaderboard"] == [
        {"name": "Tournament share", "value": 0.625, "order": "desc"},
        {"name": "Seconds a game", "value": 1.5, "order": "asc"},
    ]
    assert json.loads(render(ranked, "json"))["leaderboard"] == data["leaderboard"]


def test_a_leaderboard_figure_is_finite_and_ordered_one_of_two_ways():
    from cardlab.judge.plugin import Leaderboard

    entries = {}
    board = Leaderboard(entries)
    board.record("Tournament share", 0.5)
    board.record("Tournament share", 0.75)  # the last value recorded wins
    board.record("Broken", float("nan"))
    assert list(entries.values()) == [LeaderboardEntry("Tournament share", 0.75, "desc")]
    with pytest.raises(ValueError, match="'asc' or 'desc'"):
        board.record("Seconds", 1.0, order="up")


def test_gradescope_hides_hidden_tests(report):
    hidden = [t for t in report.tests if t.id.startswith("hidden/")]
    public = [t for t in report.tests if t.id.startswith("public/")]
    assert hidden and all(t.visibility == "hidden" for t in hidden)
    assert public and all(t.visibility == "visible" for t in public)


def test_json_report_has_its_documented_fields(report):
    data = json.loads(render(report, "json"))
    assert data["format"] == "cardlab-report/1"
    assert set(data) == {
        "format",
        "assignment",
        "title",
        "phase",
        "phase_title",
        "submission",
        "score",
        "max_score",
        "public_only",
        "notes",
        "parts",
        "cardlab_version",
        "python",
        "seconds",
        "isolation",
        "other_parts",
        "open_points",
        "leaderboard",
        "selection",
    }
    assert data["other_parts"] == "reference", "the toy spec keeps the default setting"
    assert set(data["isolation"]) == {"applied", "missing"}
    assert data["isolation"]["applied"], "a worker ran, so some confinement layer applied"
    test = data["parts"][0]["tests"][0]
    assert set(test) == {
        "id",
        "name",
        "weight",
        "status",
        "fraction",
        "message",
        "visibility",
        "seconds",
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


def _with_tests(report, change):
    """The report with each test replaced by ``change(test)``."""
    parts = tuple(
        dataclasses.replace(part, tests=tuple(change(test) for test in part.tests))
        for part in report.parts
    )
    return dataclasses.replace(report, parts=parts)


def test_text_report_says_why_tests_were_skipped(report):
    def skip_hidden(test):
        if test.visibility != "hidden":
            return test
        return dataclasses.replace(test, status="skipped", message="the [board] has no winner yet")

    text = render(_with_tests(report, skip_hidden), "text")
    hidden = sum(t.visibility == "hidden" for t in report.parts[0].tests)
    assert f"{hidden} test(s) of Adding two numbers skipped, not counted: the [board] has" in text


def test_text_report_never_says_passed_when_no_test_ran(report):
    skipped = _with_tests(report, lambda t: dataclasses.replace(t, status="skipped", message="x"))
    text = render(skipped, "text")
    assert "No test ran." in text and "passed" not in text.split("Total")[1]


def test_failure_panel_keeps_the_whole_test_name_and_an_unbroken_rerun_line(report):
    long_name = "A name long enough that a panel title would have to cut it " * 3
    failing = _with_tests(report, lambda t: dataclasses.replace(t, name=long_name.strip()))
    text = render(failing, "text")
    words = " ".join(line.strip("│ ") for line in text.splitlines())
    assert long_name.strip() in " ".join(words.split())
    assert any(line.startswith("Run it again: cardlab grade toy") for line in text.splitlines())


def _hundredths_sum(values):
    return sum(Decimal(repr(value)) for value in values)


@pytest.mark.parametrize(
    ("total", "shares"),
    [(100, [1, 1, 1]), (100, [1] * 132), (20, [1, 2, 3, 7]), (33.33, [0.5, 0.25, 0.25]), (7, [1])],
)
def test_apportion_adds_up_exactly_in_hundredths(total, shares):
    parts = apportion(total, shares)
    assert _hundredths_sum(parts) == Decimal(repr(float(total)))
    assert all(Decimal(repr(p)) == Decimal(repr(p)).quantize(Decimal("0.01")) for p in parts)
    exact = [total * s / sum(shares) for s in shares]
    assert all(abs(p - e) < 0.01 for p, e in zip(parts, exact, strict=True))


def test_gradescope_maxima_add_up_exactly_to_each_part(report):
    three = dataclasses.replace(report.parts[0], max_score=100.0)  # three ways, 33.33 each
    weighted = _with_tests(dataclasses.replace(report, parts=(three,)), lambda t: t)
    data = to_gradescope(weighted)
    assert _hundredths_sum(t["max_score"] for t in data["tests"]) == 100
    real = to_gradescope(report)
    for part in report.parts:
        tests = [t for t in real["tests"] if t["tags"] == [part.id]]
        assert _hundredths_sum(t["max_score"] for t in tests) == Decimal(repr(part.max_score))
        assert _hundredths_sum(t["score"] for t in tests) == Decimal(repr(part.score))


def test_a_failing_example_shows_the_drawn_values_not_the_fixtures(report):
    messages = "\n".join(test.message for test in report.failures)
    assert "Failing example: " in messages
    assert "<your code>" not in messages and "<reference>" not in messages
    assert "student=" not in messages


@pytest.mark.parametrize(
    ("note", "shown"),
    [
        (
            "Falsifying example: test_x(\n    student=<your code>,\n    ref=<reference>,\n"
            "    text='ſ',\n)",
            "Failing example: text='ſ'",
        ),
        (
            "Failing explicit example: test_x(\n    student=<your code>,\n    hand=[\n"
            "        'QS',\n    ],\n    n=2,\n)",
            "Failing example: hand=[\n        'QS',\n    ], n=2",
        ),
        ("Falsifying example: test_x(\n    student=<your code>,\n)", "Failing example"),
        ("Failing test case: test_x(\n    ref=<reference>,\n    n=0,\n)", "Failing example: n=0"),
        ("Explanation: these lines were always run", "Explanation: these lines were always run"),
    ],
)
def test_hypothesis_notes_leave_out_the_fixtures(note, shown):
    from cardlab.judge.notes import student_note

    assert student_note(note, {"student", "ref"}) == shown


def test_gradescope_shows_a_student_only_commands_a_student_can_run(grade_toy):
    from support.toy_submissions import with_add

    report = grade_toy({"counter.py": with_add("        return a - b")})
    failed = [t for t in to_gradescope(report)["tests"] if t["status"] == "failed"]
    public = [t["output"] for t in failed if t["visibility"] == "visible"]
    hidden = [t["output"] for t in failed if t["visibility"] == "hidden"]
    assert public and hidden
    for output in public:  # what the handout holds, run where the student works
        rerun = output.splitlines()[-1]
        assert rerun.startswith("Run it again: cardlab check --test 'tests/test_counter.py::")
    assert not [output for output in hidden if "Run it again" in output]
    assert not [t for t in failed if "--submission" in t["output"] or "public/" in t["output"]]


def _failing_file(report, count):
    """The report with ``count`` failing tests in one test file, in its first part."""
    part = report.parts[0]
    test = part.tests[0]
    many = tuple(
        dataclasses.replace(
            test,
            id=f"public/test_many.py::test_case[{n}]",
            name=f"Case {n}",
            status="failed",
            fraction=0.0,
            message=f"case {n} went wrong",
        )
        for n in range(count)
    )
    return dataclasses.replace(report, parts=(dataclasses.replace(part, tests=many),))


def test_text_shows_a_few_failures_per_test_file_and_the_other_reports_keep_every_one(report):
    many = _failing_file(report, 20)
    text = render(many, "text")
    assert text.index("Total") < text.index("failing test(s)"), "the summary comes first"
    assert [n for n in range(20) if f"case {n} went wrong" in text] == [0, 1, 2]
    assert "… and 17 more failing in public/test_many.py" in " ".join(text.split())
    data = json.loads(render(many, "json"))
    assert len([t for t in data["parts"][0]["tests"] if t["status"] == "failed"]) == 20
    outputs = [t["output"] for t in to_gradescope(many)["tests"] if t["status"] == "failed"]
    assert outputs == [f"case {n} went wrong" for n in range(20)]
    chosen = dataclasses.replace(many, selection=Selection("test_many", 20, 40))
    assert all(f"case {n} went wrong" in render(chosen, "text") for n in range(20))


_LONG_NAMES = [
    "Your AdvancedStrategy against the reference BasicStrategy, every deal twice",
    "Your AdvancedStrategy against your BasicStrategy, on your game, every deal twice",
    "A design rule holds in every one of the files you write in this phase [io-apart]",
    "A design rule holds in every one of the files you write in this phase [objects]",
]


def test_titles_of_passed_tests_are_cut_at_a_word_and_stay_distinct(report):
    part = dataclasses.replace(
        report.parts[0],
        title="AdvancedStrategy against BasicStrategy: the duplicate tournament",
        tests=tuple(
            dataclasses.replace(
                report.parts[0].tests[0],
                id=f"t{n}",
                name=name,
                status="passed",
                fraction=1.0,
                message="won 216 of 400 plays",
            )
            for n, name in enumerate(_LONG_NAMES)
        ),
    )
    text = render(dataclasses.replace(report, parts=(part,)), "text")
    titles = [line.strip("╭─╮ ") for line in text.splitlines() if line.startswith("╭")]
    assert len(titles) == len(set(titles)) == 4, titles
    words = set(" ".join(part.title.split() + [t.name for t in part.tests]).split())
    for title in titles:
        for word in title.removeprefix("✓ ").replace("…", " ").split():
            assert word.strip(":,") in {w.strip(":,") for w in words}, (word, title)


def test_the_note_of_a_part_marked_by_hand_leaves_every_title_on_one_line(report):
    manual = PartResult(
        "description",
        "ADVANCED.md: how the advanced strategy works",
        0.0,
        10.0,
        (),
        "marked by hand: ADVANCED.md is missing from the submission",
        manual="ADVANCED.md",
    )
    wide = dataclasses.replace(
        report.parts[0], title="BasicStrategy and BasicPlayer: the course's rule, ties left open"
    )
    text = render(dataclasses.replace(report, parts=(wide, *report.parts[1:], manual)), "text")
    rows = [line for line in text.splitlines() if line.startswith("│")]
    assert any(wide.title in row for row in rows) and any(manual.title in row for row in rows)
    assert "ADVANCED.md is missing from the submission; its 10 points are for you to award" in (
        " ".join(text.split())
    )
