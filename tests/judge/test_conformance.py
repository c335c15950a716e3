"""The conformance checker (``cardlab.judge.conformance``), on small procedures of its own.

The toy procedure removes numbers from a set: first every even number (step "evens"),
then every odd one ("odds"), in any order within a step, and ends with "stop" once the
set is empty. A second procedure is a one-step tie-break, like "one of the tied cards at
random".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.judge.conformance import AFTER_THE_END, ENDED_EARLY, NOT_ALLOWED, STEP_SKIPPED
from cardlab.testing import Procedure, Step, check_conformance, expect_conformant


class Numbers:
    """The toy state: numbers left, whether "stop" was chosen, and every choice applied."""

    def __init__(self, numbers) -> None:
        self.left = set(numbers)
        self.stopped = False
        self.applied: list = []


def _apply(state: Numbers, choice):
    state.applied.append(choice)
    if choice == "stop":
        state.stopped = True
    else:
        state.left.remove(choice)
    return state


TOY = Procedure(
    steps=(
        Step("evens", lambda s: sorted(n for n in s.left if n % 2 == 0)),
        Step("odds", lambda s: sorted(n for n in s.left if n % 2)),
        Step("stop", lambda s: [] if s.left or s.stopped else ["stop"]),
    ),
    apply=_apply,
    finished=lambda s: s.stopped,
)


@given(st.permutations([2, 4, 6]), st.permutations([1, 3]))
def test_any_order_within_each_step_conforms(evens, odds):
    assert check_conformance(TOY, Numbers([1, 2, 3, 4, 6]), [*evens, *odds, "stop"]) is None


def test_a_choice_no_step_allows():
    breach = check_conformance(TOY, Numbers([1, 2]), [2, 5])
    assert (breach.kind, breach.index, breach.choice, breach.step) == (NOT_ALLOWED, 1, 5, "odds")
    assert breach.allowed == (1,)


def test_a_later_step_while_an_earlier_one_has_choices():
    state = Numbers([1, 2, 4])
    breach = check_conformance(TOY, state, [2, 1, 4, "stop"])
    assert (breach.kind, breach.index, breach.step, breach.later_step) == (
        STEP_SKIPPED,
        1,
        "evens",
        "odds",
    )
    assert breach.allowed == (4,)
    assert state.applied == [2], "a refused choice is never applied"


def test_stopping_while_a_step_has_choices():
    breach = check_conformance(TOY, Numbers([1, 2]), [2])
    assert (breach.kind, breach.index, breach.step, breach.allowed) == (
        ENDED_EARLY,
        1,
        "odds",
        (1,),
    )
    assert check_conformance(TOY, Numbers([1]), [1]).allowed == ("stop",)


def test_a_choice_after_the_end():
    breach = check_conformance(TOY, Numbers([1]), [1, "stop", 3])
    assert (breach.kind, breach.index, breach.choice, breach.step) == (AFTER_THE_END, 2, 3, None)


def test_stuck_is_a_proper_ending():
    """No step allows anything and the procedure is not finished: nothing more can be done."""
    stuck = Procedure(steps=TOY.steps[:2], apply=_apply, finished=lambda s: False)
    assert check_conformance(stuck, Numbers([1, 2]), [2, 1]) is None
    assert check_conformance(stuck, Numbers([]), []) is None


def test_an_empty_sequence_where_something_was_due():
    assert check_conformance(TOY, Numbers([2]), []).kind == ENDED_EARLY


TIES = Procedure(
    steps=(Step("the lowest winning cards", lambda chosen: [] if chosen else ["9H", "9S"]),),
    apply=lambda chosen, card: [*chosen, card],
    finished=bool,
)


@pytest.mark.parametrize("card", ["9H", "9S"])
def test_one_of_the_tied_choices_conforms(card):
    assert check_conformance(TIES, [], [card]) is None


def test_a_card_outside_the_ties_and_a_second_card():
    assert check_conformance(TIES, [], ["KH"]).kind == NOT_ALLOWED
    assert check_conformance(TIES, [], ["9H", "9S"]).kind == AFTER_THE_END


def test_expect_conformant_tells_the_student():
    with pytest.raises(AssertionError) as raised:
        expect_conformant(
            TOY,
            Numbers([1, 2]),
            [1, 2, "stop"],
            "take_turn on [1, 2]",
            show=lambda choice: f"<{choice}>",
        )
    message = str(raised.value)
    assert message.splitlines()[0] == "take_turn on [1, 2]"
    assert "[<1>] [<2>] [<stop>]" in message
    assert "choice 1, <1>, belongs to odds, but evens still allowed: <2>" in message
    expect_conformant(TOY, Numbers([1, 2]), [2, 1, "stop"], "fine")
