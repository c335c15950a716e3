"""The class's HTML pages: what they show, that a student's text stays text, refreshed by marks."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.hostile_class import (
    ERROR_PAYLOAD,
    HOSTILE,
    HOSTILE_NAMES,
    NOTES_PAYLOAD,
    STUDENTS,
)
from support.html_pages import parse

from cardlab.batch.file_names import file_names
from cardlab.batch.marks import class_record
from cardlab.batch.overview import summarize
from cardlab.batch.site import histogram, index_page, student_page
from cardlab.batch.store import LATE_REFUSED
from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.reports.json_report import from_json
from cardlab.reports.text import render_text

TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "p",
    "a",
    "h1",
    "h2",
    "table",
    "tr",
    "th",
    "td",
    "pre",
    "span",
    "code",
    "svg",
    "rect",
    "text",
    "line",
}
"""Every element the templates and rich's export write: no other may reach a page."""
CSP = "default-src 'none'"


@pytest.fixture
def batch(hostile_class, tmp_path) -> tuple[Path, Path]:
    """A copy of the graded hostile class, for a test to change."""
    project, output = hostile_class
    shutil.copytree(output, tmp_path / "out")
    return project, tmp_path / "out"


def _pages(output: Path) -> dict[str, str]:
    site = output / "site"
    return {
        path.relative_to(site).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(site.rglob("*.html"))
    }


def _page_of(output: Path, student: str) -> str:
    name = file_names(STUDENTS)[student]
    return (output / "site" / "students" / f"{name}.html").read_text(encoding="utf-8")


def test_every_page_holds_only_the_templates_elements_and_safe_links(hostile_class):
    _, output = hostile_class
    pages = _pages(output)
    assert set(pages) == {
        "index.html",
        *(f"students/{n}.html" for n in file_names(STUDENTS).values()),
    }
    for name, markup in pages.items():
        elements = parse(markup).elements
        assert {tag for tag, _ in elements} <= TAGS, name
        for tag, attributes in elements:
            assert not [a for a in attributes if a.startswith("on")], (name, tag, attributes)
            assert not [a for a in attributes if a in {"src", "srcdoc", "action", "formaction"}]
            if tag == "a":
                href = attributes["href"]
                assert re.fullmatch(r"(\.\./index|students/[A-Za-z0-9._-]+)\.html", href), href
                assert (output / "site" / Path(name).parent / href).is_file(), href
        policy = [a["content"] for t, a in elements if t == "meta" and "http-equiv" in a]
        assert policy and policy[0].startswith(CSP), name


def test_hostile_folder_names_are_shown_as_text_and_linked_by_safe_names(hostile_class):
    _, output = hostile_class
    index = parse(_pages(output)["index.html"])
    assert set(STUDENTS) <= set(index.texts["a"])
    for student in HOSTILE_NAMES:
        page = parse(_page_of(output, student))
        assert page.texts["h1"] == [student]
        assert page.texts["title"][0].startswith(student)


def test_a_students_page_is_the_report_they_get_with_their_messages_as_text(hostile_class):
    _, output = hostile_class
    outcome = next(o for o in class_record(output, "toy", 1) if o.student == HOSTILE)
    page = parse(_page_of(output, HOSTILE))
    [report] = page.texts["pre"]
    assert report == render_text(from_json(json.loads(outcome.report_json)))
    assert ERROR_PAYLOAD in report
    assert NOTES_PAYLOAD.splitlines()[0] in report  # the hand-marked part's file, in full
    flat = " ".join(report.replace("│", " ").split())  # the panels wrap long lines
    for piece in (
        "<script>document.documentElement",
        '"><img src=x onerror=',
        "</style>",
        "[link=javascript:",
    ):
        assert piece in flat
    commands = page.texts["code"]
    assert len(commands) == 4 and all(c.startswith("cardlab grade toy --phase 1") for c in commands)
    assert all(HOSTILE in c for c in commands)  # its folder, quoted for a shell


def test_the_index_shows_the_class(hostile_class):
    _, output = hostile_class
    page = parse(_pages(output)["index.html"])
    outcomes = class_record(output, "toy", 1)
    graded = [o for o in outcomes if o.status == "graded"]
    bars = [e for e in page.elements if e[0] == "rect"]
    counts = [int(t.split()[0]) for t in page.texts["title"][1:] if "student(s) from" in t]
    assert len(bars) == len(counts) == 10 and sum(counts) == len(graded)
    assert counts[-1] == sum(o.score >= 99 for o in graded)
    rows = page.texts["tr"]
    assert any(row.startswith("Adding two numbers") for row in rows)
    assert any("add gives the sum (2 failing cases)" in row for row in rows)
    assert "No deadline set" in " ".join(page.texts["p"])
    assert any(row.startswith("cy") and "empty" in row for row in rows)


