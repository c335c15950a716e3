"""Hidden tests of Deck (phase 3), against the reference."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import card, expect_equal, show

pytestmark = pytest.mark.part("deck")

ALL_CARDS = [rank + suit for suit in "SHCD" for rank in "23456QJK7A"]
def new_random(student, seed):
    """``random.Random(seed)``, made in the worker where your code runs."""
    return student.builtin("Random", seed)


def test_standard_like_the_reference(student, ref):
    """Deck.standard() has the reference's 40 cards, in the reference's order."""
    deck = student.pkg.deck.Deck.standard()
    expect_equal(deck.cards, ref.canon(ref.deck.Deck.standard().cards), "Deck.standard().cards")


@pytest.mark.weight(3)
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1))
@example(seed=0)
def test_shuffled_like_the_reference(student, ref, seed):
    """Deck.shuffled(random.Random(seed)) deals what the reference deals, for any seed."""
    expected = ref.canon(ref.deck.Deck.shuffled(random.Random(seed)).cards)
    got = student.pkg.deck.Deck.shuffled(new_random(student, seed)).cards
    expect_equal(got, expected, f"Deck.shuffled(random.Random({seed})).cards")


operations = st.lists(st.sampled_from(["draw", "len", "bottom", "is_empty", "cards"]),
                      max_size=12)


@pytest.mark.weight(2)
@settings(max_examples=30)
@given(cards=st.permutations(ALL_CARDS).map(lambda p: p[:8]), size=st.integers(0, 8),
       ops=operations)
@example(cards=ALL_CARDS[:2], size=1, ops=["draw", "draw", "bottom", "is_empty", "len"])
# draw refused by an empty deck, and by a deck emptied: three times in every run
@example(cards=ALL_CARDS[:8], size=0, ops=["is_empty", "draw", "len"])
@example(cards=ALL_CARDS[2:10], size=3, ops=["draw", "draw", "draw", "draw", "cards"])
def test_operations_like_the_reference(student, ref, cards, size, ops):
    """draw, len, bottom, is_empty and cards on a partial deck, as the reference does them."""
    start = list(cards[:size])
    model = ref.deck.Deck([ref.card.Card.from_notation(text) for text in start])
    deck = student.pkg.deck.Deck([card(text) for text in start])
    done = [f"Deck([{', '.join(start)}])"]
    for op in ops:
        call = " then ".join([*done, op if op != "draw" else "draw()"])
        if op == "draw":
            try:
                expected = ref.canon(model.draw())
            except ValueError:
                with student.raises("ValueError"):
                    deck.draw()
                done.append("draw() (refused)")
                continue
            got = deck.draw()
            done.append("draw()")
        elif op == "len":
            expected, got = len(model), len(deck)
        else:
            expected, got = ref.canon(getattr(model, op)), getattr(deck, op)
        if type(got) is not type(expected) or got != expected:
            raise AssertionError(f"{call}\n  expected: {show(expected)}\n  got:      {show(got)}")
