"""Hidden tests of Suit (phase 2), against the reference."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, expect_equal

pytestmark = pytest.mark.part("suit")

LETTERS = "SHCDshcd"


@pytest.mark.weight(3)
def test_every_member_like_the_reference(student, ref):
    """Every suit, in order, has the reference's value, letter, symbol and colour."""
    members = list(ref.suit.Suit)
    expect_equal(student.builtin("list", student.pkg.suit.Suit), ref.canon(members), "list(Suit)")
    for suit in members:
        for field in ("value", "letter", "symbol", "is_red"):
            got = student.attr(ref.canon(suit), field)
            expect_equal(got, getattr(suit, field), f"Suit.{suit.name}.{field}")


@pytest.mark.weight(3)
@given(
    text=st.one_of(
        st.sampled_from(LETTERS),
        st.text(alphabet=LETTERS + " xX♠\t", max_size=3),
        st.text(alphabet="SHCDshcdABxyz ♠♥é\u00a0\n", max_size=2),
    )
)
@example(text="")
@example(text=" h")
def test_from_letter_like_the_reference(student, ref, text):
    """Suit.from_letter gives the reference's suit, or raises ValueError when it does."""
    call = f"Suit.from_letter({text!r})"
    try:
        expected = ref.canon(ref.suit.Suit.from_letter(text))
    except ValueError:
        expected = None
    try:
        got = student.pkg.suit.Suit.from_letter(text)
    except StudentRaised as error:
        if expected is None and error.is_a("ValueError"):
            return
        raise AssertionError(
            f"{call}\n  expected: {expected!r}\n  got:      raised {error.type_name}: "
            f"{error.message}"
        ) from None
    expect_equal(got, "raises ValueError" if expected is None else expected, call)
