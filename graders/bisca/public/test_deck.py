"""Public tests of Deck (phase 3): standard order, drawing, seeded shuffles."""

import pytest

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("deck")

STANDARD = cards(
    "2S 3S 4S 5S 6S QS JS KS 7S AS "
    "2H 3H 4H 5H 6H QH JH KH 7H AH "
    "2C 3C 4C 5C 6C QC JC KC 7C AC "
    "2D 3D 4D 5D 6D QD JD KD 7D AD"
)

# Deck.shuffled(random.Random(seed)).cards, top card first
SHUFFLED = {
    1: "5C 4S 3H 3S KD 4D QS AS KH AC 6D 2C 7D 3C KC 4C 2H 5D 7H QD "
       "AD 6H JC AH 5H 4H 2S QH 5S JS QC 6C 2D 7C 3D KS JH 6S JD 7S",
    550: "7S QC 6H 7H 3H KD 2H 2C 6S 7D 3S QS KH 4H 3D JC AC AS 6D 7C "
         "AH 3C 4D QD 5D 6C 4C JH 2S JD 5S KS KC JS QH 4S 5C 5H AD 2D",
    2024: "QD 5S 2C 6D 7S 6C AD 3S KS KC 3C QS 2S 4D AC 7H 6S 6H QC 4S "
          "7C 2H 4C KH AS JS JD 5C 5D 5H 7D 3D QH JH JC 4H AH KD 3H 2D",
}


def new_random(student, seed):
    """``random.Random(seed)``, made in the worker where your code runs."""
    return student.builtin("Random", seed)


def test_standard_order(student):
    """Deck.standard() holds the 40 cards suit by suit, each suit from the 2 to the Ace."""
    deck = student.pkg.deck.Deck.standard()
    expect_equal(deck.cards, STANDARD, "Deck.standard().cards")
    expect_equal(len(deck), 40, "len(Deck.standard())")


def test_standard_top_and_bottom(student):
    """A standard deck has the 2 of Spades on top and the Ace of Diamonds at the bottom."""
    deck = student.pkg.deck.Deck.standard()
    expect_equal(deck.bottom, card("AD"), "Deck.standard().bottom")
    expect_equal(deck.draw(), card("2S"), "Deck.standard().draw()")
    expect_equal(len(deck), 39, "len(deck) after one draw from Deck.standard()")


def test_standard_gives_a_new_deck(student):
    """Each Deck.standard() is a new deck: drawing from one leaves the next one full."""
    first = student.pkg.deck.Deck.standard()
    first.draw()
    first.draw()
    expect_equal(len(student.pkg.deck.Deck.standard()), 40, "len(Deck.standard()) after drawing "
                 "from another standard deck")


def test_keeps_given_order(student):
    """Deck(cards) keeps the cards in the order given, the first on top."""
    deck = student.pkg.deck.Deck(cards("QS 7H AD 2C"))
    expect_equal(deck.cards, cards("QS 7H AD 2C"), "Deck([QS, 7H, AD, 2C]).cards")
    expect_equal(len(deck), 4, "len(Deck([QS, 7H, AD, 2C]))")
    expect_equal(deck.bottom, card("2C"), "Deck([QS, 7H, AD, 2C]).bottom")
    expect_equal(deck.is_empty, False, "Deck([QS, 7H, AD, 2C]).is_empty")


def test_draw_from_the_top(student):
    """draw() takes the top card; the bottom card is drawn last."""
    deck = student.pkg.deck.Deck(cards("QS 7H AD"))
    expect_equal(deck.draw(), card("QS"), "Deck([QS, 7H, AD]): first draw()")
    expect_equal(deck.cards, cards("7H AD"), "Deck([QS, 7H, AD]): cards after one draw()")
    expect_equal(deck.bottom, card("AD"), "Deck([QS, 7H, AD]): bottom after one draw()")
    expect_equal(deck.draw(), card("7H"), "Deck([QS, 7H, AD]): second draw()")
    expect_equal(deck.draw(), card("AD"), "Deck([QS, 7H, AD]): third draw()")
    expect_equal(len(deck), 0, "Deck([QS, 7H, AD]): len after three draws")
    expect_equal(deck.is_empty, True, "Deck([QS, 7H, AD]): is_empty after three draws")
    expect_equal(deck.bottom, None, "Deck([QS, 7H, AD]): bottom after three draws")
    expect_equal(deck.cards, [], "Deck([QS, 7H, AD]): cards after three draws")


def test_draw_from_an_empty_deck(student):
    """draw() from an empty deck raises ValueError."""
    deck = student.pkg.deck.Deck([])
    expect_equal(deck.is_empty, True, "Deck([]).is_empty")
    expect_equal(deck.bottom, None, "Deck([]).bottom")
    with student.raises("ValueError"):
        deck.draw()


def test_bottom_does_not_draw(student):
    """Reading bottom or cards leaves the deck as it was."""
    deck = student.pkg.deck.Deck(cards("QS 7H"))
    expect_equal(deck.bottom, card("7H"), "Deck([QS, 7H]).bottom")
    expect_equal(deck.cards, cards("QS 7H"), "Deck([QS, 7H]).cards")
    expect_equal(deck.bottom, card("7H"), "Deck([QS, 7H]).bottom, read a second time")
    expect_equal(len(deck), 2, "len(Deck([QS, 7H])) after reading bottom and cards")
    expect_equal(deck.draw(), card("QS"), "Deck([QS, 7H]).draw() after reading bottom and cards")


@pytest.mark.parametrize("seed", sorted(SHUFFLED))
def test_shuffled_with_seed(student, seed):
    """Deck.shuffled(random.Random(seed)) gives the order of the contract's recipe."""
    deck = student.pkg.deck.Deck.shuffled(new_random(student, seed))
    expect_equal(deck.cards, cards(SHUFFLED[seed]), f"Deck.shuffled(random.Random({seed})).cards")


def test_shuffled_is_repeatable(student):
    """Two generators with the same seed give the same deal; a full deck of 40 cards."""
    first = student.pkg.deck.Deck.shuffled(new_random(student, 7)).cards
    second = student.pkg.deck.Deck.shuffled(new_random(student, 7)).cards
    expect_equal(second, first, "Deck.shuffled(random.Random(7)).cards, made a second time")
    expect_equal(sorted(first), sorted(STANDARD), "the cards of Deck.shuffled(random.Random(7))")
