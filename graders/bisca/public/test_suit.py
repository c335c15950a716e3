"""Public tests of Suit (phase 2): members, letters, symbols, colours, reading a letter."""

import pytest

from cardlab.testing import expect_equal, member

pytestmark = pytest.mark.part("suit")

# name, letter, symbol, is_red -- in the deck's standard order
SUITS = [
    ("SPADES", "S", "♠", False),
    ("HEARTS", "H", "♥", True),
    ("CLUBS", "C", "♣", False),
    ("DIAMONDS", "D", "♦", True),
]
SUIT_NAMES = [name for name, *_ in SUITS]
BAD_LETTERS = ["X", "", " S", "S ", "SH", "♠", "spades", "ſ"]


def suit(name):
    return member("Suit", name)


def test_members_in_standard_order(student):
    """Suit has the four suits in standard order, each with its letter."""
    got = student.builtin("list", student.pkg.suit.Suit)
    expect_equal(got, [suit(name) for name in SUIT_NAMES], "list(Suit)")
    for name, letter, _, _ in SUITS:
        expect_equal(student.attr(suit(name), "letter"), letter, f"Suit.{name}.letter")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize(("name", "letter"), [(s[0], s[1]) for s in SUITS], ids=SUIT_NAMES)
def test_letter(student, name, letter):
    """A suit's letter is its upper-case initial."""
    expect_equal(student.attr(suit(name), "letter"), letter, f"Suit.{name}.letter")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize(("name", "symbol"), [(s[0], s[2]) for s in SUITS], ids=SUIT_NAMES)
def test_symbol(student, name, symbol):
    """A suit's symbol is its Unicode card symbol."""
    expect_equal(student.attr(suit(name), "symbol"), symbol, f"Suit.{name}.symbol")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize(("name", "red"), [(s[0], s[3]) for s in SUITS], ids=SUIT_NAMES)
def test_is_red(student, name, red):
    """Hearts and Diamonds are red, Spades and Clubs are not."""
    expect_equal(student.attr(suit(name), "is_red"), red, f"Suit.{name}.is_red")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize(
    ("letter", "name"),
    [("S", "SPADES"), ("H", "HEARTS"), ("C", "CLUBS"), ("D", "DIAMONDS"),
     ("s", "SPADES"), ("h", "HEARTS"), ("c", "CLUBS"), ("d", "DIAMONDS")],
)
def test_from_letter(student, letter, name):
    """Suit.from_letter finds the suit of a letter in either case."""
    got = student.pkg.suit.Suit.from_letter(letter)
    expect_equal(got, suit(name), f"Suit.from_letter({letter!r})")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize("letter", BAD_LETTERS, ids=[repr(text) for text in BAD_LETTERS])
def test_from_letter_rejects(student, letter):
    """Suit.from_letter raises ValueError for anything but one of the four letters."""
    with student.raises("ValueError"):
        student.pkg.suit.Suit.from_letter(letter)
