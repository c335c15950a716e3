"""Hidden tests of winner (phase 2): every pair of cards, against the reference."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.testing import card, expect_equal

pytestmark = pytest.mark.part("showdown")

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
cards = st.builds(lambda rank, suit: rank + suit, st.sampled_from(RANKS), st.sampled_from("SHCD"))


@given(first=cards, second=cards)
def test_winner_like_the_reference(student, ref, first, second):
    """winner agrees with the reference on any two cards."""
    expected = ref.showdown.winner(*(ref.card.Card(t[:-1], t[-1]) for t in (first, second)))
    got = student.pkg.showdown.winner(card(first), card(second))
    expect_equal(got, expected, f"winner({first}, {second})")
