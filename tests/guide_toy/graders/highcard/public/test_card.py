"""Public tests of Card (phase 1): fixed expectations, shipped in the handout."""

import pytest

from cardlab.testing import expect_equal

pytestmark = pytest.mark.part("card")


@pytest.mark.parametrize(("rank", "strength"), [("2", 0), ("10", 8), ("J", 9), ("A", 12)])
def test_strength(student, rank, strength):
    """A card's strength is the place of its rank, 0 for a 2 up to 12 for an Ace."""
    got = student.attr(student.pkg.card.Card(rank, "H"), "strength")
    expect_equal(got, strength, f"Card({rank!r}, 'H').strength")


def test_str(student):
    """A card prints with its suit's symbol."""
    got = student.builtin("str", student.pkg.card.Card("10", "H"))
    expect_equal(got, "10♥", "str(Card('10', 'H'))")


@pytest.mark.parametrize(("rank", "suit"), [("1", "H"), ("10", "X")])
def test_bad_card(student, rank, suit):
    """An unknown rank or suit raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.card.Card(rank, suit)
