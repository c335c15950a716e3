"""Hidden tests of whole computer turns (phase 2), checked by the steps, not by our choices.

On 225 seeded positions (45 of each family of ``kings_corner_turns.FAMILIES``: turns of
rounds played by two reference computers; long chains, where a lay frees a pile move
that frees another lay; Kings in the hand; Kings at the bottom of piles 1 to 4; an empty
draw pile) your ``ComputerPlayer`` plays one turn with its own ``random.Random(seed)``.
The moves it made are replayed on the reference's table: each must be legal and belong
to the first step that has a move, no step may be left while it still has one, and the
turn must end with a draw unless the hand or the draw pile is empty.  The piles and the
hand must end as those moves say.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_turns import check_turn, make_position

pytestmark = pytest.mark.part("ai-turns")

WEIGHTS = {"played": 3, "chains": 3, "kings_in_hand": 2, "king_bottoms": 2, "empty_stock": 2}


@pytest.mark.parametrize(
    "family",
    [pytest.param(family, marks=pytest.mark.weight(weight)) for family, weight in WEIGHTS.items()],
)
@settings(max_examples=45)
@given(seed=st.integers(0, 2**32 - 1))
def test_turns_follow_the_steps(student, ref, family, seed):
    """One turn on a seeded position of the family: every move in the step it belongs to."""
    check_turn(student, ref, make_position(family, seed, ref), seed)
