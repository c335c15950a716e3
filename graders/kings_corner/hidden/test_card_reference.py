"""Hidden tests of Card (phase 1), against the reference."""

import operator as operators

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, card, expect_equal, expect_never_equal

pytestmark = pytest.mark.part("card")

RANKS = "A23456789TJQK"
ALL_CARDS = [rank + suit for suit in "CDHS" for rank in RANKS]
ODD_CHARACTERS = "A23456789TJQKtjqkaCDHSchds10X \t"

cards_ = st.sampled_from(ALL_CARDS)


@pytest.mark.weight(2)
@pytest.mark.parametrize(
    "field", ["value", "is_red", "color", "is_king", "notation", "rank", "suit"]
)
def test_every_card_field(student, ref, field):
    """Each of the 52 cards has the reference's value, colour, notation, rank and suit."""
    for text in ALL_CARDS:
        expected = ref.canon(getattr(ref.card.Card.from_notation(text), field))
        expect_equal(
            student.attr(card(text), field), expected, f"Card.from_notation({text!r}).{field}"
        )


@settings(max_examples=40)
@given(text=st.text(alphabet=ODD_CHARACTERS, max_size=4))
def test_from_notation_like_the_reference(student, ref, text):
    """from_notation accepts and refuses the texts the reference does, in either case."""
    call = f"Card.from_notation({text!r})"
    try:
        expected = ref.canon(ref.card.Card.from_notation(text))
    except ValueError:
        with student.raises("ValueError"):
            student.pkg.card.Card.from_notation(text)
        return
    try:
        got = student.pkg.card.Card.from_notation(text)
    except StudentRaised as error:
        raise AssertionError(
            f"{call}\n  expected: {expected!r}\n  got:      raised "
            f"{error.type_name}: {error.message}"
        ) from None
    expect_equal(got, expected, call)


@settings(max_examples=60)
@given(lower=cards_, upper=cards_)
def test_can_follow_like_the_reference(student, ref, lower, upper):
    """can_follow(lower, upper) is the reference's answer."""
    Card = ref.card.Card.from_notation
    expected = ref.card.can_follow(Card(lower), Card(upper))
    expect_equal(
        student.pkg.card.can_follow(card(lower), card(upper)),
        expected,
        f"can_follow({lower}, {upper})",
    )


@pytest.mark.weight(11)
def test_can_follow_on_every_red_and_black_neighbour(student, ref):
    """Every pair one rank apart: can_follow is the reference's (52 x 8 pairs)."""
    Card = ref.card.Card.from_notation
    for upper in ALL_CARDS:
        index = RANKS.index(upper[0])
        if index == 0:
            continue
        for suit in "CDHS":
            lower = RANKS[index - 1] + suit
            expected = ref.card.can_follow(Card(lower), Card(upper))
            expect_equal(
                student.pkg.card.can_follow(card(lower), card(upper)),
                expected,
                f"can_follow({lower}, {upper})",
            )


@settings(max_examples=25)
@given(hand=st.lists(cards_, min_size=0, max_size=12, unique=True))
def test_sorted_like_the_reference(student, ref, hand):
    """sorted(cards) puts them in the reference's order (rank, then suit C D H S)."""
    expected = ref.canon(sorted(ref.card.Card.from_notation(t) for t in hand))
    expect_equal(
        student.builtin("sorted", [card(t) for t in hand]), expected, f"sorted([{', '.join(hand)}])"
    )


@settings(max_examples=7)
@given(first=cards_, second=cards_)
def test_comparisons_like_the_reference(student, ref, first, second):
    """<, <=, >, >=, ==, != between two cards, each in turn, are the reference's."""
    Card = ref.card.Card.from_notation
    for operator in ("lt", "le", "gt", "ge", "eq", "ne"):
        expected = getattr(operators, operator)(Card(first), Card(second))
        expect_equal(
            student.builtin(operator, card(first), card(second)),
            expected,
            f"{operator}({first}, {second})",
        )
    if first == second:
        same = student.builtin("hash", card(first)) == student.builtin("hash", card(second))
        expect_equal(same, True, f"hash({first}) == hash({second})")


NOT_CARDS = {"the text 'QS'": "QS", "the number 12": 12, "None": None,
             "the pair ('Q', 'S')": ("Q", "S")}


@pytest.mark.weight(0.5)
@pytest.mark.parametrize("label", list(NOT_CARDS))
def test_a_card_and_a_non_card_are_not_equal(student, label):
    """A card compared with something that is not a card: == is False, != is True."""
    expect_never_equal(student, card("QS"), NOT_CARDS[label], "Card('Q', 'S')", label)


@pytest.mark.weight(0.125)
@pytest.mark.parametrize("label", list(NOT_CARDS))
@pytest.mark.parametrize("operator", ["lt", "le", "gt", "ge"])
def test_a_card_and_a_non_card_cannot_be_ordered(student, operator, label):
    """<, <=, >, >= between a card and a non-card raise TypeError (NotImplemented both ways)."""
    with student.raises("TypeError"):
        student.builtin(operator, card("QS"), NOT_CARDS[label])


BAD_FIELDS = [
    ("X", "S"), ("10", "S"), ("23", "S"), ("", "S"), ("q", "S"), (7, "S"), (None, "S"),
    ("Q", "X"), ("Q", "s"), ("Q", ""), ("Q", "SH"), ("Q", 3), ("Q", None),
]
"""Ranks and suits the constructor refuses: unknown letters, lower case, two letters that
are both in the rank string, the empty string, values that are not strings."""


@pytest.mark.weight(0.2)
@pytest.mark.parametrize(("rank", "suit"), BAD_FIELDS, ids=repr)
def test_the_constructor_refuses_a_bad_rank_or_suit(student, rank, suit):
    """Card(rank, suit) raises ValueError naming the wrong value when either is unknown."""
    call = f"Card({rank!r}, {suit!r})"
    known_rank = isinstance(rank, str) and len(rank) == 1 and rank in RANKS
    wrong = suit if known_rank else rank
    try:
        student.pkg.card.Card(rank, suit)
    except StudentRaised as error:
        if not error.is_a("ValueError"):
            raise AssertionError(
                f"{call} raised {error.type_name}: {error.message} (expected ValueError)"
            ) from None
        if repr(wrong) not in error.message and str(wrong) not in error.message:
            raise AssertionError(
                f"{call} raised ValueError({error.message!r}): the message should repeat "
                f"the wrong value {wrong!r}"
            ) from None
        return
    raise AssertionError(f"{call} returned a card (expected ValueError)")
