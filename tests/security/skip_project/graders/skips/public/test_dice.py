"""Tests of dice totals that skip in each way a grader can.

Two skips are declared by the grader and leave the part (a mark, and ``excuse``); the
third depends on what the student's code answered, so it counts as a failure.
"""

import pytest

from cardlab.testing import excuse, expect_equal

pytestmark = pytest.mark.part("total")


def test_total_of_two(student):
    """Two rolls add up."""
    expect_equal(student.pkg.dice.total([2, 3]), 5, "total([2, 3])")


def test_total_refuses_a_seven(student):
    """A roll of 7 raises ValueError (checked only where the empty total is right)."""
    if student.pkg.dice.total([]) != 0:
        pytest.skip("the empty total is wrong, and another test would charge it")
    with student.raises("ValueError"):
        student.pkg.dice.total([7])


@pytest.mark.skip(reason="kept for a later term")
def test_marked_skip(student):
    """A test the grader switched off with a mark."""
    expect_equal(student.pkg.dice.total([1]), 1, "total([1])")


def test_excused(student):
    """A test the grader excuses for a reason outside the student's control."""
    excuse("this suite has no reference to compare with")
