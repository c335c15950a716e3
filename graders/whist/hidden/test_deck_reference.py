"""Hidden tests of Deck (phase 1), against the reference: seeded orders, dealing, iterators."""

import random

import pytest
from whist_ref import expect_other_version_refused

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("deck")

SEEDS = (0, 1, 7, 550, 2024)


def new_deck(student, seed):
    return student.pkg.cards.deck.Deck(student.builtin("Random", seed))


@pytest.mark.weight(3)
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_order(student, r, seed):
    """Deck(random.Random(seed)) iterates in the reference's order (one shuffle of the
    natural order)."""
    expected = cards(" ".join(r.deal(seed)))
    expect_equal(
        student.builtin("list", new_deck(student, seed)),
        expected,
        f"list(Deck(random.Random({seed})))",
    )


@pytest.mark.weight(3)
def test_deal_until_empty(student, r):
    """deal() gives the cards in iteration order, size() counts down, then IndexError."""
    expected = r.deal(3)
    deck = new_deck(student, 3)
    for count, text in enumerate(expected, start=1):
        expect_equal(student.method(deck, "deal"), card(text), f"deal() number {count}")
    expect_equal(student.method(deck, "size"), 0, "size() after 52 deals")
    expect_equal(student.builtin("len", deck), 0, "len(deck) after 52 deals")
    with student.raises("IndexError"):
        student.method(deck, "deal")


def test_iterators_keep_their_own_position(student, r):
    """Two iterators of one deck each start at the top and advance on their own."""
    expected = cards(" ".join(r.deal(11)[:3]))
    deck = new_deck(student, 11)
    first, second = student.builtin("iter", deck), student.builtin("iter", deck)
    got_first = [student.builtin("next", first) for _ in range(2)]
    got_second = [student.builtin("next", second) for _ in range(3)]
    expect_equal(got_first, expected[:2], "next() twice on the first iterator")
    expect_equal(got_second, expected, "next() three times on a second iterator")


@pytest.mark.weight(2)
def test_sorted_iterator_after_dealing(student, r):
    """sorted_cards() walks the cards left, in the natural order."""
    order = r.deal(5)
    deck = new_deck(student, 5)
    for _ in range(20):
        student.method(deck, "deal")
    expected = cards(" ".join(c.notation for c in sorted(r.cards(order[20:]))))
    got = student.builtin("list", student.method(deck, "sorted_cards"))
    expect_equal(got, expected, "list(sorted_cards()) after 20 deals")


def test_new_deck_reshuffles(student, r):
    """new_deck() after dealing gives all 52 cards, in the generator's next shuffle."""
    rng = random.Random(9)
    reference = r.deck.Deck(rng)
    reference.deal()
    reference.new_deck()
    deck = new_deck(student, 9)
    student.method(deck, "deal")
    student.method(deck, "new_deck")
    expect_equal(
        student.builtin("list", deck),
        cards(" ".join(c.notation for c in reference)),
        "list(deck) after deal() and new_deck(), seed 9",
    )


@pytest.mark.weight(2)
def test_pickling(student, r):
    """A pickled deck loads back with its cards in order; another version is refused."""
    deck = new_deck(student, 4)
    for _ in range(10):
        student.method(deck, "deal")
    saved = student.builtin("pickle_dumps", deck)
    loaded = student.builtin("pickle_loads", saved)
    expect_equal(
        student.builtin("list", loaded),
        cards(" ".join(r.deal(4)[10:])),
        "list(pickle.loads(pickle.dumps(deck))) after 10 deals",
    )
    deck_class = student.pkg.cards.deck.Deck
    expect_other_version_refused(student, deck_class, 200, saved)


def test_new_deck_is_final(student):
    """A subclass may not define new_deck (TypeError); one that leaves it alone is fine."""
    deck_class = student.pkg.cards.deck.Deck
    with student.raises("TypeError"):
        student.builtin("subclass", deck_class, "MyDeck", {"new_deck": None})
    student.builtin("subclass", deck_class, "QuietDeck", {"size_twice": None})
