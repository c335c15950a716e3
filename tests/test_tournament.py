"""The tournament hands the student's AutoPlayer its view with the call to choose; when
either fails, the games are forfeited, the message says what was called, and the
auto-player part is charged too."""

from __future__ import annotations

import pytest

from cardlab.course.solution import write_solution
from cardlab.judge.grading import project_job, run


@pytest.mark.slow
@pytest.mark.parametrize(
    ("module", "old", "new", "raised"),
    [
        ("auto_player", "        if view.is_leading:\n",
         "        raise ValueError('no idea')\n        if view.is_leading:\n",
         "raised ValueError: no idea"),
        ("board", "    stock_size: int\n", "    stock: int\n",
         "raised TypeError: "),
    ],
    ids=["choose-raises", "view-cannot-be-built"],
)
def test_a_failing_choice_forfeits_with_a_message(repo, tmp_path, module, old, new, raised):
    folder = tmp_path / "submission"
    write_solution(repo, repo.spec("bisca"), folder)
    source = folder / f"{module}.py"
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1
    source.write_text(text.replace(old, new), encoding="utf-8")

    report = run(project_job(repo, "bisca", 3, folder), "test_tournament")

    (test,) = [t for t in report.tests if t.part == "tournament"]
    assert test.status == "failed" and test.fraction == 0
    assert "won 0, tied 0, lost 120 of 120 games" in test.message
    assert "120 forfeited, the first: deal 1, you in seat 1: " in test.message
    assert "choose(PlayerView with hand [" in test.message and raised in test.message
    (legal,) = [t for t in report.tests if t.part == "auto-player"]  # a crash is a broken player
    assert legal.status == "failed" and "an AutoPlayer must answer every view" in legal.message


@pytest.mark.slow
def test_the_reference_wins_its_share_through_the_one_call_per_move_path(repo, tmp_path):
    folder = tmp_path / "submission"
    write_solution(repo, repo.spec("bisca"), folder)
    report = run(project_job(repo, "bisca", 3, folder), "test_tournament")
    (test,) = [t for t in report.tests if t.part == "tournament"]
    assert test.status == "passed" and test.fraction == 1
    assert "forfeited" not in test.message
    (legal,) = [t for t in report.tests if t.part == "auto-player"]
    assert legal.status == "passed"
