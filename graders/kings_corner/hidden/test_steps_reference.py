"""Hidden tests of the step functions (phase 2): the same moves as the reference, on many positions.

Positions come from ``kings_corner_turns.make_position`` in every family (played,
chains, Kings in hand, King-bottomed piles 1 to 4, empty draw pile).  A step function
must list every move of its step once; the order is free, so both lists are sorted.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_setup import make_hand, make_table
from kings_corner_turns import FAMILIES, Position, make_position, reference_state

from cardlab.testing import WorkerFailure, expect_equal

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
        got = getattr(student.pkg.computer_player, name)(
            *((table, hand) if takes_hand else (table,))
        )
        call = (
            f"{name}(table{', hand' if takes_hand else ''}) on this position "
            f"({family}, seed {seed}):\n{position.describe()}"
        )
        expect_equal(sorted(got) if isinstance(got, list) else got, expected, call)


KING_PILES = (
    ("KS QH JC TD", "3C", "9H", "5D", "", "", "", ""),
    ("4C", "KD QC JH", "KH", "8S 7H", "", "KC", "", ""),
    ("KH QS", "KC QD JS TH 9C", "6S", "AD", "", "", "", "KS QH"),
)
"""Piles 1 to 4 with a King at the bottom and cards above it, and corners empty or not."""


@pytest.mark.weight(2)
@pytest.mark.parametrize("piles", KING_PILES, ids=["one", "two-and-a-corner", "three"])
def test_king_bottomed_piles_with_cards_above_them(student, ref, piles):
    """Step 1 moves a pile 1 to 4 whose bottom is a King, whatever lies above it."""
    position = Position(piles, "4S 2H", "7C 8D", "king_bottoms", 0)
    _compare_steps(student, ref, position)
