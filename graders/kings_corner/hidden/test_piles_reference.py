"""Hidden tests of the piles and the table (phase 1): seeded shuffles, sorting, pile lines."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import cards, expect_equal

ALL_CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


@pytest.mark.part("piles")
@pytest.mark.weight(2)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_shuffled_like_the_reference(student, ref, seed):
    """DrawPile.shuffled(random.Random(seed)).cards is the reference's, for any seed."""
    expected = ref.canon(ref.piles.DrawPile.shuffled(random.Random(seed)).cards)
    got = student.piles.DrawPile.shuffled(student.builtin("Random", seed)).cards
    expect_equal(got, expected, f"DrawPile.shuffled(random.Random({seed})).cards")


@pytest.mark.part("piles")
@settings(max_examples=15)
@given(hand=st.lists(st.sampled_from(ALL_CARDS), max_size=15, unique=True))
def test_sorted_hand_like_the_reference(student, ref, hand):
    """PlayerHand(cards).sorted_cards is the reference's: highest first."""
    text = " ".join(hand)
    expected = ref.canon(
        ref.piles.PlayerHand([ref.card.Card.from_notation(t) for t in hand]).sorted_cards
    )
    expect_equal(
        student.piles.PlayerHand(cards(text)).sorted_cards,
        expected,
        f"PlayerHand([{text}]).sorted_cards",
    )


@pytest.mark.part("table")
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_pile_lines_like_the_reference(student, ref, seed):
    """pile_lines of a dealt table is the reference's."""
    rng = random.Random(seed)
    ref_draw = ref.piles.DrawPile.shuffled(rng)
    ref_table = ref.table.Table(ref_draw)
    ref_draw.deal(ref.piles.PlayerHand(), ref.piles.PlayerHand(), ref_table.piles[:4])
    draw = student.piles.DrawPile.shuffled(student.builtin("Random", seed))
    table = student.table.Table(draw)
    draw.deal(student.piles.PlayerHand([]), student.piles.PlayerHand([]), table.piles[:4])
    expect_equal(
        student.table.pile_lines(table),
        ref.table.pile_lines(ref_table),
        f"pile_lines(table) after dealing DrawPile.shuffled(random.Random({seed}))",
    )
