"""Hidden tests of Card and Suit (phase 1): every promise of the card module, against the reference.

The public tests read a few cards; these read all 52 (symbol, sort key, points), the
suits' letters either way, the module's constants, and what the constructor and ``==``
do with values that are not a rank, a suit or a card.
"""

import pytest
from hearts_games import DECK

from cardlab.testing import card, expect_equal, expect_never_equal, expect_true, member

pytestmark = pytest.mark.part("cards")

SUITS = {"C": "CLUBS", "D": "DIAMONDS", "S": "SPADES", "H": "HEARTS"}


@pytest.mark.parametrize("field", ["strength", "points", "sort_key", "notation"])
def test_every_card_field(student, ref, field):
    """Each of the 52 cards has the reference's strength, points, sort key and notation."""
    for text in DECK:
        expected = ref.canon(getattr(ref.card.Card.from_notation(text), field))
        got = student.attr(card(text), field)
        expect_equal(got, expected, f"Card.from_notation({text!r}).{field}")


def test_str_of_every_card(student, ref):
    """str() of each of the 52 cards is its rank and its suit's symbol (♣ ♦ ♠ ♥)."""
    for text in DECK:
        expected = str(ref.card.Card.from_notation(text))
        expect_equal(student.builtin("str", card(text)), expected, f"str(Card {text})")


@pytest.mark.parametrize("letter", ["C", "D", "S", "H"])
def test_suit_letter_and_symbol(student, ref, letter):
    """Each suit's letter and symbol are the reference's."""
    suit = member("Suit", SUITS[letter])
    expected = ref.card.Suit(letter)
    expect_equal(student.attr(suit, "letter"), expected.letter, f"Suit.{SUITS[letter]}.letter")
    expect_equal(student.attr(suit, "symbol"), expected.symbol, f"Suit.{SUITS[letter]}.symbol")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize("letter", ["C", "D", "S", "H", "c", "d", "s", "h"])
def test_suit_from_letter(student, letter):
    """Suit.from_letter reads a suit's letter in either case."""
    expected = member("Suit", SUITS[letter.upper()])
    expect_equal(
        student.pkg.card.Suit.from_letter(letter), expected, f"Suit.from_letter({letter!r})"
    )


@pytest.mark.weight(0.2)
@pytest.mark.parametrize("letter", ["X", "", "CD", "♠", "1"])
def test_suit_from_letter_refuses(student, letter):
    """Suit.from_letter refuses what is not a suit's letter with ValueError."""
    with student.raises("ValueError"):
        student.pkg.card.Suit.from_letter(letter)


@pytest.mark.weight(1 / 6)
@pytest.mark.parametrize("rank", ["1", "11", "q", "T", "", "QS"])
def test_constructor_refuses_a_bad_rank(student, rank):
    """Card(rank, suit) with a rank not in RANKS raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.card.Card(rank, member("Suit", "SPADES"))


@pytest.mark.weight(1 / 3)
@pytest.mark.parametrize("suit", ["S", None, 3])
def test_constructor_refuses_a_suit_that_is_not_a_suit(student, suit):
    """Card(rank, suit) with a suit that is not a Suit raises TypeError."""
    with student.raises("TypeError"):
        student.pkg.card.Card("Q", suit)


NOT_CARDS = {"the text 'QS'": "QS", "the number 10": 10, "None": None}


@pytest.mark.weight(1 / len(NOT_CARDS))
@pytest.mark.parametrize("label", list(NOT_CARDS))
def test_a_card_and_a_non_card_are_not_equal(student, label):
    """A card compared with something that is not a card: == is False, != is True."""
    expect_never_equal(student, card("QS"), NOT_CARDS[label], "Card('Q', Suit.SPADES)", label)


def test_equal_cards_are_equal_and_hash_alike(student):
    """Two cards made apart from the same rank and suit are == and hash alike."""
    for text in ("QS", "10H", "2C"):
        made = student.pkg.card.Card(text[:-1], member("Suit", SUITS[text[-1]]))
        expect_equal(student.builtin("eq", made, card(text)), True, f"{text} == {text}")
        same = student.builtin("hash", made) == student.builtin("hash", card(text))
        expect_true(same, f"hash of two {text} cards differ")


@pytest.mark.weight(0.2)
@pytest.mark.parametrize(
    "name", ["RANKS", "HEART_POINTS", "QUEEN_OF_SPADES_POINTS", "TWO_OF_CLUBS", "QUEEN_OF_SPADES"]
)
def test_module_constants(student, ref, name):
    """The card module's constants are the reference's."""
    expected = ref.canon(getattr(ref.card, name))
    expect_equal(student.get(f"card.{name}"), expected, f"card.{name}")


@pytest.mark.weight(16)
def test_penalty_points_of_every_card(student, ref):
    """penalty_points(rank, suit) for the 52 ranks and suits, as the reference counts them."""
    for text in DECK:
        rank, letter = text[:-1], text[-1]
        expected = ref.card.penalty_points(rank, ref.card.Suit(letter))
        got = student.pkg.card.penalty_points(rank, member("Suit", SUITS[letter]))
        expect_equal(got, expected, f"penalty_points({rank!r}, Suit.{SUITS[letter]})")


def test_full_deck_gives_a_new_list_each_time(student, ref):
    """full_deck() gives a list, as its contract says, and a new one at every call."""
    kept = student.call_kept(student.pkg.card.full_deck)
    if kept.type_name != "list":
        raise AssertionError(
            f"full_deck() gave a {kept.type_name}, where its contract says a list: return a list"
        )
    student.method(kept, "clear")
    expected = ref.canon(ref.card.full_deck())
    expect_equal(
        student.pkg.card.full_deck(), expected, "full_deck() after clearing an earlier one"
    )
