"""Part 1: Card equality, hashing and ordering (the course's Part 1 tests)."""

import pytest
from cardgame_setup import DECK

from cardlab.testing import StudentRaised, card

pytestmark = pytest.mark.part("cards")

OPERATORS = {"eq": "==", "lt": "<"}


def compare(student, name, left, right):
    """``left <op> right`` in your code, which must answer True or False."""
    shown = f"{left} {OPERATORS[name]} {right}"
    try:
        answer = student.builtin(name, card(left), card(right))
    except StudentRaised as error:
        raise AssertionError(
            f"{shown} raised {error.type_name}: {error.message}{error.stub_hint}"
        ) from None
    if type(answer) is not bool:
        raise AssertionError(f"{shown} gave {answer!r}, not True or False")
    return answer


def test_card_equals(student):
    """Every card equals another card of the same suit and rank."""
    for text in DECK:
        if not compare(student, "eq", text, text):
            raise AssertionError(f"{text} == {text} (two separate cards) gave False")


def test_card_not_equals(student):
    """No card equals a card of another suit or rank (all 52 x 51 pairs)."""
    for left in DECK:
        for right in DECK:
            if left != right and compare(student, "eq", left, right):
                raise AssertionError(f"{left} == {right} gave True")


def test_card_compare_to(student):
    """The deck in creation order is strictly increasing: Hearts < Clubs < Diamonds < Spades."""
    for low_index, low in enumerate(DECK):
        for high in DECK[low_index + 1 :]:
            if not compare(student, "lt", low, high):
                raise AssertionError(f"{low} < {high} gave False (expected True)")
            if compare(student, "lt", high, low):
                raise AssertionError(f"{high} < {low} gave True (expected False)")
