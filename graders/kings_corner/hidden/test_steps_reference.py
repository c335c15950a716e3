"""Hidden tests of the step functions (phase 2): the same moves as the reference, on many positions.

Positions come from ``kings_corner_turns.make_position`` in every family (played,
chains, Kings in hand, King-bottomed piles 1 to 4, empty draw pile).  A step function
must list every move of its step once; the order is free, so both lists are sorted.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_setup import make_hand, make_table
from kings_corner_turns import FAMILIES, make_position, reference_state

from cardlab.testing import expect_equal
from cardlab.worker.process import WorkerFailure

pytestmark = pytest.mark.part("ai-steps")

FUNCTIONS = ("king_moves", "pile_moves", "lays_on_piles", "lays_on_empty_piles", "allowed_moves")


@pytest.mark.weight(3)
@settings(max_examples=25)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32 - 1))
def test_steps_like_the_reference(student, ref, family, seed):
    """Every step function's moves are the reference's (as sets), on a position of each family."""
    position = make_position(family, seed, ref)
    try:
        _compare_steps(student, ref, position)
    except WorkerFailure as failure:  # one place, so that hypothesis sees the same failure
        raise AssertionError(
            f"The step functions on this position ({family}, seed {seed}):\n"
            f"{position.describe()}\n  did not finish: {failure}"
        ) from None


def _compare_steps(student, ref, position):
    family, seed = position.family, position.seed
    state = reference_state(ref, position)
    table = make_table(student, position.piles, position.stock)
    hand = make_hand(student, position.hand)
    for name in FUNCTIONS:
        takes_hand = name != "pile_moves"
        ref_args = (state.table, state.hand) if takes_hand else (state.table,)
        expected = sorted(ref.canon(getattr(ref.computer_player, name)(*ref_args)))
        got = getattr(student.computer_player, name)(*((table, hand) if takes_hand else (table,)))
        call = (
            f"{name}(table{', hand' if takes_hand else ''}) on this position "
            f"({family}, seed {seed}):\n{position.describe()}"
        )
        expect_equal(sorted(got) if isinstance(got, list) else got, expected, call)


CHOICES = ["L 7H 3", "L KS 5", "M 1 6", "D", "L 2C 8", "M 4 2"]
"""Moves ``choose`` picks from (it only picks; they need not fit any table)."""


@pytest.mark.part("ai-turns")
@settings(max_examples=5)
@given(seed=st.integers(0, 2**32 - 1))
def test_choose_uses_the_rng_it_was_given(student, ref, seed):
    """ComputerPlayer(name, rng).choose(moves) picks with that rng: rng.choice(moves), as the
    reference does with the same seed, ten times in a row; without an rng it still picks."""
    import random

    moves = [ref.table.Move.from_notation(text) for text in CHOICES]
    expected_rng = random.Random(seed)
    player = student.computer_player.ComputerPlayer("Computer", student.builtin("Random", seed))
    for turn in range(1, 11):
        expected = ref.canon(ref.computer_player.ComputerPlayer("C", expected_rng).choose(moves))
        expect_equal(player.choose(moves), expected,
                     f"ComputerPlayer('Computer', random.Random({seed})).choose([...]), "
                     f"call {turn}")
    unseeded = student.computer_player.ComputerPlayer("Computer")
    picked = unseeded.choose(moves)
    expect_equal(picked in [ref.canon(move) for move in moves], True,
                 "ComputerPlayer('Computer').choose(moves) is one of the moves")
