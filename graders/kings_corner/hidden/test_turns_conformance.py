"""Hidden tests of whole computer turns (phase 2), checked by the steps, not by our choices.

On 225 seeded positions (45 of each family of ``kings_corner_turns.FAMILIES``) your
``ComputerPlayer`` plays one turn with its own ``random.Random(seed)``.  The moves it made
are replayed on the reference's table: each must be legal and belong to the first step
that has a move, no step may be left while it still has one, and the turn must end
with a draw unless the hand or the draw pile is empty.  The piles and the hand must
end as those moves say.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_turns import check_turn, make_position

pytestmark = pytest.mark.part("ai-turns")

seeds = st.integers(0, 2**32 - 1)


def _check(student, ref, family, seed):
    check_turn(student, ref, make_position(family, seed, ref), seed)


@pytest.mark.weight(3)
@settings(max_examples=45)
@given(seed=seeds)
def test_turns_in_played_rounds(student, ref, seed):
    """Turns from rounds played by two reference computers, at any point of the round."""
    _check(student, ref, "played", seed)


@pytest.mark.weight(3)
@settings(max_examples=45)
@given(seed=seeds)
def test_turns_with_long_chains(student, ref, seed):
    """A lay that frees a pile move that frees another lay, and so on down a long sequence."""
    _check(student, ref, "chains", seed)


@pytest.mark.weight(2)
@settings(max_examples=45)
@given(seed=seeds)
def test_turns_with_kings_in_hand(student, ref, seed):
    """Kings in the hand go to empty corners first."""
    _check(student, ref, "kings_in_hand", seed)


@pytest.mark.weight(2)
@settings(max_examples=45)
@given(seed=seeds)
def test_turns_with_king_bottomed_piles(student, ref, seed):
    """Piles 1 to 4 with a King at the bottom move to empty corners first."""
    _check(student, ref, "king_bottoms", seed)


@pytest.mark.weight(2)
@settings(max_examples=45)
@given(seed=seeds)
def test_turns_with_an_empty_draw_pile(student, ref, seed):
    """With nothing to draw, the turn ends when no step has a move, without a draw."""
    _check(student, ref, "empty_stock", seed)
