"""Public tests of BasicWhist (phase 2): one hand of four basic players, and bad seating."""

import pytest

from cardlab.testing import expect_equal, expect_true

pytestmark = pytest.mark.part("game")


def seat_players(student, count=4):
    strategy = student.pkg.whist.basic_strategy.BasicStrategy
    return [
        student.pkg.whist.basic_player.BasicPlayer(seat, strategy(student.builtin("Random", seat)))
        for seat in range(count)
    ]


def test_one_hand(student):
    """A hand has 13 tricks of four cards; the side with more tricks scores those over six."""
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", 5), None
    )
    taken = student.method(game, "play_hand")
    expect_true(
        type(taken) is list and len(taken) == 2 and sum(taken) == 13,
        f"play_hand() should return the two sides' tricks, adding up to 13: {taken!r}",
    )
    tricks = student.attr(game, "tricks")
    expect_equal(len(tricks), 13, "len(game.tricks) after a hand")
    winner = 0 if taken[0] > taken[1] else 1
    expected = [0, 0]
    expected[winner] = taken[winner] - 6
    expect_equal(student.attr(game, "scores"), expected, f"scores after a hand of {taken}")
    expect_equal(student.method(game, "is_over"), False, "is_over() after one hand")


def test_three_players_are_refused(student):
    """BasicWhist with three players raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.whist.basic_whist.BasicWhist(seat_players(student, 3), None, None)
