"""The whist graders work, for an assignment of two packages.

The reference scores full marks in each phase, the ADVANCED.md part aside (its points
are left for the instructor); an AdvancedStrategy that plays like the basic one earns no
tournament credit; and bad student code fails a test saying what it did, never crashing
the grader. The stubs, the seeded bugs (``graders/whist/bugs.toml``) and alternative
solutions are graded by ``test_assignments.py``, as every assignment's are.

Bad code is one small edit of the solution, graded on the tests of its part
(``--test``).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.alternative_grading import tournament_modules
from support.call_limits import SHARED_CALL_SECONDS, job_with_call_seconds, timed_out
from support.seeded_bugs import edited_copy
from support.tournament_deals import FORFEIT_DEALS, with_deals

from cardlab.judge.grading import project_job, run
from cardlab.judge.reference import Reference
from cardlab.judge.results import GradeReport
from cardlab.worker.codec import Codec

PHASE_OF_PART = {
    "card": 1, "deck": 1, "hand": 1,
    "trick": 2, "basic-strategy": 2, "human": 2, "game": 2, "tournament": 2,
}
# The grader files of each part, as a ``-k`` selection.
PART_TESTS = {
    "card": "test_card", "deck": "test_deck", "hand": "test_hand", "trick": "trick",
    "basic-strategy": "basic_strategy", "human": "human", "game": "basic_whist",
    "tournament": "tournament",
}
EXAMPLE = Path(__file__).resolve().parents[2] / "reference" / "whist" / "ADVANCED.md"
DESCRIPTION = EXAMPLE.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Edit:
    """A one-place edit of a solution module, and the part it must cost points in.

    An edit that hangs sets ``call_seconds``: its part is graded with that time limit of
    one call, and the failure must name it.
    """

    id: str
    module: str
    old: str
    new: str
    part: str
    call_seconds: float | None = None


# An AdvancedStrategy that plays exactly like the basic one.
PLAYS_LIKE_BASIC = '''"""An AdvancedStrategy that is the basic one under another name."""

import random

from .basic_strategy import BasicStrategy


class AdvancedStrategy(BasicStrategy):
    """The basic rule, ties broken by its own generator."""

    def __init__(self) -> None:
        """A generator of its own."""
        super().__init__(random.Random(7))
'''

# Bad student code: the edit, its part, and what a failure message must say.
_CHOOSE = "    def choose_card(self, hand: Hand, trick: Trick) -> Card:\n"
_CHOOSE_DOC_END = '''            A card of ``hand``, of the led suit whenever the hand holds one.
        """
