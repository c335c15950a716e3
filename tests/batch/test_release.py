"""`cardlab release DIR`: one report per student, in files every file system and LMS takes."""

from __future__ import annotations

import csv
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.hostile_class import HOSTILE, STUDENTS
from support.html_pages import parse

from cardlab.batch.file_names import LONGEST, file_names, is_portable
from cardlab.batch.store import DATABASE_NAME, FAILED
from cardlab.cli import main
from cardlab.spreadsheet import unneutralised

PORTABLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
WINDOWS_RESERVED = re.compile(r"(CON|PRN|AUX|NUL|COM\d|LPT\d)(\..*)?", re.IGNORECASE)


@pytest.mark.parametrize("student", ["ann", "s1234567", "ann.lee", "Ann_Lee-2", "a" * LONGEST])
def test_a_portable_id_is_its_own_file_name(student):
    assert file_names([student]) == {student: student}


@pytest.mark.parametrize(
    ("student", "kept"),
    [
        ("José Smith", "Jose_Smith"),
        ("<script>x", "script_x"),
        ('"><img src=x onerror=alert(1)>', "img_src_x_onerror_alert_1_"),
        ("javascript:alert(1)", "javascript_alert_1_"),
        ("=2+5", "2_5"),
        ("con", "con"),
        ("NUL.txt", "NUL_txt"),
        ("lpt1", "lpt1"),
        (".hidden", "hidden"),
        ("-rf", "rf"),
        ("ends.", "ends_"),
        ("a" * 100, "a" * LONGEST),
        ("日本", ""),
        ("tab\there", "tab_here"),
    ],
)
def test_any_other_id_keeps_its_portable_characters_and_a_hash(student, kept):
    name = file_names([student])[student]
    assert re.fullmatch(rf"{re.escape(kept)}-?[0-9a-f]{{8}}", name), name
    assert PORTABLE.fullmatch(name) and not WINDOWS_RESERVED.fullmatch(name)
    assert not name.endswith(".") and len(name) <= LONGEST + 9


def test_ids_that_differ_only_in_case_or_by_what_is_dropped_get_names_of_their_own():
    students = ["Ann", "ann", "a b", "a_b", "a?b", "x"]
    names = file_names(students)
    assert len({name.casefold() for name in names.values()}) == len(students)
    assert names["a_b"] == "a_b" and names["x"] == "x"
    assert names["Ann"] != "Ann" and names["ann"] != "ann"
    assert file_names(reversed(students)) == names  # whatever the order


def test_is_portable_refuses_what_some_file_system_refuses():
    assert is_portable("ann")
    for student in ["a/b", "a\\b", "a:b", "a*b", "CON", "com1.html", "a.", " a", "", "é"]:
        assert not is_portable(student), student


def _release(*arguments: str):
    return CliRunner().invoke(main, ["release", *arguments])


def _manifest(folder: Path) -> dict[str, tuple[str, str]]:
    with (folder / "files.csv").open(newline="", encoding="utf-8") as file:
        return {unneutralised(r["student_id"]): (r["html"], r["txt"]) for r in csv.DictReader(file)}


@pytest.fixture
def grades(hostile_class, tmp_path) -> Path:
    _, output = hostile_class
    shutil.copytree(output, tmp_path / "out")
    return tmp_path / "out"


def test_each_student_gets_an_html_and_a_text_report_named_for_upload(grades):
    result = _release(str(grades))

    assert result.exit_code == 0, result.output
    assert (
        f"Released {len(STUDENTS)} student(s)' reports into {grades / 'release'}" in result.output
    )
    folder = grades / "release"
    manifest = _manifest(folder)
    assert set(manifest) == set(STUDENTS)
    names = file_names(STUDENTS)
    for student, (html, txt) in manifest.items():
        assert (html, txt) == (f"{names[student]}.html", f"{names[student]}.txt")
        assert PORTABLE.fullmatch(html) and PORTABLE.fullmatch(txt)
        text = (folder / txt).read_text(encoding="utf-8")
        assert text == (grades / "reports" / f"{student}.txt").read_text(encoding="utf-8")
        page = parse((folder / html).read_text(encoding="utf-8"))
        assert page.texts["h1"] == [student]
        assert not [tag for tag, _ in page.elements if tag == "a"]  # no link to the class
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["files.csv", *(name for pair in manifest.values() for name in pair)]
    )
    assert "Still to mark by hand" in result.output and HOSTILE in result.output


def test_a_failed_grading_is_not_released_and_an_earlier_release_is_replaced(grades):
    assert _release(str(grades)).exit_code == 0
    db = sqlite3.connect(grades / DATABASE_NAME)
    with db:  # as a grading that did not finish leaves a student never graded before
        db.execute(
            "UPDATE results SET status = ?, cause = 'the judge died' WHERE student = 'bob'",
            (FAILED,),
        )
    db.close()

    result = _release(str(grades))

    assert result.exit_code == 0, result.output
    assert "Not released, their grading failed: bob" in result.output
    folder = grades / "release"
    assert "bob" not in _manifest(folder)
    assert not (folder / "bob.html").exists() and not (folder / "bob.txt").exists()


def test_a_folder_of_other_files_is_refused_and_left_as_it_was(grades, tmp_path):
    other = tmp_path / "desktop"
    other.mkdir()
    (other / "notes.txt").write_text("mine")

    result = _release(str(grades), "--output", str(other))

    assert result.exit_code == 2
    assert result.output.strip() == (
        f"cardlab: {other} is not empty and holds no earlier release (files.csv); "
        "name an empty or new folder with --output"
    )
    assert [p.name for p in other.iterdir()] == ["notes.txt"]


def test_a_folder_without_a_class_store_is_refused_in_one_line(tmp_path):
    result = _release(str(tmp_path))

    assert result.exit_code == 2
    assert result.output.strip() == (
        f"cardlab: {tmp_path} holds no results of cardlab grade-all (no results.sqlite); "
        "name the output folder of a graded class"
    )
