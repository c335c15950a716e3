"""The kings_corner graders work: full marks for the reference, nothing for the stubs, each
seeded bug loses points in its own part, and every correct solution scores full marks.

A seeded bug is one small edit of a reference module. Alternative solutions live in
``tests/kings_corner_alternatives/<name>/``: modules written from the docstrings alone
(never from the reference's code), laid over the reference solution and graded for the
phase in which those modules are written. Among them are computer players that choose
differently within each step (lowest card first, last pile first, the first move
found): the conformance check must give them full marks too.
"""

from __future__ import annotations

import importlib.util
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from alternative_grading import points_lost
from call_limits import timed_out
from seeded_bugs import edited_copy, grade_bug

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

PHASES = (1, 2, 3)
ALTERNATIVES = Path(__file__).parent / "kings_corner_alternatives"


@dataclass(frozen=True)
class Bug:
    """A one-edit bug in a reference module, and the part it must cost points in.

    A bug that hangs sets ``call_seconds``: its part is graded with that time limit of
    one call, shorter than the spec's, and must lose its points by it.
    """

    id: str
    phase: int
    module: str
    old: str
    new: str
    part: str
    call_seconds: float | None = None


BUGS = (
    Bug(
        "colours alternate by suit instead of colour",
        1,
        "card",
        "card.is_red != top.is_red",
        "card.suit != top.suit",
        "card",
    ),
    Bug(
        "piles ascend instead of descend",
        1,
        "card",
        "card.value == top.value - 1",
        "card.value == top.value + 1",
        "card",
    ),
    Bug(
        "a corner pile takes a non-King",
        1,
        "piles",
        "return number not in CORNER_PILES or card.is_king",
        "return True",
        "piles",
    ),
    Bug(
        "piles 5-8 can be moved",
        1,
        "piles",
        "self.is_movable and bottom is not None",
        "bottom is not None",
        "piles",
    ),
    Bug(
        "the dealer is dealt first",
        1,
        "piles",
        "            first.add(self.draw())\n            second.add(self.draw())",
        "            second.add(self.draw())\n            first.add(self.draw())",
        "piles",
    ),
    Bug("6 cards each", 1, "piles", "HAND_SIZE = 7", "HAND_SIZE = 6", "piles"),
    Bug(
        "piles 1-4 are not dealt",
        1,
        "piles",
        "        for pile in piles:\n            pile.add(self.draw())\n",
        "",
        "piles",
    ),
    Bug(
        "the hand is shown lowest first",
        1,
        "piles",
        "sorted(self._cards, reverse=True)",
        "sorted(self._cards)",
        "piles",
    ),
    Bug(
        "the table forgets its moves", 1, "table", "        self._moves.append(move)\n", "", "table"
    ),
    Bug(
        "the AI skips pile moves",
        2,
        "computer_player",
        "_pile_moves(table, wanted)\n        or ",
        "",
        "ai-turns",
    ),
    Bug(
        "the AI lays on an empty pile before a non-empty one",
        2,
        "computer_player",
        "_lays_on_piles(hand, wanted)\n        or lays_on_empty_piles(table, hand)",
        "lays_on_empty_piles(table, hand)\n        or _lays_on_piles(hand, wanted)",
        "ai-turns",
    ),
    Bug(
        "the AI does not draw",
        2,
        "computer_player",
        "            table.draw(hand)\n",
        "            pass\n",
        "ai-turns",
    ),
    Bug(
        "the AI loops forever when nothing fits",
        2,
        "computer_player",
        "            if not moves:\n                break\n",
        "            if not moves:\n                continue\n",
        "ai-turns",
        call_seconds=0.5,  # a whole test of the reference's turns takes under 0.15 s
    ),
    Bug(
        "the AI keeps its Kings",
        2,
        "computer_player",
        "    moves = king_moves(table, hand)\n    if moves:\n        return moves\n",
        "",
        "ai-steps",
    ),
    Bug("a King costs 1", 3, "player", "KING_PENALTY = 10", "KING_PENALTY = 1", "rules"),
    Bug("a game goes to 26", 3, "game", "GAME_LIMIT = 25", "GAME_LIMIT = 26", "rules"),
    Bug("the same dealer every round", 3, "game", "        self._dealer = first\n", "", "rules"),
    Bug(
        "the hand is shown unsorted",
        3,
        "human_player",
        "*(card.notation for card in hand.sorted_cards)",
        "*(card.notation for card in hand)",
        "human-turn",
    ),
    Bug(
        "a refused move crashes the turn",
        3,
        "human_player",
        "except (CommandError, IllegalMove) as error:",
        "except CommandError as error:",
        "human-turn",
    ),
    Bug(
        "the end of input is not caught",
        3,
        "game",
        "except (EOFError, KeyboardInterrupt):",
        "except KeyboardInterrupt:",
        "console-games",
    ),
)


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference written out as a submission (shared by the run: copy it to change it)."""
    return solution_of("kings_corner")


def _grade(repo, phase: int, folder: Path) -> GradeReport:
    return run(project_job(repo, "kings_corner", phase, folder))


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_reference_scores_full_marks(reference_grading, phase):
    report = reference_grading("kings_corner", phase).report  # shared with test_branch_coverage
    assert report.score == report.max_score == 100, _failures(report)
    assert not report.notes, report.notes


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_stubs_score_nothing(repo, phase):
    report = _grade(repo, phase, repo.student_dir("kings_corner"))
    assert report.score == 0
    assert report.failures
    assert all(part.score == 0 for part in report.parts)


@pytest.mark.slow
@pytest.mark.parametrize("bug", BUGS, ids=[bug.id for bug in BUGS])
def test_a_seeded_bug_loses_points_in_its_part(repo, solution, tmp_path, bug):
    folder = edited_copy(solution, tmp_path / "submission", f"{bug.module}.py", bug.old, bug.new)
    report = grade_bug(repo, "kings_corner", bug.phase, folder, bug.part, bug.call_seconds)
    part = next(p for p in report.parts if p.id == bug.part)
    assert part.score < part.max_score, f"{bug.id}: part {bug.part} kept full marks"
    assert report.score < report.max_score
    if bug.call_seconds is not None:
        limit = timed_out(bug.call_seconds)
        assert any(limit in test.message for test in report.failures), _failures(report)


@pytest.mark.slow
def test_a_mistake_in_card_costs_points_in_card_alone(repo, solution, tmp_path):
    """Phase 1's piles and table are graded with the reference's Card (fair parts)."""
    ascending = "card.value == top.value + 1"
    folder = edited_copy(
        solution, tmp_path / "submission", "card.py", "card.value == top.value - 1", ascending
    )
    report = run(project_job(repo, "kings_corner", 1, folder))
    scores = {part.id: (part.score, part.max_score) for part in report.parts}
    assert scores["card"][0] < scores["card"][1], scores
    assert scores["piles"] == (45, 45) and scores["table"] == (30, 30), _failures(report)


def _alternatives() -> list[tuple[str, int]]:
    """(name, phase) of every alternative solution; its folder name starts with the phase."""
    return sorted(
        (path.name, int(path.name.split("-")[0][-1]))
        for path in ALTERNATIVES.iterdir()
        if path.is_dir()
    )


def test_there_are_enough_alternatives():
    names = _alternatives()
    assert len(names) >= 5
    assert sum(phase == 2 for _, phase in names) >= 2, "two AIs that choose differently"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "phase"), _alternatives(), ids=[n for n, _ in _alternatives()])
def test_an_alternative_solution_scores_full_marks(repo, solution, tmp_path, name, phase):
    folder = tmp_path / "submission"
    shutil.copytree(solution, folder)
    modules = sorted((ALTERNATIVES / name).glob("*.py"))
    for module in modules:
        shutil.copy(module, folder / module.name)
    lost = points_lost(repo, "kings_corner", phase, folder, [module.stem for module in modules])
    assert not lost, "\n".join(lost)


@pytest.mark.parametrize("text", ["X", "d", "", "D 1"])
def test_the_codec_builds_no_move_of_an_unknown_kind(repo, text):
    """A student's Move of a kind the contract lacks never returns to them as a draw."""
    path = repo.graders_dir("kings_corner") / "codec.py"
    module_spec = importlib.util.spec_from_file_location("kings_corner_codec_under_test", path)
    codec = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(codec)
    resolve = {"table.Move": lambda *fields: fields}.__getitem__
    assert codec.move_from_notation("D", resolve) == ("D", None, None, None)
    with pytest.raises(ValueError, match="not the notation of a move"):
        codec.move_from_notation(text, resolve)
