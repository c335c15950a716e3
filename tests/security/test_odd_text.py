"""One bad submission never stops a batch or loses a report.

The submissions send every odd kind of text the suite can produce (lone surrogates,
NULs, C1 codes, noncharacters, separators, huge strings: see ``submissions/``); each
report is still written in every format, and a batch grades every student around them.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import zipfile

import pytest
from click.testing import CliRunner
from test_attacks import HERE

from cardlab.batch.store import DATABASE_NAME
from cardlab.cli import main
from cardlab.judge import grading
from cardlab.reports import FORMATS

pytestmark = pytest.mark.slow

ODD = ["lone-surrogates", "odd-text-everywhere", "draws-on-screen", "huge-exception-message"]


def _grade_all(toy, subs, output):
    return CliRunner().invoke(
        main,
        [
            "grade-all",
            "toy",
            "--phase",
            "1",
            str(subs),
            "--project",
            str(toy.root),
            "--output",
            str(output),
            "--jobs",
            "1",
        ],
    )


@pytest.fixture
def graded_once(once, monkeypatch):
    """Make the grading inside ``cardlab grade`` happen once per submission and run.

    The report does not depend on the format asked for (only the rendering and writing
    after it read the format), so every format renders one grading of the submission.
    """
    grade = grading.run

    def run(job, select=None, progress=None):
        return once(f"odd-text-{job.submission.name}", lambda _folder: grade(job, select))

    monkeypatch.setattr(grading, "run", run)


@pytest.mark.parametrize("attack", ODD)
@pytest.mark.parametrize("fmt", FORMATS)
def test_grade_writes_every_format_whatever_the_text(toy, tmp_path, graded_once, attack, fmt):
    output = tmp_path / f"report.{fmt}"
    result = CliRunner().invoke(
        main,
        [
            "grade",
            "toy",
            "--phase",
            "1",
            "--project",
            str(toy.root),
            "--submission",
            str(HERE / "submissions" / attack),
            "--format",
            fmt,
            "--output",
            str(output),
        ],
    )
    assert result.exit_code == 0, result.output
    text = output.read_text(encoding="utf-8")
    if fmt == "text":
        assert text.startswith("Toy") and "\x1b" not in text
    else:
        assert json.loads(text)["score"] == 0 or attack == "lone-surrogates"


def test_grade_all_grades_every_student_around_odd_text(toy, tmp_path):
    subs = tmp_path / "subs"
    for number, attack in enumerate(ODD):
        shutil.copytree(HERE / "submissions" / attack, subs / f"s{number}-{attack}")
    shutil.copytree(toy.reference_dir("toy"), subs / "z-honest")
    output = tmp_path / "out"

    result = _grade_all(toy, subs, output)

    assert result.exit_code == 0, result.output
    db = sqlite3.connect(output / DATABASE_NAME)
    rows = dict(db.execute("SELECT student, status FROM results").fetchall())
    db.close()
    assert set(rows.values()) == {"graded"} and len(rows) == len(ODD) + 1
    assert "z-honest,100.0" in (output / "gradebook.csv").read_text(encoding="utf-8")
    for student in rows:
        assert (output / "reports" / f"{student}.txt").read_text(encoding="utf-8")
        assert json.loads((output / "reports" / f"{student}.json").read_text())["parts"]


def test_grade_all_prints_names_and_causes_as_text_not_markup(toy, tmp_path):
    """A zip member or stray file named like rich markup (``[/bold]``) is shown as it is."""
    subs = tmp_path / "subs"
    shutil.copytree(toy.reference_dir("toy"), subs / "honest")
    with zipfile.ZipFile(subs / "markup.zip", "w") as bundle:
        link = zipfile.ZipInfo("[/bold]\x1b[2J.py")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        bundle.writestr(link, "/etc/passwd")
    (subs / "[bold]stray").write_text("")
    output = tmp_path / "out"

    result = _grade_all(toy, subs, output)

    assert result.exit_code == 0, result.output
    assert "markup.zip: [/bold]\\x1b[2J.py is a symbolic link" in result.output
    assert "[bold]stray" in result.output
    assert "honest,100.0" in (output / "gradebook.csv").read_text(encoding="utf-8")


def test_grade_all_grades_a_folder_whose_name_is_not_text(toy, tmp_path):
    """A student folder named with bytes that are not UTF-8 is graded like any other."""
    subs = tmp_path / "subs"
    subs.mkdir()
    odd = os.path.join(os.fsencode(subs), b"caf\xe9-\xff")
    os.mkdir(odd)
    shutil.copy(toy.reference_dir("toy") / "counter.py", os.fsdecode(odd))
    shutil.copytree(toy.reference_dir("toy"), subs / "plain")
    output = tmp_path / "out"

    result = _grade_all(toy, subs, output)

    assert result.exit_code == 0, result.output
    gradebook = (output / "gradebook.csv").read_text(encoding="utf-8")
    assert "caf\ufffd-\ufffd,100.0" in gradebook and "plain,100.0" in gradebook
