"""The tournament hands the student's AutoPlayer its view with the call to choose; when
the choice fails, the games are forfeited, the message says what was called, and the
auto-player part is charged too. A mistake in another part's code (the Board's
PlayerView) costs nothing here: with fair parts, the tournament runs the student's
AutoPlayer beside the reference's other modules."""

from __future__ import annotations

import pytest
from support.seeded_bugs import edited_copy
from support.tournament_deals import FORFEIT_DEALS, with_deals

from cardlab.judge.grading import project_job, run


@pytest.fixture
def solution(solution_of):
    """The bisca reference as a submission (shared by the run: copy it to change it)."""
    return solution_of("bisca")


@pytest.mark.slow
def test_a_failing_choice_forfeits_with_a_message(repo, solution, tmp_path):
    raises = "        raise ValueError('no idea')\n        if view.is_leading:\n"
    folder = edited_copy(
        solution, tmp_path / "submission", "auto_player.py", "        if view.is_leading:\n", raises
    )

    job = with_deals(project_job(repo, "bisca", 3, folder), FORFEIT_DEALS)
    report = run(job, "test_tournament")

    (test,) = [t for t in report.tests if t.part == "tournament"]
    assert test.status == "failed" and test.fraction == 0
    assert "won 0, tied 0, lost 8 of 8 games" in test.message
    assert "8 forfeited, the first: deal 1, you in seat 1: " in test.message
    assert "choose(PlayerView with hand [" in test.message
    assert "raised ValueError: no idea" in test.message
    (legal,) = [t for t in report.tests if t.part == "auto-player"]  # a crash is a broken player
    assert legal.status == "failed" and "an AutoPlayer must answer every view" in legal.message


@pytest.mark.slow
def test_a_broken_player_view_of_the_board_costs_nothing_in_the_tournament(
    repo, solution, tmp_path
):
    folder = edited_copy(
        solution, tmp_path / "submission", "board.py", "    stock_size: int\n", "    stock: int\n"
    )
    # the reference's AutoPlayer against itself wins half of any deals, and the broken
    # view would fail its first games: the deals of a forfeit are enough
    job = with_deals(project_job(repo, "bisca", 3, folder), FORFEIT_DEALS)
    report = run(job, "test_tournament")
    (test,) = [t for t in report.tests if t.part == "tournament"]
    assert test.status == "passed" and test.fraction == 1, test.message
    assert report.other_parts == "reference"


@pytest.mark.slow
def test_the_reference_wins_its_share_through_the_one_call_per_move_path(reference_grading):
    report = reference_grading("bisca", 3).report  # the whole phase, graded once per run
    games = [t for t in report.tests if "/test_tournament.py::" in t.id]
    (test,) = [t for t in games if t.part == "tournament"]
    assert test.status == "passed" and test.fraction == 1
    assert "forfeited" not in test.message
    (legal,) = [t for t in games if t.part == "auto-player"]
    assert legal.status == "passed"
