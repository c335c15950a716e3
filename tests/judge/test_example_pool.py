"""A grading draws the same examples whatever modules its process has loaded.

Hypothesis mixes constants from the source of the process's local modules into the
values it draws; a judge that had loaded one more module (an instructor's script, the
next assignment's graders) would otherwise grade the same submission with other examples.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
import textwrap

from cardlab.course.project import Project
from cardlab.judge.grading import project_job, run

RECORDING_TEST = """
import json
import os

import pytest
from hypothesis import given, strategies as st

pytestmark = pytest.mark.part("add")


@given(text=st.text(max_size=8), number=st.integers())
def test_draws(text, number):
    with open(os.environ["CARDLAB_DRAWN"], "a", encoding="utf-8") as record:
        record.write(json.dumps([text, number]) + "\\n")
"""

MANY_CONSTANTS = "\n".join(
    f"CONSTANT_{k} = ({k * 7919 + 104729}, 'drawn-from-a-local-module-{k}')" for k in range(300)
)


def _drawn(project, submission, record) -> list:
    record.write_text("")
    report = run(project_job(project, "toy", 1, submission), "test_draws")
    assert [test.status for test in report.tests] == ["passed"], report.notes
    return [json.loads(line) for line in record.read_text().splitlines()]


def test_a_module_loaded_between_two_gradings_changes_no_example(toy, tmp_path, monkeypatch):
    shutil.copytree(toy.root, tmp_path / "toy", ignore=shutil.ignore_patterns(".cardlab"))
    project = Project(tmp_path / "toy")
    hidden = project.graders_dir("toy") / "hidden"
    (hidden / "test_draws.py").write_text(textwrap.dedent(RECORDING_TEST), encoding="utf-8")
    submission = project.reference_dir("toy")
    record = tmp_path / "drawn.jsonl"
    monkeypatch.setenv("CARDLAB_DRAWN", str(record))
    before = _drawn(project, submission, record)

    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "instructor_constants.py").write_text(MANY_CONSTANTS + "\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(scripts))
    importlib.import_module("instructor_constants")
    try:
        after = _drawn(project, submission, record)
    finally:
        sys.modules.pop("instructor_constants", None)

    assert len(before) >= 50
    assert after == before
    assert not any(str(text).startswith("drawn-from-a-local") for text, _ in after)
