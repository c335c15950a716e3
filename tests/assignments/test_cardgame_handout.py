"""The cardgame handout: the whole program as source, only the student's bodies cut out."""

from __future__ import annotations

import shutil
import zipfile

import pytest

from cardlab.course.handout import build_handout
from cardlab.course.handout_audit import check_handout
from cardlab.judge.grading import handout_job, run


@pytest.fixture
def handout(repo, tmp_path):
    wheel = tmp_path / "cardlab-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
    spec = repo.spec("cardgame")
    return spec, build_handout(repo, spec, 1, tmp_path / "handout", wheel=wheel)


def test_the_handout_is_the_committed_student_package(repo, handout):
    spec, folder = handout
    assert check_handout(folder, spec, project=repo) == []
    shipped = {p.name: p.read_bytes() for p in (folder / "cardgame").iterdir()}
    committed = {p.name: p.read_bytes() for p in repo.student_dir("cardgame").glob("*.py")}
    assert shipped == committed
    reference = repo.reference_dir("cardgame")
    for module in ("hand", "player", "game", "variations", "computer_player"):
        assert shipped[f"{module}.py"] == (reference / f"{module}.py").read_bytes()
    tests = sorted(p.name for p in (folder / "tests").glob("*.py"))
    assert tests == [
        "cardgame_setup.py", "codec.py", "test_part1_cards.py", "test_part2_illegal_moves.py",
        "test_part3_cloning.py", "test_part4_computer_player.py", "test_style_indicators.py",
    ]


@pytest.mark.slow
def test_the_handout_checks_to_zero_then_to_full_marks(repo, handout):
    _, folder = handout
    stubs = run(handout_job(folder))
    assert stubs.public_only and stubs.score == 0
    assert all(part.tests for part in stubs.parts)
    for module in ("card", "trick", "base_game", "simple_computer_player"):
        source = repo.reference_dir("cardgame") / f"{module}.py"
        shutil.copyfile(source, folder / "cardgame" / f"{module}.py")
    solved = run(handout_job(folder))
    assert solved.score == 100, [t.message for t in solved.failures][:3]
