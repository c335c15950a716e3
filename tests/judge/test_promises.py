"""Promises checked through a real worker: arguments a call changed, misbehaving
collaborators, copies and the same object (the helpers of :mod:`cardlab.testing`)."""

from __future__ import annotations

import pytest

from cardlab.judge.proxy import Student, StudentRaised
from cardlab.judge.remote import BrokenPromise
from cardlab.testing import (
    NOT_A_CARD,
    card,
    cards,
    expect_handed_a_copy,
    expect_refusals,
    expect_same_object,
    expect_unchanged_by,
    misbehaving,
)
from cardlab.worker.codec import Value, load_codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerSetup

PLAY = """
from .card import Card


def pop_one(cards):
    return cards.pop()


def count(cards):
    return len(cards)


def ask(collaborator, hand):
    return collaborator.choose(hand)


class Seat:
    def __init__(self, collaborator, hand):
        self.collaborator = collaborator
        self.cards = list(hand)

    def play(self):
        chosen = self.collaborator.choose({copy})
        if not isinstance(chosen, Card) or chosen not in self.cards:
            raise ValueError(f"{{chosen!r}} is not held")
        self.cards.remove(chosen)
        return chosen

    def trusting_play(self):
        chosen = self.collaborator.choose(self.cards)
        if chosen in self.cards:
            self.cards.remove(chosen)
        return chosen

    def renew(self):
        self.cards = list(self.cards)

    def sorted_view(self):
        return sorted(self.cards, key=str)

    def sorting_view(self):
        self.cards.sort(key=str)
        return self.cards
"""


def bisca_with_play(repo, folder, copy: bool) -> Student:
    """bisca's reference, with a student's play module written for these tests."""
    (folder / "play.py").write_text(PLAY.format(copy="list(self.cards)" if copy else "self.cards"))
    reference = repo.reference_dir("bisca")
    codec_file = repo.graders_dir("bisca") / "codec.py"
    setup = WorkerSetup(compose("bisca", reference, folder, ["play"]), codec_file, 4096)
    student = Student(setup, 5.0, load_codec(codec_file))
    student.session.begin("test_promises")
    return student


@pytest.fixture
def honest(repo, tmp_path):
    (tmp_path / "honest").mkdir()
    student = bisca_with_play(repo, tmp_path / "honest", copy=True)
    yield student
    student.session.close()


@pytest.fixture
def careless(repo, tmp_path):
    (tmp_path / "careless").mkdir()
    student = bisca_with_play(repo, tmp_path / "careless", copy=False)
    yield student
    student.session.close()


HAND = cards("QS 7H AD")


def test_a_call_that_changes_its_list_fails_in_the_students_words(honest):
    assert honest.pkg.play.count(HAND) == 3
    with pytest.raises(BrokenPromise) as broken:
        honest.pkg.play.pop_one(HAND)
    message = str(broken.value)
    assert message.startswith("play.pop_one([QS, 7H, AD])\n")
    assert "your `pop_one` changed the list it was given as `cards`" in message
    assert honest.pkg.play.count(HAND) == 3  # the worker goes on


def test_a_broken_promise_is_not_a_student_exception(honest):
    """A grader that expects an exception does not take a broken promise for one."""
    with pytest.raises(BrokenPromise), honest.raises("IndexError"):
        honest.pkg.play.pop_one(HAND)


def test_a_misbehaving_collaborator_is_made_in_the_worker(honest):
    answers = misbehaving(honest, None, "choose", "returns", card("2C"))
    collaborator = answers()
    assert honest.pkg.play.ask(collaborator, HAND) == card("2C")
    assert honest.attr(collaborator, "handed") == [[HAND]]  # the arguments of each call
    failing = misbehaving(honest, None, "choose", "raises")()
    with pytest.raises(StudentRaised) as raised:
        honest.pkg.play.ask(failing, HAND)
    assert raised.value.is_a("CollaboratorFailed")
    meddling = misbehaving(honest, None, "choose", "meddles", card("QS"))()
    with pytest.raises(BrokenPromise, match="your `ask` changed the list"):
        honest.pkg.play.ask(meddling, HAND)  # it handed on the list it was given


