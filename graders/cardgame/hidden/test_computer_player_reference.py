"""Part 4, hidden: the SimpleComputerPlayer chooses what the reference chooses.

Tricks and hands are drawn at random: a random deal of 1 to 13 cards each, any trumps,
any leader, and 0 to 3 cards already played by random legal play. The player whose
turn it is must choose the same card as the reference's SimpleComputerPlayer.
"""

import cardgame_play
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.judge.proxy import StudentRaised
from cardlab.testing import expect_equal

pytestmark = pytest.mark.part("computer-player")


@pytest.mark.weight(4)
@settings(max_examples=100)
@given(
    seed=st.integers(0, 2**32 - 1),
    trumps=st.sampled_from(cardgame_play.TRUMPS),
    hand_size=st.integers(1, 13),
    played=st.integers(0, 3),
)
@example(seed=11, trumps="HEARTS", hand_size=13, played=3)  # last to play, full hands
@example(seed=12, trumps=None, hand_size=5, played=0)  # leading with no trumps
def test_next_card_like_the_reference(student, ref, seed, trumps, hand_size, played):
    """next_card(trick) is the reference's choice, on random tricks and hands."""
    state, trick = cardgame_play.random_trick(ref, seed, trumps, hand_size, played)
    seat = trick.next_to_play
    mine = ref.player.Player(seat, ref.hand.Hand(state.held(seat)))
    expected = ref.simple_computer_player.SimpleComputerPlayer(mine).next_card(trick)
    theirs, players = cardgame_play.student_trick(student, ref, state)
    computer = student.simple_computer_player.SimpleComputerPlayer(players[seat])
    call = f"{state.describe(ref)}\nSimpleComputerPlayer for {seat.name}: next_card(trick)"
    try:
        chosen = computer.next_card(theirs)
    except StudentRaised as error:
        raise AssertionError(
            f"{call} raised {error.type_name}: {error.message}{error.stub_hint}"
        ) from None
    expect_equal(chosen, ref.canon(expected), call)
