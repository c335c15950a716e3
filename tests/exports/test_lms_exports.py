"""`cardlab export canvas` and `cardlab export moodle`: the class store's totals, into an LMS.

The class is the toy assignment with a part marked by hand, graded by grade-all and
marked with `cardlab marks import`, so that the exported totals hold the marks.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.toy_class import BUGGY, GOOD, graded_class, toy_with_notes

from cardlab.batch.console import run_marks_import
from cardlab.cli import main
from cardlab.spreadsheet import unneutralised

CANVAS_LINES = [
    "Student,ID,SIS User ID,SIS Login ID,Section,Toy phase 1 (101),Other (102),Current Score",
    ",,,,,Manual Posting,,",
    "    Points Possible,,,,,10.00,5.00,(read only)",
    '"A, Ann",1,s1,ann,Sec 1,,4.00,80.00',
    '"B, Bob",2,007,bob,Sec 1,3.00,-1.00,70.00',
    '"E, Eve",5,s5,eve,Sec 2,,5.00,100.00',
    '"=""Plus, P""",6,s6,=2+5,Sec 2,,EX,',
    '"Student, Test",9,,,Sec 1,,,',
]
CANVAS_EXPORT = "\ufeff" + "\r\n".join(CANVAS_LINES) + "\r\n"
"""A gradebook as Canvas exports it: byte-order mark, a manual-posting row, a test student."""


@pytest.fixture(scope="module")
def marked(toy, tmp_path_factory) -> tuple[Path, Path]:
    """A graded and marked toy class: the project's root and the grades folder."""
    folder = tmp_path_factory.mktemp("lms")
    project = toy_with_notes(toy, folder / "project")
    grades = graded_class(project, folder, {"ann": GOOD, "bob": BUGGY, "=2+5": GOOD, "cy": None})
    marks = folder / "marks.csv"
    marks.write_text("student,part,points,comment\nann,notes,8,\nbob,notes,10,\n")
    run_marks_import(project, "toy", 1, grades, marks)
    return project.root, grades


def _cli(project: Path, *args: str):
    return CliRunner().invoke(main, [*args, "--project", str(project)])


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8-sig") as file:
        return list(csv.reader(file))


def _canvas(project: Path, grades: Path, exported: Path, output: Path, *more: str):
    arguments = ["export", "canvas", "toy", "--phase", "1", "--gradebook", str(exported)]
    arguments += ["--column", "101", "--grades", str(grades), "--output", str(output), *more]
    return _cli(project, *arguments)


def test_canvas_gets_the_totals_in_its_column_and_keeps_every_other_cell(marked, tmp_path):
    project, grades = marked
    exported = tmp_path / "export.csv"
    exported.write_text(CANVAS_EXPORT, encoding="utf-8")
    output = tmp_path / "import.csv"

    result = _canvas(project, grades, exported, output)

    assert result.exit_code == 0, result.output
    assert output.read_bytes().startswith(b"\xef\xbb\xbf")  # Canvas's byte-order mark kept
    before, after = _rows(exported), _rows(output)
    assert len(after) == len(before)
    column = before[0].index("Toy phase 1 (101)")
    filled = {row[3]: row[column] for row in after[3:]}
    # out of 110 (the notes part included), scaled to Canvas's 10 points possible
    assert filled == {"ann": "9.82", "bob": "6.36", "'=2+5": "9.09", "eve": "", "": ""}
    for old, new in zip(before, after, strict=True):
        kept = [unneutralised(cell) for n, cell in enumerate(new) if n != column]
        assert kept == [cell for n, cell in enumerate(old) if n != column]
    assert after[4][6] == "-1.00" and after[2][5] == "10.00"  # numbers stay numbers
    assert after[4][2] == "007"  # and an id stays the text it was
    assert "'=" in output.read_text(encoding="utf-8-sig")  # the formula-like name is text
    said = " ".join(result.output.split())
    assert "Filled Toy phase 1 (101) for 3 student(s), scaled from 110 to 10 points" in said
    assert "Not in the Canvas gradebook by SIS Login ID, so not filled: cy" in said
    assert "1 row(s) of the gradebook have no total here, left as they were: eve" in said
    assert "1 student(s) have a part to mark by hand" in said and "=2+5" in said


