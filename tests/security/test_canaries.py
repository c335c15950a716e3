"""Canaries for code student code must not change, and proof that the attacks were real.

The red-team case ``patches-builtin-table`` shows that the attack earns no more than its
honest baseline. Here the canary is switched off, and the same attack then earns more:
the case guards a real hole. The cases ``patches-provided-board`` (bisca) and
``patches-provided-game`` (hearts) no longer need the canary: whole games of a provided
game run on the judge's own copy, so with the canary switched off the patch still earns
nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.attack_folders import over_reference

from cardlab.judge import proxy
from cardlab.judge.grading import project_job, run

HERE = Path(__file__).resolve().parent

PATCHES_GREET = '''
def add(a, b):
    return a + b


class Tally:
    def __init__(self):
        self.total = 0

    def add(self, amount):
        if amount < 0:
            raise ValueError("negative")
        self.total += amount


from toy import greet  # the provided module, loaded once Tally (which it imports) exists

greet.main = lambda: None
'''


@pytest.mark.slow
def test_a_patched_provided_function_fails_the_tests_that_ran_after_it(toy, tmp_path):
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "counter.py").write_text(PATCHES_GREET, encoding="utf-8")
    report = run(project_job(toy, "toy", 1, folder))
    assert report.score == 0
    for test in report.tests:
        assert "your code changed code of the worker or of the provided modules" in test.message
        assert "(toy.greet.main)" in test.message


@pytest.mark.slow
def test_honest_code_trips_no_canary(toy):
    report = run(project_job(toy, "toy", 1, toy.reference_dir("toy")))
    assert report.score == 100, [test.message for test in report.failures]


def _scores_without_the_canary(repo, tmp_path, monkeypatch, assignment, phase, select,
                               attack, honest) -> tuple[float, float]:
    """The honest baseline's score, then the attack's with the canary switched off."""

    def score(folder: str, name: str) -> float:
        submission = over_reference(HERE / folder, tmp_path / name, repo.reference_dir(assignment))
        return run(project_job(repo, assignment, phase, submission), select).score

    honest_score = score(f"honest/{honest}", "honest")
    monkeypatch.setattr(proxy.Student, "canary", lambda self: [])
    return honest_score, score(f"submissions/{attack}", "attack")


@pytest.mark.slow
def test_without_the_canary_the_patch_would_pay(repo, tmp_path, monkeypatch):
    honest, attack = _scores_without_the_canary(
        repo, tmp_path, monkeypatch, "cardgame", 1, "test_part1_cards or test_card_reference",
        "patches-builtin-table", "eq-ignores-suit",
    )
    assert attack > honest


@pytest.mark.slow
@pytest.mark.parametrize(
    ("assignment", "phase", "select", "attack", "honest"),
    [
        ("bisca", 2, "test_whole_games_on_the_provided_board", "patches-provided-board",
         "collect-loses-points"),
        ("hearts", 1, "test_legality", "patches-provided-game", "choose-ignores-rules"),
    ],
)
def test_a_game_the_grader_plays_needs_no_canary(
    repo, tmp_path, monkeypatch, assignment, phase, select, attack, honest
):
    """Whole games of a provided game run in the judge: the patched one in the worker is unused."""
    honest_score, attack_score = _scores_without_the_canary(
        repo, tmp_path, monkeypatch, assignment, phase, select, attack, honest
    )
    assert attack_score <= honest_score
