"""The cardgame handout: the whole program as source, only the student's bodies cut out."""

from __future__ import annotations

import shutil

import pytest

from cardlab.judge.grading import handout_job, run


@pytest.fixture
def handout(handout_of, tmp_path):
    """A copy of the run's build of the handout, to change (``test_assignments.py``
    checks on the build that it gives nothing away)."""
    return shutil.copytree(handout_of("cardgame", 1), tmp_path / "handout")


def test_the_handout_is_the_committed_student_package(repo, handout):
    shipped = {p.name: p.read_bytes() for p in (handout / "cardgame").iterdir()}
    committed = {p.name: p.read_bytes() for p in repo.student_dir("cardgame").glob("*.py")}
    assert shipped == committed
    reference = repo.reference_dir("cardgame")
    for module in ("hand", "player", "game", "variations", "computer_player"):
        assert shipped[f"{module}.py"] == (reference / f"{module}.py").read_bytes()
    tests = sorted(p.name for p in (handout / "tests").glob("*.py"))
    assert tests == [
        "cardgame_setup.py", "codec.py", "test_part1_cards.py", "test_part2_illegal_moves.py",
        "test_part3_cloning.py", "test_part4_computer_player.py", "test_style_indicators.py",
    ]


@pytest.mark.slow
def test_the_handout_checks_to_zero_then_to_full_marks(repo, handout):
    stubs = run(handout_job(handout))
    assert stubs.public_only and stubs.score == 0
    assert all(part.tests for part in stubs.parts)
    for module in ("card", "trick", "base_game", "simple_computer_player"):
        source = repo.reference_dir("cardgame") / f"{module}.py"
        shutil.copyfile(source, handout / "cardgame" / f"{module}.py")
    solved = run(handout_job(handout))
    assert solved.score == 100, [t.message for t in solved.failures][:3]
