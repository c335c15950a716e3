"""Hidden tests of the rules (phase 1): the promises the other rule tests do not reach.

The refusals (an empty hand, a first trick led without the 2 of Clubs, an empty trick),
the moon on its own, the end of the game with another limit, and the small functions
the contract names (``sorted_cards``, ``trick_points``, ``winners``, ``add_scores``,
``is_heart_or_queen``), each compared with the reference.
"""

import hearts_games
import pytest
from hearts_games import DECK
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("rules")



def ref_cards(ref, texts):
    return tuple(ref.card.Card.from_notation(text) for text in texts)


@pytest.mark.weight(0.2)
@pytest.mark.parametrize(
    ("trick", "broken", "first"),
    [
        ("", False, False),
        ("", True, False),
        ("", False, True),
        ("4D", False, False),
        ("2C 5C", False, True),
    ],
)
def test_legal_plays_refuses_an_empty_hand(student, trick, broken, first):
    """legal_plays with an empty hand raises ValueError, leading or following."""
    with student.raises("ValueError"):
        student.pkg.rules.legal_plays([], cards(trick), broken, first)


@pytest.mark.parametrize("hand", ["3C 5D AS 3H", "QS", "2H 3H", "3C"])
def test_first_lead_without_the_two_of_clubs(student, hand):
    """Leading the first trick from a hand without the 2 of Clubs raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.rules.legal_plays(cards(hand), [], False, True)


def test_trick_winner_refuses_an_empty_trick(student):
    """trick_winner of an empty trick raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.rules.trick_winner([])


@settings(max_examples=40)
@given(
    cuts=st.lists(st.integers(0, 26), min_size=3, max_size=3).map(sorted),
    moon=st.sampled_from([None, 0, 1, 2, 3]),
)
def test_shot_the_moon(student, ref, cuts, moon):
    """shot_the_moon for any split of the 26 points and for each shooter, as the reference."""
    a, b, c = cuts
    taken = [a, b - a, c - b, 26 - c]
    if moon is not None:
        taken = [26 if seat == moon else 0 for seat in range(4)]
    expected = ref.rules.shot_the_moon(taken)
    expect_equal(student.pkg.rules.shot_the_moon(taken), expected, f"shot_the_moon({taken})")


@pytest.mark.parametrize(
    ("totals", "limit"),
    [
        ([49, 0, 0, 0], 50),
        ([0, 50, 0, 0], 50),
        ([0, 0, 51, 0], 50),
        ([10, 20, 30, 40], 40),
        ([10, 20, 30, 39], 40),
        ([100, 0, 0, 0], 101),
        ([0, 0, 0, 0], 1),
        ([0, 0, 0, 1], 1),
    ],
)
def test_game_over_with_another_limit(student, ref, totals, limit):
    """is_game_over(totals, limit) ends the game when a total reaches that limit."""
    expected = ref.rules.is_game_over(totals, limit)
    expect_equal(
        student.pkg.rules.is_game_over(totals, limit), expected, f"is_game_over({totals}, {limit})"
    )


def test_is_heart_or_queen_of_every_card(student, ref):
    """is_heart_or_queen of each of the 52 cards, as the reference says."""
    for text in DECK:
        expected = ref.rules.is_heart_or_queen(ref.card.Card.from_notation(text))
        expect_equal(
            student.pkg.rules.is_heart_or_queen(card(text)), expected, f"is_heart_or_queen({text})"
        )


@settings(max_examples=30)
@given(hand=st.lists(st.sampled_from(DECK), min_size=0, max_size=13, unique=True))
def test_sorted_cards_and_points(student, ref, hand):
    """sorted_cards and trick_points of any cards, as the reference gives them."""
    mine, theirs = cards(" ".join(hand)), ref_cards(ref, hand)
    shown = hearts_games.notation(theirs)
    expect_equal(
        student.pkg.rules.sorted_cards(mine),
        ref.canon(ref.rules.sorted_cards(theirs)),
        f"sorted_cards([{shown}])",
    )
    expect_equal(
        student.pkg.rules.trick_points(mine),
        ref.rules.trick_points(theirs),
        f"trick_points([{shown}])",
    )


@settings(max_examples=40)
@given(
    totals=st.lists(st.integers(0, 130), min_size=4, max_size=4),
    hand=st.lists(st.integers(0, 26), min_size=4, max_size=4),
    tie=st.booleans(),
)
def test_winners_and_add_scores(student, ref, totals, hand, tie):
    """winners (ties included) and add_scores of any totals, as the reference gives them."""
    if tie:
        totals[2] = min(totals)
    expect_equal(
        student.pkg.rules.winners(totals),
        ref.canon(ref.rules.winners(totals)),
        f"winners({totals})",
    )
    expect_equal(
        student.pkg.rules.add_scores(totals, hand),
        ref.canon(ref.rules.add_scores(totals, hand)),
        f"add_scores({totals}, {hand})",
    )
