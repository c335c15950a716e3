"""The bisca graders work: full marks for the reference, nothing for the stubs, and
each seeded bug loses points in the part where it lives.

Each seeded bug is one small edit of a reference module, the kind of slip a student
makes. The solution with that one edit is graded for the phase where the module is
written, and must lose points in the expected part.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from seeded_bugs import edited_copy, grade_bug
from tournament_deals import FORFEIT_DEALS, with_deals

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

PHASES = (1, 2, 3)


@dataclass(frozen=True)
class Bug:
    """A one-edit bug in a reference module, and the part it must cost points in."""

    id: str
    phase: int
    module: str
    old: str
    new: str
    part: str


BUGS = (
    Bug("play crashes on a bad entry", 1, "play",
        "    try:\n        number = int(answer)\n    except ValueError:\n        return None\n",
        "    number = int(answer)\n", "play-turns"),
    Bug("play ignores the seed", 1, "play",
        "    rng = random.Random(seed)\n", "    rng = random.Random()\n", "play-game"),
    Bug("play announces the wrong winner", 1, "play",
        "elif winner is human:", "elif winner is not human:", "play-game"),
    Bug("from_letter ignores lower case", 2, "suit",
        "letter.upper() if ascii_letter", "letter if ascii_letter", "suit"),
    Bug("from_letter takes any character whose upper case is a suit's letter", 2, "suit",
        "ascii_letter = isinstance(letter, str) and letter.isascii()",
        "ascii_letter = isinstance(letter, str)", "suit"),
    Bug("a Jack is worth 2 points", 2, "card", '"J": 3', '"J": 2', "card"),
    Bug("ranks ordered by face value", 2, "card",
        "enumerate(RANKS)", 'enumerate(("2", "3", "4", "5", "6", "7", "Q", "J", "K", "A"))',
        "card"),
    Bug("a weaker trump beats a stronger trump", 2, "card",
        "        if self.suit == led.suit:\n            return self.strength > led.strength\n"
        "        return self.suit == trump",
        "        if self.suit == trump:\n            return True\n"
        "        return self.suit == led.suit and self.strength > led.strength",
        "card"),
    Bug("a hash that disagrees with equality", 2, "card",
        "return hash((self.rank, self.suit))", "return id(self)", "card"),
    Bug("a hash of the rank alone (four cards a value)", 2, "card",
        "return hash((self.rank, self.suit))", "return hash(self.rank)", "card"),
    Bug("notation in lower case", 2, "card",
        "return self.rank + self.suit.letter", "return self.rank + self.suit.letter.lower()",
        "card"),
    Bug("a full hand takes a fourth card", 2, "player",
        "        if len(self._hand) >= HAND_SIZE:\n", "        if False:\n", "player"),
    Bug("playing a card keeps it in the hand", 2, "player",
        "            self._hand.remove(card)\n", "            self._hand.index(card)\n", "player"),
    Bug("collected cards score one point each", 2, "player",
        "self._points += card.points", "self._points += 1", "player"),
    Bug("drawing from the bottom (the trump card is drawn first)", 3, "deck",
        "return self._cards.pop(0)", "return self._cards.pop()", "deck"),
    Bug("shuffling with the global random generator", 3, "deck",
        "rng.shuffle(cards)", "random.shuffle(cards)", "deck"),
    Bug("the follower draws first", 3, "board",
        "for player in self._in_playing_order():\n            player.take(self._deck.draw())\n"
        "\n    def winner",
        "for player in reversed(self._in_playing_order()):\n"
        "            player.take(self._deck.draw())\n\n    def winner",
        "board"),
    Bug("a 60-60 tie is scored as a win", 3, "board",
        "        if first_points == second_points:\n            return None\n", "", "board"),
    Bug("the round's winner does not lead the next round", 3, "board",
        "self._leader = self._players.index(winner)", "self._leader = self._leader", "board"),
    Bug("the AutoPlayer plays a random card", 3, "auto_player",
        "        if view.is_leading:\n",
        "        return __import__('random').choice(view.hand)\n        if view.is_leading:\n",
        "auto-player"),
    Bug("the AutoPlayer plays a card it does not hold", 3, "auto_player",
        "        if view.is_leading:\n",
        "        return Card('A', view.trump)\n        if view.is_leading:\n",
        "auto-player"),
    Bug("the AutoPlayer throws its most valuable cards", 3, "auto_player",
        "return _cheapest(view.hand, discard_cost, view.trump)",
        "return max(view.hand, key=lambda card: discard_cost(card, view.trump))",
        "tournament"),
)


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference written out as a submission (shared by the run: copy it to change it)."""
    return solution_of("bisca")


def _grade(repo, phase: int, folder: Path) -> GradeReport:
    return run(project_job(repo, "bisca", phase, folder))


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_reference_scores_full_marks(reference_grading, phase):
    report = reference_grading("bisca", phase).report
    assert report.score == report.max_score == 100, _failures(report)
    assert not report.notes, report.notes
    # the tournament's share goes to the class leaderboard: the reference against
    # itself, every deal in both seats, shares its points about evenly
    shares = [entry.value for entry in report.leaderboard if entry.name == "Tournament share"]
    assert shares == ([pytest.approx(0.5, abs=0.15)] if phase == 3 else [])


@pytest.mark.slow
@pytest.mark.parametrize("phase", PHASES)
def test_the_stubs_score_nothing(repo, phase):
    job = project_job(repo, "bisca", phase, repo.student_dir("bisca"))
    report = run(with_deals(job, FORFEIT_DEALS))  # the stubs' AutoPlayer forfeits every game
    assert report.score == 0
    assert report.failures
    assert all(part.score == 0 for part in report.parts)


@pytest.mark.slow
@pytest.mark.parametrize("bug", BUGS, ids=[bug.id for bug in BUGS])
def test_a_seeded_bug_loses_points_in_its_part(repo, solution, tmp_path, bug):
    folder = edited_copy(solution, tmp_path / "submission", f"{bug.module}.py", bug.old, bug.new)
    report = grade_bug(repo, "bisca", bug.phase, folder, bug.part)
    part = next(p for p in report.parts if p.id == bug.part)
    assert part.counted and not part.note, f"{bug.id}: no test of part {bug.part} ran"
    assert part.score < part.max_score, f"{bug.id}: part {bug.part} kept full marks"
    assert report.score < report.max_score


def _without_timing(data: dict) -> dict:
    data = dict(data, seconds=None)
    data["parts"] = [
        dict(part, tests=[dict(test, seconds=None) for test in part["tests"]])
        for part in data["parts"]
    ]
    return data


@pytest.mark.slow
def test_the_same_submission_gets_the_same_report(repo):
    from cardlab.demo import example_submission
    from cardlab.reports import to_json

    reports = [to_json(_grade(repo, 2, example_submission(repo))) for _ in range(2)]
    assert reports[0]["score"] < 100
    assert _without_timing(reports[0]) == _without_timing(reports[1])
