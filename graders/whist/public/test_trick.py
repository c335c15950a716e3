"""Public tests of Trick (phase 2): the course's worked example, turns and bad data."""

import pytest

from cardlab.testing import card, expect_equal, member

pytestmark = pytest.mark.part("trick")

CLUBS = member("Suit", "CLUBS")


def play(student, trick, start, texts):
    for offset, text in enumerate(texts.split()):
        student.method(trick, "set_card", (start + offset) % 4, card(text))


def test_course_example_first_trick(student):
    """Clubs trumps; player 3 (seat 2) leads K♥, then 9♥, 5♥, and 2♣ trumps: seat 1 wins."""
    trick = student.pkg.whist.trick.Trick(CLUBS, 2)
    play(student, trick, 2, "KH 9H 5H 2C")
    expect_equal(student.method(trick, "winner"), 1, "winner() of K♥ 9♥ 5♥ 2♣, clubs trumps")
    expect_equal(student.attr(trick, "lead_suit"), member("Suit", "HEARTS"), "lead_suit")
    expect_equal(student.method(trick, "card_of", 1), card("2C"), "card_of(1)")


def test_course_example_second_trick(student):
    """Seat 1 leads A♣; 3♣, then two discards: the Ace wins."""
    trick = student.pkg.whist.trick.Trick(CLUBS, 1)
    play(student, trick, 1, "AC 3C 2D 6H")
    expect_equal(student.method(trick, "winner"), 1, "winner() of A♣ 3♣ 2♦ 6♥, clubs trumps")


def test_highest_of_led_suit_wins_without_trumps(student):
    """No trump played: the highest card of the led suit wins, a higher discard does not."""
    trick = student.pkg.whist.trick.Trick(CLUBS, 0)
    play(student, trick, 0, "9H AS QH 10H")
    expect_equal(student.method(trick, "winner"), 2, "winner() of 9♥ A♠ Q♥ 10♥, clubs trumps")


def test_none_is_refused(student):
    """Playing None raises TypeError."""
    trick = student.pkg.whist.trick.Trick(CLUBS, 0)
    with student.raises("TypeError"):
        student.method(trick, "set_card", 0, None)


def test_out_of_turn_is_refused(student):
    """A card from a player whose turn it is not raises ValueError."""
    trick = student.pkg.whist.trick.Trick(CLUBS, 0)
    with student.raises("ValueError"):
        student.method(trick, "set_card", 1, card("2C"))
