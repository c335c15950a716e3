"""The hearts graders work: full marks for the reference and for alternative solutions,
nothing for the stubs, and each seeded bug loses points in the part where it lives.

Each seeded bug is one small edit of the reference solution (or a test file of it left
out), the kind of slip a student makes; alternative solutions, in
``tests/hearts_alternatives/``, were written from the stubs' docstrings only.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from alternative_grading import points_lost
from call_limits import timed_out
from seeded_bugs import edited_copy, grade_bug

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

PHASES = (1, 2)
ALTERNATIVES = Path(__file__).parent / "hearts_alternatives"


@dataclass(frozen=True)
class Bug:
    """A one-edit bug in a file of the solution, and the part it must cost points in.

    An empty ``old`` means the file is left out of the submission. A bug that hangs
    sets ``call_seconds``: its part is graded with that time limit of one call, shorter
    than the spec's, and must lose its points by it.
    """

    id: str
    phase: int
    file: str
    old: str
    new: str
    part: str
    call_seconds: float | None = None


BUGS = (
    Bug("ten written as T", 1, "card.py", "return self.rank + self.suit.letter",
        'return self.rank.replace("10", "T") + self.suit.letter', "cards"),
    Bug("queen of spades worth one", 1, "card.py",
        'if suit is Suit.SPADES and rank == "Q":\n        return QUEEN_OF_SPADES_POINTS',
        'if suit is Suit.SPADES and rank == "Q":\n        return HEART_POINTS', "cards"),
    Bug("follow suit not enforced", 1, "rules.py",
        "allowed = [card for card in hand if card.suit is trick[0].suit] or list(hand)",
        "allowed = list(hand)", "rules"),
    Bug("the moon to the shooter", 1, "rules.py",
        "return tuple(0 if seat == shooter else MOON_POINTS for seat in range(len(points_taken)))",
        "return tuple(MOON_POINTS if seat == shooter else 0 for seat in range(len(points_taken)))",
        "rules"),
    Bug("sorted_cards gives a list", 1, "rules.py",
        "    return tuple(sorted(cards, key=_SORT_KEY))", "    return sorted(cards, key=_SORT_KEY)",
        "rules"),
    Bug("game over at 99", 1, "rules.py", "return any(total >= limit for total in totals)",
        "return any(total >= limit - 1 for total in totals)", "rules"),
    Bug("play keeps the card", 1, "player.py",
        "del self._hand[card]", "self._hand[card]", "player"),
    Bug("choose takes the first legal card", 1, "player.py",
        "return self._rng.choice(situation.legal_plays)", "return situation.legal_plays[0]",
        "player"),
    Bug("choose ignores the rules", 1, "player.py",
        "return self._rng.choice(situation.legal_plays)", "return self._rng.choice(situation.hand)",
        "legality"),
    Bug("choose returns None", 1, "player.py",
        "return self._rng.choice(situation.legal_plays)", "return None", "legality"),
    Bug("choose plays a card it does not hold", 1, "player.py",
        "return self._rng.choice(situation.legal_plays)",
        'return Card("A", situation.hand[0].suit) if not self.has_card(Card("A", '
        "situation.hand[0].suit)) else self._rng.choice(situation.legal_plays)", "legality"),
    Bug("no tests of the rules", 1, "tests/test_rules.py", "", "", "tests-1"),
    Bug("reaching into the situation", 1, "player.py",
        "return self._rng.choice(situation.legal_plays)",
        'return self._rng.choice(situation._asdict()["hand"] and situation.legal_plays)',
        "design-1"),
    Bug("deal in blocks", 2, "dealer.py", "player.take_cards(deck[position :: len(players)])",
        "player.take_cards(deck[position * HAND_SIZE : (position + 1) * HAND_SIZE])", "dealer"),
    Bug("taker by position in the trick", 2, "game.py",
        "taker = (self._leader + trick_winner(self._trick)) % NUM_PLAYERS",
        "taker = trick_winner(self._trick)", "game"),
    Bug("play_turn gives a list", 2, "game.py",
        "        self._play_turn()\n        return self._events_since(start)\n",
        "        self._play_turn()\n        return list(self._events_since(start))\n", "game"),
    # no total reaches 100, so play_game never ends (the reference's whole game takes
    # well under a tenth of a second)
    Bug("scores reset each hand", 2, "game.py",
        "self._totals = add_scores(self._totals, scores)", "self._totals = tuple(scores)", "game",
        call_seconds=1.0),
    Bug("takes the trick worded otherwise", 2, "console.py", 'f"{name} takes the trick (',
        'f"{name} wins the trick (', "console"),
    Bug("the game prints the scores it computes", 2, "game.py",
        "        self._totals = add_scores(self._totals, scores)\n",
        "        self._totals = add_scores(self._totals, scores)\n"
        "        print(sum(self._totals) + 1)\n", "design-2"),
    Bug("no tests of the game", 2, "tests/test_game.py", "", "", "tests-2"),
)

ALTERNATIVE_PHASES = {
    "plain_card": 1, "set_rules": 1, "counting_rules": 1, "list_player": 1, "loop_dealer": 2,
}


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
    report = reference_grading("hearts", phase).report  # shared with test_branch_coverage
    assert report.score == report.max_score == 100, _failures(report)
    assert not report.notes, report.notes


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_stubs_score_nothing(repo, phase):
    report = _grade(repo, phase, repo.student_dir("hearts"))
    assert report.score == 0, [(p.id, p.score) for p in report.parts]
    assert all(part.score == 0 for part in report.parts)


@pytest.mark.slow
@pytest.mark.parametrize("bug", BUGS, ids=[bug.id for bug in BUGS])
def test_a_seeded_bug_loses_points_in_its_part(repo, solution, tmp_path, bug):
    folder = tmp_path / "submission"
    if bug.old:
        edited_copy(solution, folder, bug.file, bug.old, bug.new)
    else:
        shutil.copytree(solution, folder)
        (folder / bug.file).unlink()
    report = grade_bug(repo, "hearts", bug.phase, folder, bug.part, bug.call_seconds)
    part = next(p for p in report.parts if p.id == bug.part)
    assert part.score < part.max_score, f"{bug.id}: part {bug.part} kept full marks"
    if bug.call_seconds is not None:
        limit = timed_out(bug.call_seconds)
        assert any(limit in test.message for test in report.failures), _failures(report)


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


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ALTERNATIVE_PHASES))
def test_an_alternative_solution_scores_full_marks(repo, solution, tmp_path, name):
    folder = tmp_path / "submission"
    shutil.copytree(solution, folder)
    modules = sorted((ALTERNATIVES / name).glob("*.py"))
    for module in modules:
        shutil.copyfile(module, folder / module.name)
    phase = ALTERNATIVE_PHASES[name]
    lost = points_lost(repo, "hearts", phase, folder, [module.stem for module in modules])
    assert not lost, f"{name}:\n" + "\n".join(lost)