def test_marks_import_writes_the_pages_again(batch, tmp_path):
    project, output = batch
    marks = tmp_path / "marks.csv"
    marks.write_text(f'student,part,points,comment\n"{HOSTILE}",notes,7,</td><b>bold</b>\n')

    result = CliRunner().invoke(
        main,
        [
            "marks",
            "import",
            "toy",
            "--phase",
            "1",
            str(marks),
            "--output",
            str(output),
            "--project",
            str(project),
        ],
    )

    assert result.exit_code == 0, result.output
    page = parse(_page_of(output, HOSTILE))
    row = next(row for row in page.texts["tr"] if row.startswith("Notes on the tally"))
    assert "7 / 10" in row and "</td><b>bold</b>" in row
    assert "b" not in {tag for tag, _ in page.elements}
    index = parse(_pages(output)["index.html"])
    hostile_row = next(row for row in index.texts["tr"] if row.startswith(HOSTILE))
    assert "52" in hostile_row  # 45 graded and 7 marked by hand


def test_a_page_of_a_student_not_graded_says_why(hostile_class):
    _, output = hostile_class
    page = parse(_page_of(output, "cy"))
    assert page.texts["h2"] == ["Not graded"]
    assert "none of the files graded in phase 1 was submitted" in " ".join(page.texts["p"])


def test_late_and_refused_submissions_are_listed_when_the_store_has_times(hostile_class, toy):
    project, output = hostile_class
    outcomes = class_record(output, "toy", 1)
    times = {"ann": ("2026-11-30T23:00+00:00", 0.0), "bob": ("2026-12-01T09:00+00:00", 6.0)}
    due = "2026-12-01T00:00+00:00"
    dated = [
        replace(
            o,
            submitted_at=times.get(o.student, ("", 0.0))[0],
            penalty=times.get(o.student, ("", 0.0))[1],
            due=due,
        )
        for o in outcomes
    ]
    refused = replace(
        outcomes[0],
        student="dan",
        status=LATE_REFUSED,
        submitted_at="2026-12-09T10:00+00:00",
        due=due,
    )
    dated.append(refused)
    phase = Project(project).spec("toy").phase(1)
    files = file_names(o.student for o in dated)

    page = parse(index_page(dated, summarize(dated, phase), "Toy, phase 1", files))

    late_rows = [row for row in page.texts["tr"] if "2026-12" in row]
    assert late_rows == [
        "bob2026-12-01T09:00+00:006 points off",
        "dan2026-12-09T10:00+00:00refused: after the last allowed time",
    ]
    plain = parse(
        index_page(
            outcomes,
            summarize(outcomes, phase),
            "Toy, phase 1",
            file_names(o.student for o in outcomes),
        )
    )
    assert "No deadline set" in " ".join(plain.texts["p"])
    on_time = [o for o in dated if o.student == "ann"]
    quiet = parse(index_page(on_time, summarize(on_time, phase), "T", {"ann": "ann"}))
    assert "No submission was late." in quiet.texts["p"]


@pytest.mark.parametrize(
    ("scores", "counts"),
    [
        ([], [0] * 10),
        ([0, 10, 11, 110], [2, 1, 0, 0, 0, 0, 0, 0, 0, 1]),
        ([55, 54.9], [0] * 4 + [1, 1] + [0] * 4),
    ],
)
def test_the_histogram_puts_each_score_in_its_bar(scores, counts):
    drawn = histogram(scores, 110)
    assert [bar.count for bar in drawn.bars] == counts
    tallest = max(counts) or 1
    for bar, count in zip(drawn.bars, counts, strict=True):
        assert bar.height == pytest.approx(drawn.bottom - bar.y)
        assert bar.height == pytest.approx((drawn.bottom - 12) * count / tallest, abs=0.1)


def test_a_page_to_hand_back_has_no_link_to_the_class(hostile_class):
    _, output = hostile_class
    outcome = next(o for o in class_record(output, "toy", 1) if o.student == "ann")
    page = parse(student_page(outcome, "Toy, phase 1", back=None))
    assert not [e for e in page.elements if e[0] == "a"]
    assert page.texts["h1"] == ["ann"]


def test_the_pages_are_written_again_from_the_store_alone(batch):
    project, output = batch
    students = output / "site" / "students"
    (students / "gone.html").write_text("a student no longer in the store")
    (students / "ann.html").write_text("edited by hand")

    result = CliRunner().invoke(
        main,
        ["overview", "toy", "--phase", "1", "--output", str(output), "--project", str(project)],
    )

    assert result.exit_code == 0, result.output
    assert not (students / "gone.html").exists()
    assert parse((students / "ann.html").read_text(encoding="utf-8")).texts["h1"] == ["ann"]
    assert "The class's pages, to open in a browser:" in result.output
