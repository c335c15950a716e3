"""Public tests of Rank, Suit and Card (phase 1), from the course's own examples."""

import pytest

from cardlab.testing import card, cards, expect_equal, member

pytestmark = pytest.mark.part("card")

# rank, value, previous rank
RANKS = [
    ("TWO", 2, "ACE"),
    ("THREE", 3, "TWO"),
    ("FOUR", 4, "THREE"),
    ("FIVE", 5, "FOUR"),
    ("SIX", 6, "FIVE"),
    ("SEVEN", 7, "SIX"),
    ("EIGHT", 8, "SEVEN"),
    ("NINE", 9, "EIGHT"),
    ("TEN", 10, "NINE"),
    ("JACK", 10, "TEN"),
    ("QUEEN", 10, "JACK"),
    ("KING", 10, "QUEEN"),
    ("ACE", 11, "KING"),
]

# the course's sorting example
UNSORTED = "10D 4S 10S 2C 6H 3C"
DESCENDING = "10S 4S 6H 10D 3C 2C"
ASCENDING = "4S 10S 6H 10D 2C 3C"
BY_RANK = "2C 3C 4S 6H 10S 10D"


def rank(name):
    return member("Rank", name)


@pytest.mark.parametrize(("name", "value", "previous"), RANKS)
def test_rank_value_and_previous(student, name, value, previous):
    """Each rank's value, and the rank before it (the Two wraps round to the Ace)."""
    expect_equal(student.attr(rank(name), "points"), value, f"Rank.{name}.points")
    expect_equal(student.method(rank(name), "previous"), rank(previous), f"Rank.{name}.previous()")


def test_card_fields(student):
    """A card keeps the rank and suit it was made with."""
    made = student.pkg.cards.card.Card(rank("QUEEN"), member("Suit", "SPADES"))
    expect_equal(made, card("QS"), "Card(Rank.QUEEN, Suit.SPADES)")
    expect_equal(student.attr(made, "rank"), rank("QUEEN"), "Card(Rank.QUEEN, Suit.SPADES).rank")


@pytest.mark.weight(2)
def test_natural_order_is_descending(student):
    """sorted() puts the course's example in descending order: spades first, high to low."""
    got = student.builtin("sorted", cards(UNSORTED))
    expect_equal(got, cards(DESCENDING), f"sorted([{UNSORTED}])")


@pytest.mark.weight(2)
def test_ascending_key(student):
    """The ascending order keeps the suits' order and puts ranks upwards."""
    got = student.builtin("sorted_by", cards(UNSORTED), student.pkg.cards.card.ascending_key)
    expect_equal(got, cards(ASCENDING), f"sorted([{UNSORTED}], key=ascending_key)")


@pytest.mark.weight(2)
def test_rank_key(student):
    """The rank order: all Twos first, then Threes, up to the Aces."""
    got = student.builtin("sorted_by", cards(UNSORTED), student.pkg.cards.card.rank_key)
    expect_equal(got, cards(BY_RANK), f"sorted([{UNSORTED}], key=rank_key)")


def test_max_is_the_highest(student):
    """Card.max returns the highest card: the first of the descending order."""
    got = student.pkg.cards.card.Card.max(cards(UNSORTED))
    expect_equal(got, card("10S"), f"Card.max([{UNSORTED}])")