'''
_UPDATE_DOC_END = '''note who did not follow the led suit."""
'''
BAD_INPUT = (
    (Edit("Trick.cards a list", "whist/trick.py", "        return tuple(self._cards)\n",
          "        return list(self._cards)\n", "trick"),
     "where its contract says a tuple"),
    (Edit("an advanced card not in the hand", "whist/advanced_strategy.py", _CHOOSE_DOC_END,
          _CHOOSE_DOC_END + "        held = [c.notation for c in hand]\n"
          "        return next(Card.from_notation(rank + suit) for suit in 'CDHS'\n"
          "                    for rank in '2 3 4 5 6 7 8 9 10 J Q K A'.split()\n"
          "                    if rank + suit not in held)\n", "tournament"),
     "not a card of the hand"),
    (Edit("an advanced None", "whist/advanced_strategy.py", _CHOOSE_DOC_END,
          _CHOOSE_DOC_END + "        return None\n", "tournament"),
     "returned None, not a card of the hand"),
    (Edit("an advanced card not following suit", "whist/advanced_strategy.py", _CHOOSE_DOC_END,
          _CHOOSE_DOC_END + "        if trick.lead_suit is not None:\n"
          "            other = [c for c in hand if c.suit is not trick.lead_suit]\n"
          "            if other and hand.has_suit(trick.lead_suit):\n"
          "                return other[0]\n", "tournament"),
     "without following suit"),
    (Edit("an advanced update_data that raises at the last trick", "whist/advanced_strategy.py",
          _UPDATE_DOC_END, _UPDATE_DOC_END +
          "        self.updates = getattr(self, 'updates', 0) + 1\n"
          "        if self.updates == 13:\n"
          "            raise KeyError('the last trick')\n", "tournament"),
     "after trick 13 raised KeyError"),
    (Edit("an advanced strategy that hangs", "whist/advanced_strategy.py", _CHOOSE_DOC_END,
          _CHOOSE_DOC_END + "        while True:\n            __import__('time').sleep(60)\n",
          "tournament", call_seconds=SHARED_CALL_SECONDS),  # honest calls of the game share it
     "stopped answering"),
    (Edit("count_suit returning a string", "cards/hand.py",
          "        return self._suit_counts[suit]\n",
          "        return str(self._suit_counts[suit])\n", "hand"),
     "got:      '"),
)


@pytest.fixture
def solution(solution_of) -> Path:
    """The reference as a submission, with a description of its strategy (shared by the
    run: copy it to change it)."""
    return solution_of("whist")


def _grade(
    repo,
    folder: Path,
    phase: int,
    part: str | None = None,
    deals: int | None = None,
    call_seconds: float | None = None,
) -> GradeReport:
    job = project_job(repo, "whist", phase, folder)
    if deals is not None:
        job = with_deals(job, deals)
    if call_seconds is not None:
        job = job_with_call_seconds(job, call_seconds)
    return run(job, PART_TESTS.get(part))


def _failures(report: GradeReport) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


def _copy(solution: Path, folder: Path) -> Path:
    shutil.copytree(solution, folder)
    return folder


def _edited(solution: Path, folder: Path, edit: Edit) -> Path:
    return edited_copy(solution, folder, edit.module, edit.old, edit.new)


def _part(report: GradeReport, part_id: str):
    return next(part for part in report.parts if part.id == part_id)


@pytest.mark.slow
@pytest.mark.parametrize("phase", [1, 2])
def test_the_reference_scores_full_marks_the_hand_marked_part_aside(reference_grading, phase):
    report = reference_grading("whist", phase).report  # shared with test_assignments
    assert not report.failures, _failures(report)
    assert report.score == report.max_score - report.open_points == (100 if phase == 1 else 90)
    assert not report.notes, report.notes
    if phase == 2:
        description = _part(report, "description")
        assert description.manual == "ADVANCED.md" and description.document == DESCRIPTION
        assert description.score == 0 and description.max_score == 10


def test_the_tournament_runs_the_strategy_and_what_it_uses_only(repo, solution):
    """The alternatives of other modules are not played in the tournament: it cannot run them."""
    reached = tournament_modules(repo, repo.spec("whist"), 2, solution)
    assert reached == {"whist.advanced_strategy", "whist.trick", "cards.hand", "cards.card"}


@pytest.mark.slow
def test_an_advanced_strategy_playing_like_the_basic_one_earns_no_tournament_credit(
    repo, solution, tmp_path
):
    folder = _copy(solution, tmp_path / "submission")
    (folder / "whist" / "advanced_strategy.py").write_text(PLAYS_LIKE_BASIC, encoding="utf-8")
    report = _grade(repo, folder, 2, "tournament")
    tournament = _part(report, "tournament")
    assert len(tournament.tests) == 2 and tournament.score == 0
    assert all("not confidently at or above +0.050" in test.message for test in tournament.tests)


@pytest.mark.slow
@pytest.mark.parametrize(("edit", "said"), BAD_INPUT, ids=[edit.id for edit, _ in BAD_INPUT])
def test_bad_student_code_fails_a_test_saying_what_it_did(repo, solution, tmp_path, edit, said):
    phase = PHASE_OF_PART[edit.part]
    deals = FORFEIT_DEALS if edit.part == "tournament" else None
    folder = _edited(solution, tmp_path / "submission", edit)
    report = _grade(repo, folder, phase, edit.part, deals, edit.call_seconds)
    part = _part(report, edit.part)
    assert part.score < part.max_score
    messages = [test.message for test in report.failures]
    assert any(said in message for message in messages), messages[:3]
    if edit.call_seconds is not None:
        limit = timed_out(edit.call_seconds)
        assert any(said in m and limit in m for m in messages), messages[:3]
    assert not any("could not finish" in message for message in messages), messages


@pytest.mark.slow
@pytest.mark.parametrize("content", [None, "  \n"], ids=["missing", "empty"])
def test_a_missing_or_empty_description_is_a_note(repo, solution, tmp_path, content):
    folder = _copy(solution, tmp_path / "submission")
    if content is None:
        (folder / "ADVANCED.md").unlink()
    else:
        (folder / "ADVANCED.md").write_text(content, encoding="utf-8")
    report = run(project_job(repo, "whist", 2, folder), parts=("description",))
    description = _part(report, "description")
    expected = "missing from the submission" if content is None else "is empty"
    assert expected in description.note and description.document is None
    data = json.loads(_json(report))
    part = next(p for p in data["parts"] if p["id"] == "description")
    assert part["manual"] == "ADVANCED.md" and part["document"] is None


def _json(report: GradeReport) -> str:
    from cardlab.reports import render

    return render(report, "json")


@pytest.mark.parametrize(
    ("chosen", "shown"), [("2C", "chose 2♣,"), (None, "chose None,")], ids=["card", "none"]
)
def test_a_refused_choice_is_named_as_a_student_writes_cards(repo, chosen, shown):
    """The provided BasicPlayer's refusal reaches students' reports: cards, not their repr."""
    ref = Reference.of_packages(repo.reference_dirs(repo.spec("whist")), Codec([]))
    try:
        card = ref.cards.card.Card
        choice = None if chosen is None else card.from_notation(chosen)

        class Choosing(ref.whist.player.Strategy):
            def choose_card(self, hand, trick):
                return choice

            def update_data(self, trick):
                pass

        player = ref.whist.basic_player.BasicPlayer(1, Choosing())
        player.deal_card(card.from_notation("AS"))
        with pytest.raises(ValueError, match="strategy chose") as refused:
            player.play_card(None)
    finally:
        ref.close()
    assert shown in str(refused.value) and "<A♠>" in str(refused.value)
    assert "Card(" not in str(refused.value)
