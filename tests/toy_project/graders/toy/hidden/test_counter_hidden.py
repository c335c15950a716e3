"""Hidden tests of the toy counter: the student against the reference."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.testing import expect_equal


@pytest.mark.part("add")
@given(a=st.integers(-1000, 1000), b=st.integers(-1000, 1000))
def test_add_matches_reference(student, ref, a, b):
    """add agrees with the reference."""
    expect_equal(student.pkg.counter.add(a, b), ref.counter.add(a, b), f"add({a}, {b})")


@pytest.mark.part("tally")
@pytest.mark.weight(2)
@given(amounts=st.lists(st.integers(0, 50), max_size=8))
def test_tally_matches_reference(student, ref, amounts):
    """A tally agrees with the reference after any additions."""
    mine, theirs = student.pkg.counter.Tally(), ref.counter.Tally()
    for amount in amounts:
        mine.add(amount)
        theirs.add(amount)
    expect_equal(mine.total, theirs.total, f"Tally after adding {amounts}: total")


@pytest.mark.part("greet")
def test_greet_console(student):
    """The greeting reads names until an empty line."""
    run = student.console(student.pkg.greet.main, stdin="Ann\nBo\n\n")
    assert run.raised is None, f"greet.main() raised {run.raised}"
    assert "Hello, Ann!" in run.out and "Greeted 2." in run.out, (
        f"greet.main() with input Ann, Bo printed:\n{run.out}"
    )
