"""The hearts graders work: full marks for the reference, and a mistake costs points in
its own part alone.

The stubs, the seeded bugs (``graders/hearts/bugs.toml``) and alternative solutions are
graded by ``test_assignments.py``, as every assignment's are.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.seeded_bugs import edited_copy, grade_bug

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

PHASES = (1, 2)


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference written out as a submission, with its tests (shared by the run: copy
    it to change it)."""
    return solution_of("hearts")


def _grade(repo, phase: int, folder: Path) -> GradeReport:
    return run(project_job(repo, "hearts", phase, folder))


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_reference_scores_full_marks(reference_grading, phase):
    report = reference_grading("hearts", phase).report  # shared with test_assignments
    assert report.score == report.max_score == 100, _failures(report)
    assert not report.notes, report.notes


@pytest.mark.slow
def test_a_mistake_in_card_costs_points_in_cards_alone(repo, solution, tmp_path):
    """The rules and the player are graded with the reference's Card (fair parts)."""
    old = 'if suit is Suit.SPADES and rank == "Q":\n        return QUEEN_OF_SPADES_POINTS'
    new = old.replace("QUEEN_OF_SPADES", "HEART")
    folder = edited_copy(solution, tmp_path / "submission", "card.py", old, new)
    report = run(project_job(repo, "hearts", 1, folder), parts=("cards", "rules", "player"))
    scores = {part.id: (part.score, part.max_score) for part in report.parts}
    assert scores["cards"][0] < scores["cards"][1], scores
    assert scores["rules"] == (30, 30) and scores["player"] == (15, 15), _failures(report)


@pytest.mark.slow
def test_a_game_change_your_player_refuses_fails_the_sweep_naming_it(repo, solution, tmp_path):
    """The sweep tells your Player the game's changes without waiting for its answers:
    the one it refuses still fails the game, named with its hand and trick."""
    check = "if len(hand) != len(self._hand) + len(cards):"
    off_by_one = "if len(hand) != len(self._hand) + len(cards) - 1:"
    folder = edited_copy(solution, tmp_path / "submission", "player.py", check, off_by_one)
    report = grade_bug(repo, "hearts", 1, folder, "legality")
    message = report.failures[0].message
    assert "hand 1, trick 1: the game's call" in message, message
    assert ".take_cards([" in message and "raised ValueError" in message, message
