"""Public tests of Card (phase 2)."""

import pytest

from cardlab.codec import Value

pytestmark = pytest.mark.part("card")


def card(text):
    return Value("Card", text)


@pytest.mark.parametrize(("text", "points"), [("AS", 11), ("7H", 10), ("KC", 4), ("2D", 0)])
def test_points(student, text, points):
    """A card scores the points of its rank."""
    got = student.attr(student.card.Card.from_notation(text), "points")
    assert got == points, f"Card.from_notation({text!r}).points: expected {points}, got {got!r}"
