"""Public tests of Deck (phase 1): 52 cards, dealing, the two iterators, a seeded shuffle."""

import pytest

from cardlab.testing import card, cards, expect_equal, expect_true

pytestmark = pytest.mark.part("deck")

SEED = 2015
FIRST_DEALT = "3D 3H AC 8C 4H 8S 7D JH"  # Deck(random.Random(2015)), the recipe of new_deck


def new_deck(student, seed=SEED):
    return student.pkg.cards.deck.Deck(student.builtin("Random", seed))


def test_new_deck_holds_52_different_cards(student):
    """A new deck has size 52 and holds each card once."""
    deck = new_deck(student)
    expect_equal(student.method(deck, "size"), 52, "Deck(rng).size()")
    dealt = student.builtin("list", deck)
    expect_equal(len(set(dealt)), 52, "the number of different cards in list(Deck(rng))")


def test_seeded_shuffle(student):
    """The same seed always gives the same order: new_deck shuffles the natural order once."""
    got = student.builtin("list", new_deck(student))[:8]
    expect_equal(got, cards(FIRST_DEALT), "list(Deck(random.Random(2015)))[:8]")


def test_deal_takes_the_top_card(student):
    """deal() returns the cards in the order the deck iterates, one fewer each time."""
    deck = new_deck(student)
    expected = cards(FIRST_DEALT)
    for count, wanted in enumerate(expected[:4], start=1):
        expect_equal(student.method(deck, "deal"), wanted, f"deal() number {count}")
        expect_equal(student.method(deck, "size"), 52 - count, f"size() after {count} deals")


def test_sorted_iterator(student):
    """sorted_cards() walks the deck in the natural order: the Ace of Spades first."""
    got = student.builtin("list", student.method(new_deck(student), "sorted_cards"))
    expect_equal(got[:3], cards("AS KS QS"), "list(deck.sorted_cards())[:3]")
    expect_equal(got[-2:], cards("3C 2C"), "list(deck.sorted_cards())[-2:]")


def test_new_deck_refills(student):
    """new_deck() puts all 52 cards back after some were dealt."""
    deck = new_deck(student)
    for _ in range(5):
        student.method(deck, "deal")
    student.method(deck, "new_deck")
    expect_equal(student.method(deck, "size"), 52, "size() after dealing 5 and new_deck()")
    expect_true(
        card("AS") in student.builtin("list", deck), "the Ace of Spades is back in the deck"
    )
