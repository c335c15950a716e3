"""Public tests of winner (phase 2)."""

import pytest

from cardlab.testing import card, expect_equal

pytestmark = pytest.mark.part("showdown")


@pytest.mark.parametrize(
    ("first", "second", "expected"), [("KS", "10H", 0), ("2C", "AD", 1), ("QH", "QS", -1)]
)
def test_winner(student, first, second, expected):
    """The stronger rank wins; equal ranks tie."""
    got = student.pkg.showdown.winner(card(first), card(second))
    expect_equal(got, expected, f"winner({first}, {second})")
