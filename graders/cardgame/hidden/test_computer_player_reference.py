"""Part 4, hidden: the SimpleComputerPlayer chooses what the reference chooses.

Tricks and hands are drawn at random: a random deal of 1 to 13 cards each, any trumps,
any leader, and 0 to 3 cards already played by random legal play. The player whose
turn it is must choose the same card as the reference's SimpleComputerPlayer.
"""

import cardgame_play
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, card, expect_equal

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
    computer = student.pkg.simple_computer_player.SimpleComputerPlayer(players[seat])
    call = f"{state.describe(ref)}\nSimpleComputerPlayer for {seat.name}: next_card(trick)"
    try:
        chosen = computer.next_card(theirs)
    except StudentRaised as error:
        raise AssertionError(
            f"{call} raised {error.type_name}: {error.message}{error.stub_hint}"
        ) from None
    expect_equal(chosen, ref.canon(expected), call)


def ask_next_card(student, ref, state, trick):
    """The student's choice and the reference's, with the student's hand and trick."""
    seat = trick.next_to_play
    mine = ref.player.Player(seat, ref.hand.Hand(state.held(seat)))
    expected = ref.simple_computer_player.SimpleComputerPlayer(mine).next_card(trick)
    theirs, players = cardgame_play.student_trick(student, ref, state)
    computer = student.pkg.simple_computer_player.SimpleComputerPlayer(players[seat])
    call = f"{state.describe(ref)}\nSimpleComputerPlayer for {seat.name}: next_card(trick)"
    try:
        chosen = computer.next_card(theirs)
    except StudentRaised as error:
        raise AssertionError(
            f"{call} raised {error.type_name}: {error.message}{error.stub_hint}"
        ) from None
    return chosen, ref.canon(expected), call, theirs, players[seat]


@pytest.mark.weight(4)
@pytest.mark.parametrize("rule", cardgame_play.RULES)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1))
def test_next_card_on_each_rule(student, ref, rule, seed):
    """next_card is the reference's choice on tricks aimed at each of its four rules."""
    state, trick = cardgame_play.aimed_trick(ref, seed, rule)
    chosen, expected, call, _, _ = ask_next_card(student, ref, state, trick)
    expect_equal(chosen, expected, f"{call}  (rule: {rule})")


@pytest.mark.parametrize("rule", cardgame_play.RULES)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_next_card_leaves_hand_and_trick_unchanged(student, ref, rule, seed):
    """Choosing a card changes nothing: the player's hand and the trick are as they were."""
    state, trick = cardgame_play.aimed_trick(ref, seed, rule)
    _, _, call, theirs, player = ask_next_card(student, ref, state, trick)
    seat = trick.next_to_play
    expect_equal(list(player.hand), ref.canon(sorted(state.held(seat))), f"{call}; then hand")
    expect_equal(theirs.cards, ref.canon(trick.cards), f"{call}; then trick.cards")


@settings(max_examples=80)
@given(
    left=st.sampled_from(cardgame_play.DECK_TEXT),
    right=st.sampled_from(cardgame_play.DECK_TEXT),
    trumps=st.sampled_from(cardgame_play.TRUMPS),
)
def test_strength_ranks_like_the_reference(student, ref, left, right, trumps):
    """strength(card, trumps) orders two cards as the reference's key does."""
    suit = cardgame_play.trumps_of(ref, trumps)
    keys = {}
    for text in (left, right):
        call = f"strength({text}, {trumps_text(trumps)})"
        try:
            keys[text] = student.pkg.simple_computer_player.strength(card(text), ref.canon(suit))
        except StudentRaised as error:
            raise AssertionError(f"{call} raised {error.type_name}: {error.message}") from None
    reference = {
        text: ref.simple_computer_player.strength(ref.card.Card.from_notation(text), suit)
        for text in (left, right)
    }
    for name, compare in (("<", lambda a, b: a < b), ("==", lambda a, b: a == b)):
        got = student.builtin(name_of(name), keys[left], keys[right])
        wanted = compare(reference[left], reference[right])
        expect_equal(
            got,
            wanted,
            f"strength({left}) {name} strength({right}), {trumps_text(trumps)}",
        )


def name_of(symbol):
    return {"<": "lt", "==": "eq"}[symbol]


def trumps_text(trumps):
    return cardgame_play.trumps_text(trumps)
