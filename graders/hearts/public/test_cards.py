"""Public tests of Card and Suit (phase 1): notation, strength, penalty points."""

import pytest

from cardlab.testing import card, expect_equal, member

pytestmark = pytest.mark.part("cards")

SUITS = {"C": "CLUBS", "D": "DIAMONDS", "S": "SPADES", "H": "HEARTS"}
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

# card, strength, penalty points
CARDS = [("2C", 0, 0), ("10D", 8, 0), ("JS", 9, 0), ("QS", 10, 13), ("KS", 11, 0),
         ("QH", 10, 1), ("2H", 0, 1), ("AH", 12, 1), ("QD", 10, 0), ("AC", 12, 0)]


def shown(text):
    return f"Card({text[:-1]!r}, Suit.{SUITS[text[-1]]})"


@pytest.mark.parametrize(("text", "strength", "points"), CARDS)
def test_card_fields(student, text, strength, points):
    """A card keeps its rank and suit, and knows its strength and penalty points."""
    made = student.pkg.card.Card(text[:-1], member("Suit", SUITS[text[-1]]))
    expect_equal(made, card(text), f"{shown(text)} (read back by rank and suit)")
    expect_equal(student.attr(made, "strength"), strength, f"{shown(text)}.strength")
    expect_equal(student.attr(made, "points"), points, f"{shown(text)}.points")
    expect_equal(student.attr(made, "notation"), text, f"{shown(text)}.notation")


@pytest.mark.parametrize("text", ["QS", "qs", " 10h ", "2C", "Ad"])
def test_from_notation(student, text):
    """Card.from_notation reads a notation, whatever its case and spaces."""
    expected = card(text.strip().upper())
    expect_equal(
        student.pkg.card.Card.from_notation(text), expected, f"Card.from_notation({text!r})"
    )


@pytest.mark.parametrize("text", ["", "1S", "QX", "11H", "Q"])
def test_bad_notation(student, text):
    """Card.from_notation refuses what is not a card with ValueError."""
    with student.raises("ValueError"):
        student.pkg.card.Card.from_notation(text)


def test_full_deck(student):
    """full_deck() gives the 52 cards suit by suit (C, D, S, H), each from 2 to Ace."""
    expected = [card(rank + letter) for letter in "CDSH" for rank in RANKS]
    expect_equal(student.pkg.card.full_deck(), expected, "full_deck()")


def test_str(student):
    """str() of a card is its rank and its suit's symbol."""
    expect_equal(student.builtin("str", card("QS")), "Q♠", "str(Card('Q', Suit.SPADES))")
    expect_equal(student.builtin("str", card("10H")), "10♥", "str(Card('10', Suit.HEARTS))")
