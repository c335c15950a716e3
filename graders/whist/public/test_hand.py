"""Public tests of Hand (phase 1): the course's totals, counts, adds, removes and sorts."""

import pytest

from cardlab.testing import card, cards, expect_equal, member

pytestmark = pytest.mark.part("hand")

TOTALS = [("10D 10S 2C", 22), ("10D 10S AC", 31), ("10D AS AC", 32)]
EXAMPLE = "10D 4S 10S 2C 6H 3C"


def hand(student, text):
    return student.pkg.cards.hand.Hand(cards(text))


@pytest.mark.parametrize(("text", "total"), TOTALS)
def test_course_totals(student, text, total):
    """The course's three hands total 22, 31 and 32, Aces counted 11."""
    expect_equal(student.attr(hand(student, text), "total"), total, f"Hand([{text}]).total")


def test_counts(student):
    """count_suit, count_rank and has_suit on the course's example hand."""
    made = hand(student, EXAMPLE)
    expect_equal(
        student.method(made, "count_suit", member("Suit", "SPADES")),
        2,
        f"Hand([{EXAMPLE}]).count_suit(Suit.SPADES)",
    )
    expect_equal(
        student.method(made, "count_rank", member("Rank", "TEN")),
        2,
        f"Hand([{EXAMPLE}]).count_rank(Rank.TEN)",
    )
    expect_equal(
        student.method(made, "has_suit", member("Suit", "HEARTS")),
        True,
        f"Hand([{EXAMPLE}]).has_suit(Suit.HEARTS)",
    )


def test_add_and_remove(student):
    """The three adds, the three removes and what they return; the total follows."""
    made = student.pkg.cards.hand.Hand()
    student.method(made, "add", card("AS"))
    student.method(made, "add_cards", cards("2C 3C"))
    student.method(made, "add_hand", hand(student, "10D"))
    expect_equal(student.builtin("list", made), cards("AS 2C 3C 10D"), "the cards after the adds")
    expect_equal(student.method(made, "remove", card("2C")), True, "remove(2C)")
    expect_equal(student.method(made, "remove", card("2C")), False, "remove(2C) again")
    expect_equal(student.method(made, "remove_at", 0), card("AS"), "remove_at(0)")
    expect_equal(
        student.method(made, "remove_hand", hand(student, "3C KH")),
        False,
        "remove_hand(Hand([3C KH])) (KH is not held)",
    )
    expect_equal(student.builtin("list", made), cards("10D"), "the cards after the removes")
    expect_equal(student.attr(made, "total"), 10, "total after the removes")


def test_sorts(student):
    """sort() gives the ascending order, sort_by_rank() the rank order (Twos first)."""
    made = hand(student, EXAMPLE)
    student.method(made, "sort")
    expect_equal(student.builtin("list", made), cards("4S 10S 6H 10D 2C 3C"), "after sort()")
    student.method(made, "sort_by_rank")
    expect_equal(
        student.builtin("list", made), cards("2C 3C 4S 6H 10S 10D"), "after sort_by_rank()"
    )