def test_a_misbehaving_collaborator_keeps_its_bases_other_methods(honest):
    base = honest.pkg.player.Player
    made = misbehaving(honest, base, "play", "returns", None)("Ann")
    assert honest.attr(made, "name") == "Ann"
    assert honest.method(made, "play", card("QS")) is None
    with pytest.raises(StudentRaised, match="misbehaves as one of"):
        misbehaving(honest, None, "choose", "sulks")


def seat(student):
    return lambda collaborator: student.pkg.play.Seat(collaborator(), HAND)


def test_refusals_pass_when_each_misbehaviour_is_refused(honest):
    expect_refusals(
        honest,
        seat(honest),
        lambda made: made.play(),
        base=None,
        method="choose",
        wrong=card("2C"),
        call="Seat(collaborator, [QS, 7H, AD]).play()",
        role="its collaborator",
        state=lambda made: made.cards,
    )


def test_refusals_fail_naming_the_misbehaviour_let_through(honest):
    with pytest.raises(AssertionError) as failed:
        expect_refusals(
            honest,
            seat(honest),
            lambda made: made.trusting_play(),
            base=None,
            method="choose",
            wrong=card("2C"),
            call="Seat(collaborator, [QS, 7H, AD]).trusting_play()",
            role="its collaborator",
        )
    message = str(failed.value)
    assert "its collaborator having chose 2C, a card not held" in message
    assert "expected: raises ValueError\n  got:      2C" in message


def test_refusals_try_a_non_card_and_none(honest):
    """A collaborator choosing the string 'QS' or None must be refused too."""
    with pytest.raises(AssertionError) as failed:
        expect_refusals(
            honest,
            seat(honest),
            lambda made: made.trusting_play(),
            base=None,
            method="choose",
            wrong=card("QS"),
            wrong_is="held, which this seat refuses too",
            call="trusting_play()",
            role="its collaborator",
            raising=False,
        )
    assert "its collaborator having chose QS, held, which this seat refuses too" in str(
        failed.value
    )
    assert NOT_A_CARD == "QS"


def copy_check(student, play):
    expect_handed_a_copy(
        student,
        seat(student),
        play,
        base=None,
        method="choose",
        answer=card("7H"),
        state=lambda made: made.cards,
        expected=cards("QS AD"),
        call="Seat(collaborator, [QS, 7H, AD]).play()",
        role="its collaborator",
        handed="list of cards",
    )


def test_a_copy_handed_over_passes_and_the_original_fails(honest, careless):
    copy_check(honest, lambda made: made.play())
    with pytest.raises(AssertionError, match="must be a copy: emptying it must change nothing"):
        copy_check(careless, lambda made: made.play())


def test_the_same_object_and_a_view_that_changes_nothing(honest):
    made = honest.pkg.play.Seat(None, list(reversed(HAND)))
    expect_same_object(
        honest,
        made,
        "cards",
        between=lambda: None,
        label="seat",
        made="Seat(None, [AD, 7H, QS])",
        during="nothing",
    )
    with pytest.raises(AssertionError, match="two list objects, where the contract says"):
        expect_same_object(
            honest,
            made,
            "cards",
            between=made.renew,
            label="seat",
            made="Seat(None, [AD, 7H, QS])",
            during="renew()",
        )
    read = lambda: made.cards  # noqa: E731 - a reading, as graders pass it
    expect_unchanged_by(
        honest, made, read, between=made.sorted_view, call="seat.sorted_view()", what="the order"
    )
    with pytest.raises(AssertionError, match=r"seat.sorting_view\(\) changed the order"):
        expect_unchanged_by(
            honest,
            made,
            read,
            between=made.sorting_view,
            call="seat.sorting_view()",
            what="the order",
        )


def test_a_value_argument_costs_no_snapshot(honest):
    """Cards and numbers cannot change: a call given only those is not looked into."""
    assert honest.method(Value("Card", "7H"), "beats", card("QS"), Value("Suit", "HEARTS"))
