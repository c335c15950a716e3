"""Part 3, hidden: a clone and its original never affect each other, in every variation.

A game is played at random (legal moves, seeded deals) up to any point: before a deal,
in the middle of a trick, between tricks, between hands. It is cloned; random moves
played on the clone must leave the original exactly as it was, and the same moves then
played on the original must leave the clone as it was. Both must play on like the
reference.
"""

import cardgame_play
import pytest
from cardgame_setup import clone_of
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised

pytestmark = pytest.mark.part("cloning")

VARIATIONS = {"classic": "ClassicWhist", "single": "SingleHandWhist", "knockout": "KnockOutWhist"}


def replay(student, ref, game, actions, where):
    """Play recorded actions on a game in the student's code."""
    for action in actions:
        try:
            cardgame_play.apply(game, action, ref.canon)
        except StudentRaised as error:
            raise AssertionError(
                f"{where}: {cardgame_play.describe_action(ref, action)} raised "
                f"{error.type_name}: {error.message}{error.stub_hint}"
            ) from None


@pytest.mark.weight(2)
@pytest.mark.parametrize("variation", VARIATIONS)
@settings(max_examples=12)
@given(seed=st.integers(0, 2**32 - 1), before=st.integers(0, 70), after=st.integers(1, 12))
@example(seed=3, before=0, after=5)  # cloned before the first deal
@example(seed=4, before=3, after=6)  # in the middle of the first trick
@example(seed=5, before=53, after=4)  # between two hands (single: the game is over)
@example(seed=6, before=45, after=12)  # the clone plays to the end of a hand
def test_clone_and_original_are_independent(student, ref, variation, seed, before, after):
    """Moves on the clone leave the original unchanged, and the other way round."""
    actions = cardgame_play.random_actions(ref, variation, seed, before + after)
    before = min(before, len(actions))
    start, moves = actions[:before], actions[before:]
    model = ref.variations.VARIATIONS[variation]()
    for action in actions:
        cardgame_play.apply(model, action)
    expected_after = cardgame_play.reference_state(ref, model)
    game = student.get(f"variations.{VARIATIONS[variation]}")()
    replay(student, ref, game, start, f"A new {VARIATIONS[variation]}")
    where = f"{VARIATIONS[variation]} (seed {seed}) after {before} moves, cloned"
    original_state = cardgame_play.student_state(game)
    twin = clone_of(student, game)
    cardgame_play.expect_same_state(
        cardgame_play.student_state(twin), original_state, f"{where}: the clone at once"
    )
    replay(student, ref, twin, moves, f"{where}; playing on the clone")
    done = f"{len(moves)} more moves played on the clone"
    cardgame_play.expect_same_state(
        cardgame_play.student_state(game), original_state, f"{where}; {done}, the original"
    )
    cardgame_play.expect_same_state(
        cardgame_play.student_state(twin), expected_after, f"{where}; {done}, the clone"
    )
    replay(student, ref, game, moves, f"{where}; then playing on the original")
    done = f"the same {len(moves)} moves then played on the original"
    cardgame_play.expect_same_state(
        cardgame_play.student_state(twin), expected_after, f"{where}; {done}, the clone"
    )
    cardgame_play.expect_same_state(
        cardgame_play.student_state(game), expected_after, f"{where}; {done}, the original"
    )