def test_canvas_students_can_be_matched_by_another_identity_column(marked, tmp_path):
    project, grades = marked
    exported = tmp_path / "export.csv"
    exported.write_text(CANVAS_EXPORT.replace(",ann,", ",xx,").replace(",s1,", ",ann,"))
    output = tmp_path / "import.csv"

    result = _canvas(project, grades, exported, output, "--match", "SIS User ID")

    assert result.exit_code == 0, result.output
    assert _rows(output)[3][5] == "9.82"


HEADER = "Student,ID,SIS User ID,SIS Login ID,Section,Toy phase 1 (101),Current Score\n"
POINTS = "    Points Possible,,,,,10.00,(read only)\n"
MALFORMED = {
    "no ID column": (
        HEADER.replace(",ID,", ",Id,") + POINTS,
        "export.csv:1: Canvas's ID: no 'ID' column",
    ),
    "no login column": (
        HEADER.replace("SIS Login ID", "Login") + POINTS,
        "export.csv:1: --match: no 'SIS Login ID' column",
    ),
    "no such assignment": (
        HEADER.replace("(101)", "(111)") + POINTS,
        "export.csv:1: --column: no assignment column '101'",
    ),
    "no points possible row": (HEADER + '"A, Ann",1,s1,ann,S,,\n', "export.csv:2: Student: no"),
    "points possible not a number": (
        HEADER + POINTS.replace("10.00", "ten"),
        "export.csv:2: Toy phase 1 (101): points possible 'ten' is not a number",
    ),
    "a short row": (
        HEADER + POINTS + '"A, Ann",1,s1,ann\n',
        "export.csv:3: 4 fields where the header has 7",
    ),
    "a student twice": (
        HEADER + POINTS + '"A, Ann",1,s1,ann,S,,\n"A, Ann",1,s1,ann,S,,\n',
        "export.csv:4: SIS Login ID: 'ann' is on line 3 too",
    ),
    "empty": ("", "export.csv:1: the file is empty"),
}


@pytest.mark.parametrize(("text", "message"), MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_canvas_export_is_refused_in_one_line(marked, tmp_path, text, message):
    project, grades = marked
    exported = tmp_path / "export.csv"
    exported.write_text(text, encoding="utf-8")
    output = tmp_path / "import.csv"

    result = _canvas(project, grades, exported, output)

    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert not output.exists()


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda path: path.write_bytes(b"Student,ID\n\xff\xfe\n"), "is not UTF-8 text"),
        (lambda path: None, "cannot read the exported gradebook"),
    ],
    ids=["binary", "missing"],
)
def test_an_unreadable_canvas_export_is_refused(marked, tmp_path, setup, message):
    project, grades = marked
    exported = tmp_path / "export.csv"
    setup(exported)
    result = _canvas(project, grades, exported, tmp_path / "import.csv")
    assert result.exit_code == 2 and message in result.output, result.output


def test_canvas_export_is_never_written_over_the_file_it_reads(marked, tmp_path):
    project, grades = marked
    exported = tmp_path / "export.csv"
    exported.write_bytes(CANVAS_EXPORT.encode())
    result = _canvas(project, grades, exported, exported)
    assert result.exit_code == 2 and "is the exported gradebook itself" in result.output
    assert exported.read_bytes() == CANVAS_EXPORT.encode()


def test_moodle_gets_every_total_with_the_marks(marked, tmp_path):
    project, grades = marked
    output = tmp_path / "moodle.csv"

    result = _cli(
        project,
        "export",
        "moodle",
        "toy",
        "--phase",
        "1",
        "--grades",
        str(grades),
        "--output",
        str(output),
        "--identity",
        "idnumber",
    )

    assert result.exit_code == 0, result.output
    assert _rows(output) == [
        ["idnumber", "Toy, phase 1"],
        ["'=2+5", "100.0"],
        ["ann", "108.0"],
        ["bob", "70.0"],
        ["cy", "0.0"],
    ]
    assert "Wrote 4 student(s)" in result.output


def test_an_export_without_a_graded_batch_is_refused(marked, tmp_path):
    project, _ = marked
    result = _cli(project, "export", "moodle", "toy", "--phase", "1", "--grades", str(tmp_path))
    assert result.exit_code == 2 and "holds no results of cardlab grade-all" in result.output
