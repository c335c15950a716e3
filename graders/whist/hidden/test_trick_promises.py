"""Hidden tests of the trick module's promises that the card-by-card test does not reach.

Seats and partnerships, ``beats`` called on its own, tricks with fewer than four cards,
``str`` of a trick, ``cards`` as a tuple, and the errors its docstrings name. Where the
contract fixes an answer it is compared with the reference's.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whist_ref import ALL_CARDS
from whist_situations import SUIT_NAMES

from cardlab.testing import card, cards, expect_equal, expect_tuple, member

pytestmark = pytest.mark.part("trick")


def test_partners_and_partnerships(student):
    """partner_of gives 2, 3, 0, 1 for seats 0 to 3; team_of gives 0, 1, 0, 1."""
    module = student.pkg.whist.trick
    for seat, partner, team in ((0, 2, 0), (1, 3, 1), (2, 0, 0), (3, 1, 1)):
        expect_equal(module.partner_of(seat), partner, f"partner_of({seat})")
        expect_equal(module.team_of(seat), team, f"team_of({seat})")


@pytest.mark.weight(2)
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=2, max_size=2, unique=True),
    st.sampled_from(SUIT_NAMES),
)
def test_beats_like_the_reference(student, r, pair, trumps):
    """beats(card, best, trumps): a higher card of best's suit, or a trump over a non-trump."""
    played, best = pair
    expect_equal(
        student.pkg.whist.trick.beats(card(played), card(best), member("Suit", trumps)),
        r.trick.beats(r.of(played), r.of(best), r.Suit[trumps]),
        f"beats({played}, {best}, Suit.{trumps})",
    )


def test_beats_by_rank_within_a_suit_and_by_trumps_across_suits(student):
    """Aimed cases of beats: equal suits compare ranks (higher only); a discard never beats."""
    beats = student.pkg.whist.trick.beats
    for played, best, trumps, expected in (
        ("3H", "2H", "CLUBS", True),
        ("2H", "3H", "CLUBS", False),
        ("AH", "KH", "HEARTS", True),
        ("KH", "AH", "HEARTS", False),
        ("2C", "AH", "CLUBS", True),
        ("AS", "2H", "CLUBS", False),
        ("AH", "2C", "CLUBS", False),
        ("QH", "QH", "CLUBS", False),  # not a higher rank: a card does not beat itself
        ("5C", "5C", "CLUBS", False),
    ):
        expect_equal(
            beats(card(played), card(best), member("Suit", trumps)),
            expected,
            f"beats({played}, {best}, Suit.{trumps})",
        )


@pytest.mark.weight(3)
@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(SUIT_NAMES),
    st.integers(0, 3),
    st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=4, unique=True),
)
def test_a_trick_in_progress_like_the_reference(student, r, trumps, leader, texts):
    """With 0 to 4 cards: cards, len, next_player, is_complete, card_of every seat, str."""
    mine = student.pkg.whist.trick.Trick(member("Suit", trumps), leader)
    model = r.trick.Trick(r.Suit[trumps], leader)
    for offset, text in enumerate(texts):
        seat = (leader + offset) % 4
        student.method(mine, "set_card", seat, card(text))
        model.set_card(seat, r.of(text))
    call = f"Trick(Suit.{trumps}, {leader}) after [{' '.join(texts)}]"
    expect_equal(student.attr(mine, "cards"), cards(" ".join(texts)), f"{call}: cards")
    expect_equal(student.builtin("len", mine), len(texts), f"{call}: len")
    expect_equal(student.attr(mine, "next_player"), model.next_player, f"{call}: next_player")
    expect_equal(student.attr(mine, "is_complete"), model.is_complete, f"{call}: is_complete")
    for seat in range(4):
        played = model.card_of(seat)
        expect_equal(
            student.method(mine, "card_of", seat),
            None if played is None else card(played.notation),
            f"{call}: card_of({seat})",
        )
    expect_equal(student.builtin("str", mine), str(model), f"{call}: str")


def test_the_course_example_as_a_string(student):
    """str of the course's first trick names each card and its player, 1 to 4."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 2)
    for seat, text in ((2, "KH"), (3, "9H")):
        student.method(mine, "set_card", seat, card(text))
    expect_equal(
        student.builtin("str", mine), "K♥ (player 3), 9♥ (player 4)", "str after K♥, 9♥ from seat 2"
    )


def test_an_empty_trick_has_no_winning_card(student):
    """winning_card() of an empty trick raises ValueError."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "SPADES"), 1)
    with student.raises("ValueError"):
        student.method(mine, "winning_card")


@pytest.mark.parametrize("seat", [4, -1, True])
def test_card_of_a_seat_that_is_not_one(student, seat):
    """card_of raises ValueError for anything but a seat from 0 to 3."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "SPADES"), 1)
    with student.raises("ValueError"):
        student.method(mine, "card_of", seat)


@pytest.mark.parametrize("leader", [-1, True])
def test_a_leader_that_is_not_a_seat(student, leader):
    """Trick(trumps, -1) and Trick(trumps, True) raise ValueError."""
    with student.raises("ValueError"):
        student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), leader)


def test_trumps_that_are_not_a_suit(student):
    """Trick("CLUBS", 0) raises TypeError: the trumps must be a Suit."""
    with student.raises("TypeError"):
        student.pkg.whist.trick.Trick("CLUBS", 0)


def test_a_card_that_is_not_a_card(student):
    """set_card(0, "QS") raises TypeError: a card's notation is not a card."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 0)
    with student.raises("TypeError"):
        student.method(mine, "set_card", 0, "QS")


def test_out_of_turn_after_a_card(student):
    """After seat 0's card, seat 2 and seat 0 itself are refused with ValueError."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 0)
    student.method(mine, "set_card", 0, card("5H"))
    for seat in (2, 0):
        with student.raises("ValueError"):
            student.method(mine, "set_card", seat, card("7H"))
    expect_equal(student.attr(mine, "cards"), cards("5H"), "cards after the refused plays")


def test_cards_is_a_tuple(student):
    """Trick.cards is a tuple of the cards played so far."""
    mine = student.pkg.whist.trick.Trick(member("Suit", "CLUBS"), 2)
    for seat, text in ((2, "KH"), (3, "9H")):
        student.method(mine, "set_card", seat, card(text))
    made = "Trick(Suit.CLUBS, 2), then KH from seat 2, 9H from seat 3"
    expect_tuple(student, mine, "cards", "trick", made)
