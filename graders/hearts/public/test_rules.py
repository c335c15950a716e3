"""Public tests of the rules (phase 1): the examples of the rules page, as data."""

import pytest

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("rules")

# hand, trick, hearts broken, first trick -> legal plays (sorted)
LEGAL = [
    ("2C 5C AS 3H", "", False, True, "2C"),
    ("5C AS 3H KH", "", False, False, "5C AS"),
    ("5C AS 3H KH", "", True, False, "5C AS 3H KH"),
    ("3H KH", "", False, False, "3H KH"),
    ("5C 9D AS 3H", "4D", True, False, "9D"),
    ("5C AS 3H", "4D", False, False, "5C AS 3H"),
    ("5C 9D", "4D 7C 2S", False, False, "9D"),
    ("3H 9D", "2C", False, True, "9D"),
    ("QS 9D", "2C", False, True, "9D"),
    ("3H 9H", "2C", False, True, "3H 9H"),
    ("QS 3H", "2C", False, True, "QS 3H"),
    ("KS QS 3H", "2C", False, True, "KS"),
]

# trick -> position of the card that takes it
WINNERS = [("5D KC JD 3S", 2), ("2D AC AS AH", 0), ("9H 10H 2H 3H", 1), ("4C 2C 3C 5C", 3)]

# points taken -> hand scores
SCORES = [
    ([13, 5, 8, 0], [13, 5, 8, 0]),
    ([0, 26, 0, 0], [26, 0, 26, 26]),
    ([13, 13, 0, 0], [13, 13, 0, 0]),
    ([26, 0, 0, 0], [0, 26, 26, 26]),
]


def situation(hand, trick, broken, first):
    return f"legal_plays([{hand}], [{trick}], hearts_broken={broken}, first_trick={first})"


@pytest.mark.parametrize(("hand", "trick", "broken", "first", "expected"), LEGAL)
def test_legal_plays(student, hand, trick, broken, first, expected):
    """legal_plays follows suit, keeps hearts back, and keeps the first trick clean."""
    got = student.pkg.rules.legal_plays(cards(hand), cards(trick), broken, first)
    expect_equal(got, cards(expected), situation(hand, trick, broken, first))


@pytest.mark.parametrize(("trick", "expected"), WINNERS)
def test_trick_winner(student, trick, expected):
    """The highest card of the led suit takes the trick."""
    expect_equal(student.pkg.rules.trick_winner(cards(trick)), expected, f"trick_winner([{trick}])")


def test_trick_points(student):
    """Hearts are worth 1, the Queen of Spades 13."""
    for trick, points in (("QS 2H 3H 4C", 15), ("2C 3C 4C 5C", 0)):
        expect_equal(
            student.pkg.rules.trick_points(cards(trick)), points, f"trick_points([{trick}])"
        )


@pytest.mark.parametrize(("taken", "expected"), SCORES)
def test_hand_scores(student, taken, expected):
    """A hand scores the points taken, unless someone shot the moon."""
    expect_equal(student.pkg.rules.hand_scores(taken), expected, f"hand_scores({taken})")


@pytest.mark.parametrize(
    ("totals", "expected"),
    [([99, 0, 0, 0], False), ([0, 100, 0, 0], True), ([0, 0, 0, 125], True),
     ([98, 99, 50, 0], False)],
)
def test_is_game_over(student, totals, expected):
    """The game is over once a total reaches 100."""
    expect_equal(student.pkg.rules.is_game_over(totals), expected, f"is_game_over({totals})")


def test_winners(student):
    """The fewest points win; ties share the win."""
    expect_equal(student.pkg.rules.winners([100, 20, 35, 20]), [1, 3], "winners([100, 20, 35, 20])")
    expect_equal(student.pkg.rules.winners([104, 90, 35, 50]), [2], "winners([104, 90, 35, 50])")


def test_add_scores(student):
    """Totals add up seat by seat."""
    got = student.pkg.rules.add_scores([10, 20, 30, 40], [1, 2, 3, 20])
    expect_equal(got, [11, 22, 33, 60], "add_scores([10, 20, 30, 40], [1, 2, 3, 20])")


def test_card_value_crosses(student):
    """A card sent to your code comes back as the same card."""
    expect_equal(student.pkg.rules.sorted_cards([card("2H"), card("AS")]), cards("AS 2H"),
                 "sorted_cards([2H, AS])")
