"""Public tests of Card (phase 1): fields, value, colour, notation, order, the sequence rule."""

import pytest

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("card")

RANKS = "A23456789TJQK"

# lower, upper, may the lower card go on the upper one?
FOLLOWS = [
    ("7S", "8H", True),  # black on red, one lower: the course's own example
    ("7C", "8D", True),
    ("6H", "7C", True),  # red on black
    ("QH", "KS", True),
    ("AD", "2S", True),
    ("7H", "8D", False),  # both red
    ("7S", "8C", False),  # both black
    ("6S", "8H", False),  # two lower
    ("9S", "8H", False),  # higher
    ("8S", "8H", False),  # same rank
    ("KD", "AS", False),  # nothing goes on an Ace, and a King is not below it
]


def test_fields_and_value(student):
    """Card(rank, suit) keeps its rank and suit; value runs from 1 (Ace) to 13 (King)."""
    made = student.pkg.card.Card("T", "C")
    expect_equal(made, card("TC"), "Card('T', 'C') (read back by rank and suit)")
    for number, rank in enumerate(RANKS, start=1):
        expect_equal(student.attr(card(rank + "S"), "value"), number, f"Card('{rank}', 'S').value")


def test_colours(student):
    """Diamonds and Hearts are red, Clubs and Spades black."""
    for suit, red in (("C", False), ("D", True), ("H", True), ("S", False)):
        expect_equal(student.attr(card("5" + suit), "is_red"), red, f"Card('5', '{suit}').is_red")
        expect_equal(
            student.attr(card("5" + suit), "color"),
            "red" if red else "black",
            f"Card('5', '{suit}').color",
        )


def test_kings(student):
    """is_king is True for the four Kings only."""
    expect_equal(student.attr(card("KH"), "is_king"), True, "Card('K', 'H').is_king")
    expect_equal(student.attr(card("QH"), "is_king"), False, "Card('Q', 'H').is_king")


@pytest.mark.parametrize("text", ["7h", "7H", " td ", "Ks", "aC"])
def test_from_notation_in_either_case(student, text):
    """from_notation reads rank then suit in either case, around spaces."""
    expected = card(text.strip().upper())
    expect_equal(
        student.pkg.card.Card.from_notation(text), expected, f"Card.from_notation({text!r})"
    )


@pytest.mark.weight(0.25)
@pytest.mark.parametrize("text", ["1X", "K", "", "10H", "7HH", "ZS", "7Z"])
def test_from_notation_refuses_what_is_not_a_card(student, text):
    """Text that is not two characters, a rank then a suit, raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.card.Card.from_notation(text)


def test_notation_and_str(student):
    """notation and str() are the two characters in upper case."""
    expect_equal(student.attr(card("TD"), "notation"), "TD", "Card('T', 'D').notation")
    expect_equal(student.builtin("str", card("QS")), "QS", "str(Card('Q', 'S'))")


def test_equality_and_hashing(student):
    """Equal cards compare equal and hash alike; different cards differ."""
    expect_equal(
        student.builtin("eq", card("7H"), card("7H")), True, "Card('7','H') == Card('7','H')"
    )
    expect_equal(
        student.builtin("eq", card("7H"), card("7D")), False, "Card('7','H') == Card('7','D')"
    )
    same = student.builtin("hash", card("7H")) == student.builtin(
        "hash", student.pkg.card.Card("7", "H")
    )
    expect_equal(same, True, "hash(Card('7', 'H')) == hash(Card('7', 'H'))")


def test_sorting(student):
    """sorted() orders by rank from the Ace, then by suit C, D, H, S."""
    expect_equal(
        student.builtin("sorted", cards("KC 2S TH 6D 6C AS QS")),
        cards("AS 2S 6C 6D TH QS KC"),
        "sorted([KC, 2S, TH, 6D, 6C, AS, QS])",
    )


@pytest.mark.parametrize(("lower", "upper", "expected"), FOLLOWS)
def test_can_follow(student, lower, upper, expected):
    """can_follow(card, top): one rank lower and the other colour."""
    expect_equal(
        student.pkg.card.can_follow(card(lower), card(upper)),
        expected,
        f"can_follow({lower}, {upper})",
    )
