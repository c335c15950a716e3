"""Hidden tests of Trick (phase 2), against the reference: random tricks card by card."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whist_ref import ALL_CARDS
from whist_situations import SUIT_NAMES

from cardlab.testing import card, expect_equal, member

pytestmark = pytest.mark.part("trick")


@pytest.mark.weight(4)
@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(SUIT_NAMES),
    st.integers(0, 3),
    st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4, unique=True),
)
def test_trick_card_by_card(student, r, trumps, leader, texts):
    """After each card: the winner, the winning card, the lead suit, next player, card_of."""
    mine = student.pkg.whist.trick.Trick(member("Suit", trumps), leader)
    model = r.trick.Trick(r.Suit[trumps], leader)
    played = []
    for offset, text in enumerate(texts):
        seat = (leader + offset) % 4
        student.method(mine, "set_card", seat, card(text))
        model.set_card(seat, r.of(text))
        played.append(text)
        call = f"Trick(Suit.{trumps}, {leader}) after {' '.join(played)}"
        expect_equal(student.method(mine, "winner"), model.winner(), f"{call}: winner()")
        expect_equal(
            student.method(mine, "winning_card"),
            card(model.winning_card().notation),
            f"{call}: winning_card()",
        )
        expect_equal(
            student.attr(mine, "lead_suit"),
            member("Suit", model.lead_suit.name),
            f"{call}: lead_suit",
        )
        expect_equal(student.attr(mine, "next_player"), model.next_player, f"{call}: next_player")
    for seat in range(4):
        expect_equal(
            student.method(mine, "card_of", seat),
            card(model.card_of(seat).notation),
            f"Trick after {' '.join(played)}: card_of({seat})",
        )
    expect_equal(student.attr(mine, "is_complete"), True, "is_complete after four cards")


def test_empty_trick(student):
    """A new trick: no lead suit, the leader to play, winner() raises ValueError."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 3)
    expect_equal(student.attr(mine, "lead_suit"), None, "Trick(Suit.CLUBS, 3).lead_suit")
    expect_equal(student.attr(mine, "next_player"), 3, "Trick(Suit.CLUBS, 3).next_player")
    with student.raises("ValueError"):
        student.method(mine, "winner")


def test_fifth_card_and_repeated_card_are_refused(student):
    """A card after four, or a card already in the trick, raises ValueError."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 0)
    student.method(mine, "set_card", 0, card("2H"))
    with student.raises("ValueError"):
        student.method(mine, "set_card", 1, card("2H"))
    for seat, text in ((1, "3H"), (2, "4H"), (3, "5H")):
        student.method(mine, "set_card", seat, card(text))
    with student.raises("ValueError"):
        student.method(mine, "set_card", 0, card("6H"))


def test_bad_leader_is_refused(student):
    """Trick(trumps, 4) raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 4)
