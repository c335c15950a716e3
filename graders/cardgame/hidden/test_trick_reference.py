"""Part 2, hidden: Trick.play accepts exactly the moves the reference accepts.

Tricks are reached by random legal play from random deals; then one more play is tried,
legal or not: by the player whose turn it is or by another, with a card they hold or
not. Your Trick.play must accept it exactly when the reference does, raise the provided
IllegalMove otherwise, and agree with the reference on the trick that results.
"""

import cardgame_play
import pytest
from cardgame_setup import ILLEGAL_MOVE
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, expect_equal, show

pytestmark = pytest.mark.part("illegal-moves")


def choose_play(ref, state, trick, who, pick):
    """The seat and card of the play to try, from two drawn numbers."""
    seats = list(ref.player.Direction)
    seat = trick.next_to_play if who < 5 and trick.next_to_play else seats[who % 4]
    held = state.held(seat)
    if pick < 40 and held:
        return seat, held[pick % len(held)]
    return seat, ref.card.full_deck()[pick % 52]


def student_outcome(student, trick, player, card):
    """``accepted``, ``illegal`` or a failure message for anything else."""
    try:
        result = trick.play(player, card)
    except StudentRaised as error:
        if error.is_a(ILLEGAL_MOVE):
            return "illegal"
        if error.type_name == "IllegalMove":
            return f"raised {error.qualified_name}, not the provided {ILLEGAL_MOVE}"
        return f"raised {error.type_name}: {error.message}{error.stub_hint}"
    return "accepted" if result is None else f"returned {result!r} (it should return None)"


@pytest.mark.weight(4)
@settings(max_examples=80)
@given(
    seed=st.integers(0, 2**32 - 1),
    trumps=st.sampled_from(cardgame_play.TRUMPS),
    hand_size=st.integers(1, 13),
    played=st.integers(0, 4),
    who=st.integers(0, 9),
    pick=st.integers(0, 99),
)
@example(seed=1, trumps="CLUBS", hand_size=13, played=1, who=0, pick=0)
@example(seed=2, trumps=None, hand_size=13, played=4, who=0, pick=3)  # the trick is complete
@example(seed=3, trumps="HEARTS", hand_size=5, played=4, who=7, pick=60)  # complete again,
@example(seed=4, trumps="SPADES", hand_size=1, played=4, who=2, pick=10)  # 3 times every run
# a card not of the led suit, by a player holding one: three times in every run
@example(seed=5, trumps="CLUBS", hand_size=13, played=1, who=0, pick=5)
@example(seed=6, trumps="CLUBS", hand_size=13, played=2, who=0, pick=6)
@example(seed=8, trumps="CLUBS", hand_size=13, played=3, who=0, pick=8)
# a trump has taken the lead: the next card still follows the suit led, not the trump's
@example(seed=75, trumps="HEARTS", hand_size=13, played=3, who=0, pick=0)  # a trump, refused
@example(seed=121, trumps="SPADES", hand_size=13, played=2, who=0, pick=2)  # the led suit
def test_play_accepts_what_the_reference_accepts(
    student, ref, seed, trumps, hand_size, played, who, pick
):
    """Trick.play accepts a move exactly when the reference does; the trick then agrees."""
    state, trick = cardgame_play.random_trick(ref, seed, trumps, hand_size, played)
    seat, card = choose_play(ref, state, trick, who, pick)
    ref_player = ref.player.Player(seat, ref.hand.Hand(state.held(seat)))
    legal = cardgame_play.accepts(ref, trick, ref_player, card)
    theirs, players = cardgame_play.student_trick(student, ref, state)
    call = f"{state.describe(ref)}\n{seat.name} plays {show(ref.canon(card))}"
    outcome = student_outcome(student, theirs, players[seat], ref.canon(card))
    expected = "accepted" if legal else "illegal"
    if outcome != expected:
        wanted = "accept it" if legal else "raise IllegalMove"
        raise AssertionError(f"{call}: Trick.play should {wanted}, but it {outcome}")
    if legal:
        trick.play(ref_player, card)
    expect_equal(theirs.cards, ref.canon(trick.cards), f"{call}; then trick.cards")
    expect_equal(theirs.winner, ref.canon(trick.winner), f"{call}; then trick.winner")
    expect_equal(
        theirs.next_to_play, ref.canon(trick.next_to_play), f"{call}; then trick.next_to_play"
    )
