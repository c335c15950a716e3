"""Tests of the rules: legal plays, trick winner, points, hand scores, end of game."""

import pytest
from hearts.card import Card
from hearts.rules import (
    add_scores,
    hand_scores,
    is_game_over,
    legal_plays,
    shot_the_moon,
    trick_points,
    trick_winner,
    winners,
)


def cards(text):
    return tuple(Card.from_notation(part) for part in text.split())


def legal(hand, trick="", broken=False, first=False):
    return " ".join(c.notation for c in legal_plays(cards(hand), cards(trick), broken, first))


# -- leading ----------------------------------------------------------------


def test_first_trick_is_led_with_the_two_of_clubs():
    assert legal("2C 5C AS 3H", first=True) == "2C"


def test_first_lead_without_the_two_of_clubs_is_an_error():
    with pytest.raises(ValueError):
        legal_plays(cards("5C AS"), (), False, True)


def test_hearts_may_not_be_led_before_broken():
    assert legal("5C AS 3H KH") == "5C AS"


def test_hearts_may_be_led_once_broken():
    assert legal("5C AS 3H KH", broken=True) == "5C AS 3H KH"


def test_leader_with_only_hearts_may_lead_a_heart():
    assert legal("3H KH") == "3H KH"


def test_queen_of_spades_may_be_led():
    assert legal("QS 4H") == "QS"


# -- following --------------------------------------------------------------


def test_must_follow_suit():
    assert legal("5C 9D AS 3H", trick="4D", broken=True) == "9D"


def test_any_card_when_void_in_the_led_suit():
    assert legal("5C AS 3H", trick="4D") == "5C AS 3H"


def test_following_after_several_cards_looks_at_the_led_card():
    assert legal("5C 9D", trick="4D 7C 2S") == "9D"


def test_result_is_sorted():
    assert legal("3H 5C AS 2D", trick="10D", broken=True) == "2D"
    assert legal("3H 5C AS", trick="10D", broken=True) == "5C AS 3H"


# -- the first trick ----------------------------------------------------------


def test_no_heart_on_the_first_trick_when_other_cards_are_held():
    assert legal("3H 9D", trick="2C", first=True) == "9D"


def test_no_queen_of_spades_on_the_first_trick_when_other_cards_are_held():
    assert legal("QS 9D", trick="2C", first=True) == "9D"


def test_heart_allowed_on_the_first_trick_when_nothing_else_is_held():
    assert legal("3H 9H", trick="2C", first=True) == "3H 9H"


def test_hearts_and_queen_allowed_when_nothing_else_is_held():
    assert legal("QS 3H", trick="2C", first=True) == "QS 3H"


def test_first_trick_follows_suit_first():
    assert legal("3C QS 3H", trick="2C", first=True) == "3C"


def test_other_spades_allowed_on_the_first_trick():
    assert legal("KS QS 3H", trick="2C", first=True) == "KS"


def test_empty_hand_is_an_error():
    with pytest.raises(ValueError):
        legal_plays((), cards("2C"), False, False)


# -- tricks -------------------------------------------------------------------


def test_highest_card_of_the_led_suit_takes_the_trick():
    assert trick_winner(cards("5D KC JD 3S")) == 2


def test_higher_card_of_another_suit_never_takes_the_trick():
    assert trick_winner(cards("2D AC AS AH")) == 0


def test_ten_beats_nine_and_ace_beats_king():
    assert trick_winner(cards("9H 10H 2H 3H")) == 1
    assert trick_winner(cards("KS 2S AS QS")) == 2


def test_last_card_can_take_the_trick():
    assert trick_winner(cards("4C 2C 3C 5C")) == 3


def test_empty_trick_is_an_error():
    with pytest.raises(ValueError):
        trick_winner(())


def test_trick_points():
    assert trick_points(cards("QS 2H 3H 4C")) == 15
    assert trick_points(cards("2C 3C 4C 5C")) == 0
    assert trick_points(cards("AH KH QH JH")) == 4


# -- scoring a hand ---------------------------------------------------------


def test_hand_scored_as_taken():
    assert hand_scores([13, 5, 8, 0]) == (13, 5, 8, 0)


def test_shooting_the_moon_gives_the_others_26():
    assert hand_scores([0, 26, 0, 0]) == (26, 0, 26, 26)
    assert shot_the_moon([0, 26, 0, 0]) == 1


def test_all_hearts_without_the_queen_is_no_moon():
    assert hand_scores([13, 13, 0, 0]) == (13, 13, 0, 0)
    assert shot_the_moon([13, 13, 0, 0]) is None


def test_running_totals():
    assert add_scores((10, 20, 30, 40), (1, 2, 3, 20)) == (11, 22, 33, 60)


def test_game_over_at_100():
    assert is_game_over((99, 0, 0, 0)) is False
    assert is_game_over((0, 100, 0, 0)) is True
    assert is_game_over((0, 0, 0, 125)) is True


def test_game_over_with_another_limit():
    assert is_game_over((49, 0, 0, 0), 50) is False
    assert is_game_over((50, 0, 0, 0), 50) is True


def test_fewest_points_win_and_ties_share():
    assert winners((100, 20, 35, 20)) == (1, 3)
    assert winners((104, 90, 35, 50)) == (2,)
