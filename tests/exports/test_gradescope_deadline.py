"""The Gradescope autograder applies the phase's deadline and caps the hidden runs.

The autograder's ``run_autograder`` runs in a stand-in for ``/autograder`` laid out as
Gradescope lays it out, with a ``submission_metadata.json`` of Gradescope's format,
grading the toy assignment (tests/toy_project) with a deadline on phase 1: due
2026-03-06 23:59 +01:00, late work taken for three more days at 10 % a day begun, at
most 25 %; the first two submissions run the hidden tests.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from support.toy_class import GOOD
from support.toy_deadline import DEADLINE, toy_with_deadline

from cardlab.cli import main
from cardlab.exports.gradescope import PROJECT, RUN_AUTOGRADER
from cardlab.exports.gradescope_policy import read_metadata

SCHEMA = json.loads(
    (Path(__file__).parents[1] / "support" / "gradescope_results.schema.json").read_text()
)
CAP = "\n  [phase.gradescope]\n  hidden_runs = 2\n"
HIDDEN_TEST = "agrees with the reference"


@pytest.fixture(scope="module")
def source(toy, tmp_path_factory) -> Path:
    """The autograder's source folder: run_autograder and a real copy of the project."""
    folder = tmp_path_factory.mktemp("gradescope")
    linked = toy_with_deadline(toy, folder / "linked", DEADLINE + CAP)
    source = folder / "source"
    # a copy, not links: run_autograder takes others' access away from the whole project
    shutil.copytree(linked.root, source / PROJECT, symlinks=False)
    script = source / "run_autograder"
    script.write_text(
        RUN_AUTOGRADER.format(assignment="toy", phase=1, project=PROJECT, seconds=300)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return source


def _metadata(
    created_at: str,
    due: str | None = None,
    late_due: str | None = None,
    previous: tuple[float, ...] = (),
) -> dict:
    return {
        "id": 123456,
        "created_at": created_at,
        "assignment": {
            "due_date": due,
            "late_due_date": late_due,
            "id": 25828,
            "title": "Toy",
            "total_points": "100.0",
        },
        "submission_method": "upload",
        "users": [{"email": "ann@example.com", "id": 1234, "name": "Ann"}],
        "previous_submissions": [
            {"submission_time": f"2026-03-0{1 + n}T10:00:00+01:00", "score": score, "results": {}}
            for n, score in enumerate(previous)
        ],
    }


def _autograde(source: Path, tmp_path: Path, metadata: dict | str | None) -> dict:
    root = tmp_path / "autograder"
    root.mkdir(parents=True)
    (root / "source").symlink_to(source, target_is_directory=True)
    (root / "submission").mkdir()
    (root / "submission" / "counter.py").write_text(textwrap.dedent(GOOD))
    if metadata is not None:
        text = metadata if isinstance(metadata, str) else json.dumps(metadata)
        (root / "submission_metadata.json").write_text(text)
    env = {**os.environ, "CARDLAB_AUTOGRADER_ROOT": str(root), "CARDLAB_PYTHON": sys.executable}
    done = subprocess.run(
        [str(root / "source" / "run_autograder")],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    return results


def _names(results: dict) -> str:
    return " ".join(test["name"] for test in results["tests"])


def test_a_late_submission_loses_its_penalty_by_gradescopes_dates(source, tmp_path):
    # Gradescope's due (an extension, say) rules over the spec's: 1 day and 2 hours late
    metadata = _metadata(
        "2026-03-11T12:00:00.365935+01:00",
        due="2026-03-10T10:00:00.000000+01:00",
        late_due="2026-03-13T10:00:00.000000+01:00",
    )
    results = _autograde(source, tmp_path, metadata)
    assert results["score"] == 80
    assert results["output"].startswith("Toy, phase 1: 100 / 100\nSubmitted 2026-03-11T12:00")
    assert "a late penalty of 20 points, so 100 becomes 80" in results["output"]
    assert sum(test["score"] for test in results["tests"]) == 100  # the tests as graded


def test_without_gradescope_dates_the_specs_deadline_applies(source, tmp_path):
    results = _autograde(source, tmp_path, _metadata("2026-03-07T00:30:00-00:00"))
    assert results["score"] == 90  # 1 day begun after the spec's due
    on_time = _autograde(source, tmp_path / "on-time", _metadata("2026-03-06T12:00:00+01:00"))
    assert on_time["score"] == 100 and "late penalty" not in on_time["output"]


def test_after_the_late_due_a_submission_is_refused_and_not_graded(source, tmp_path):
    results = _autograde(source, tmp_path, _metadata("2026-03-10T00:00:01+01:00"))
    assert results["score"] == 0 and results["tests"] == []
    assert "after the last moment work is taken for this assignment" in results["output"]
    assert "2026-03-09T23:59:00+01:00" in results["output"]


def test_past_the_cap_only_the_public_tests_run_and_the_last_full_score_is_kept(source, tmp_path):
    full = _autograde(
        source, tmp_path / "second", _metadata("2026-03-05T10:00:00+01:00", previous=(40,))
    )
    assert full["score"] == 100 and HIDDEN_TEST in _names(full)

    third = _autograde(
        source, tmp_path / "third", _metadata("2026-03-05T11:00:00+01:00", previous=(40, 70))
    )

    assert third["score"] == 70
    assert HIDDEN_TEST not in _names(third) and "add gives the sum" in _names(third)
    assert all(test["max_score"] == 0 for test in third["tests"])
    assert "This is your submission 3. The hidden tests run on your first 2" in third["output"]
    assert "Your score stays that of submission 2: 70" in third["output"]
    assert "Toy, phase 1:" not in third["output"]  # the public run's points are no score


def test_without_metadata_the_autograder_grades_in_full(source, tmp_path):
    results = _autograde(source, tmp_path, None)
    assert results["score"] == 100 and HIDDEN_TEST in _names(results)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "cannot read Gradescope's metadata (not JSON"),
        (json.dumps({"assignment": {}}), "created_at: missing"),
        (json.dumps(_metadata("yesterday")), "created_at: 'yesterday' is not an ISO 8601 time"),
        (
            json.dumps(_metadata("2026-03-06T12:00:00+01:00", due="soon")),
            "due_date: 'soon' is not an ISO 8601 time",
        ),
    ],
)
def test_unreadable_metadata_is_one_line_and_the_student_is_told(source, tmp_path, text, message):
    path = tmp_path / "submission_metadata.json"
    path.write_text(text)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "counter.py").write_text(textwrap.dedent(GOOD))
    arguments = ["grade", "toy", "--phase", "1", "--submission", str(tmp_path / "sub")]
    arguments += ["--format", "gradescope", "--gradescope-metadata", str(path)]

    result = CliRunner().invoke(main, [*arguments, "--project", str(source / PROJECT)])

    assert result.exit_code == 2
    assert result.output == f"cardlab: {path}: {result.output.split(': ', 2)[2]}"
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    failed = _autograde(source, tmp_path / "run", text)
    assert failed["score"] == 0 and message in failed["output"]


def test_the_metadata_needs_the_gradescope_format(source, tmp_path):
    path = tmp_path / "submission_metadata.json"
    path.write_text(json.dumps(_metadata("2026-03-06T12:00:00+01:00")))
    arguments = ["grade", "toy", "--phase", "1", "--gradescope-metadata", str(path)]
    result = CliRunner().invoke(main, [*arguments, "--project", str(source / PROJECT)])
    assert result.exit_code == 2 and "give --format gradescope" in result.output


def test_a_students_own_dates_in_the_metadata_rule_over_the_assignments(tmp_path):
    metadata = _metadata("2026-03-06T12:00:00+01:00", due="2026-03-01T00:00:00+01:00")
    metadata["users"][0]["assignment"] = {
        "due_date": "2026-03-20T00:00:00+01:00",
        "late_due_date": None,
    }
    path = tmp_path / "submission_metadata.json"
    path.write_text(json.dumps(metadata))
    read = read_metadata(path)
    assert read.due.isoformat() == "2026-03-20T00:00:00+01:00" and read.late_due is None
    assert read.previous == ()
