"""Which skips leave a part: the grader's declared ones only, and the report says which."""

from __future__ import annotations

import pytest
from test_attacks import HERE, SKIP_PROJECT

from cardlab.judge.grading import project_job, run

pytestmark = pytest.mark.slow


def _statuses(folder) -> tuple[float, dict[str, tuple[str, str]]]:
    report = run(project_job(SKIP_PROJECT, "skips", 1, folder))
    return report.score, {t.id.rsplit("::", 1)[1]: (t.status, t.message) for t in report.tests}


def test_declared_skips_are_not_counted_and_say_so():
    score, tests = _statuses(SKIP_PROJECT.reference_dir("skips"))
    assert score == 10
    assert tests["test_marked_skip"] == ("skipped", "kept for a later term")
    assert tests["test_excused"] == (
        "skipped", "this suite has no reference to compare with")
    assert tests["test_total_refuses_a_seven"][0] == "passed"


def test_a_skip_after_student_code_ran_is_a_failure():
    score, tests = _statuses(HERE / "submissions" / "skips-a-test")
    status, message = tests["test_total_refuses_a_seven"]
    assert status == "failed" and score == 5
    assert message.startswith("this test skipped itself after running your code (the empty")
