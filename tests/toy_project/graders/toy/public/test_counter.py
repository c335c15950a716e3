"""Public tests of the toy counter."""

import pytest

from cardlab.testing import expect_equal


@pytest.mark.part("add")
@pytest.mark.parametrize(("a", "b", "total"), [(1, 2, 3), (-4, 4, 0)])
def test_add(student, a, b, total):
    """add gives the sum."""
    expect_equal(student.pkg.counter.add(a, b), total, f"add({a}, {b})")


@pytest.mark.part("tally")
def test_tally_starts_at_zero(student):
    """A new tally is zero."""
    expect_equal(student.pkg.counter.Tally().total, 0, "Tally().total")


@pytest.mark.part("tally")
def test_tally_refuses_negative(student):
    """A negative amount raises ValueError."""
    tally = student.pkg.counter.Tally()
    with student.raises("ValueError"):
        tally.add(-1)
