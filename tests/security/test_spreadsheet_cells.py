"""Every CSV file cardlab writes opens in a spreadsheet as data: no cell runs as a formula.

Student ids are folder names, which students choose; a folder named ``=2+5`` must not
become a live formula in the instructor's gradebook. The test of the repository makes
sure no module writes CSV around the one writer that escapes such cells.
"""

from __future__ import annotations

import ast
import csv
import textwrap
from decimal import Decimal
from pathlib import Path

import pytest
from rich.console import Console
from support.toy_submissions import GOOD_TALLY

from cardlab.batch.console import write_and_print
from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.spreadsheet import fixed, is_formula, safe_cell, unneutralised

ROOT = Path(__file__).resolve().parents[2]
SHARED_WRITER = ROOT / "cardlab" / "spreadsheet.py"
WRITING_NAMES = {"writer", "DictWriter"}
"""The csv module's writers: only the shared one may call them."""

HOSTILE = ["=2+5", "@SUM(1)", "+1", "-1+2", '=HYPERLINK("x.example","y")', "\t=1+1"]


@pytest.mark.parametrize("text", [*HOSTILE, "\r=1", "  =1+1", "-", "@"])
def test_a_formula_cell_is_escaped_and_read_back_as_it_was(text):
    cell = safe_cell(text)
    assert cell == "'" + text
    assert not is_formula(cell)
    assert unneutralised(cell) == text


@pytest.mark.parametrize("value", [-1, -2.5, 0, 7, Decimal("-0.125"), fixed(-0.1, 3)])
def test_numbers_stay_numbers(value):
    assert safe_cell(value) is value


@pytest.mark.parametrize("text", ["alice", "", "'quoted", "a=b", "1-2", "    Points Possible"])
def test_plain_text_is_left_alone(text):
    assert safe_cell(text) == text
    assert unneutralised(text) == text


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.reader(file))


def test_hostile_folder_names_reach_the_gradebook_and_status_as_text(toy, tmp_path):
    subs = tmp_path / "subs"
    for name in ["plain", *HOSTILE]:
        (subs / name).mkdir(parents=True)
        (subs / name / "counter.py").write_text(textwrap.dedent(GOOD_TALLY))
    output = tmp_path / "out"
    grade_all(toy, BatchRequest("toy", 1, subs, output, jobs=2))
    write_and_print(toy, "toy", 1, output, Console(file=None, quiet=True))

    for name in ("gradebook.csv", "status.csv", "overview/parts.csv"):
        rows = _rows(output / name)
        formulas = [cell for row in rows for cell in row if is_formula(cell)]
        assert formulas == [], name
    gradebook = _rows(output / "gradebook.csv")
    header, body = gradebook[0], gradebook[1:]
    assert {unneutralised(row[0]) for row in body} == {"plain", *HOSTILE}
    for row in body:
        cells = dict(zip(header, row, strict=True))
        assert float(cells["total"]) == float(cells["add"]) + float(cells["tally"]) == 100
    status = {unneutralised(row[0]): row for row in _rows(output / "status.csv")[1:]}
    assert set(status) == {"plain", *HOSTILE}
    assert all(float(row[2]) == 100 for row in status.values())


def csv_writers_outside(path: Path) -> list[str]:
    """Where a module calls the csv module's writers itself: ``file:line: name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in WRITING_NAMES
            and isinstance(node.value, ast.Name)
            and node.value.id == "csv"
        ):
            found.append(f"{path.name}:{node.lineno}: csv.{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module == "csv":
            found += [
                f"{path.name}:{node.lineno}: from csv import {alias.name}"
                for alias in node.names
                if alias.name in WRITING_NAMES | {"*"}
            ]
    return found


def test_the_check_finds_a_module_that_writes_csv_itself(tmp_path):
    module = tmp_path / "export.py"
    module.write_text(
        "import csv\nfrom csv import DictWriter\n\n"
        "def write(file):\n    csv.writer(file).writerow(['=1+1'])\n"
    )
    assert sorted(csv_writers_outside(module)) == [
        "export.py:2: from csv import DictWriter",
        "export.py:5: csv.writer",
    ]


def test_every_module_writes_csv_through_the_shared_writer():
    modules = sorted((ROOT / "cardlab").rglob("*.py")) + sorted((ROOT / "benchmarks").glob("*.py"))
    found = [
        finding
        for module in modules
        if module != SHARED_WRITER
        for finding in csv_writers_outside(module)
    ]
    assert found == [], "write CSV with cardlab.spreadsheet.write_csv or SafeWriter"
