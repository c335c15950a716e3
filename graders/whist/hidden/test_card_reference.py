"""Hidden tests of Rank, Suit and Card (phase 1), against the reference."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from whist_ref import ALL_CARDS, expect_other_version_refused

from cardlab.testing import StudentRaised, card, cards, expect_equal, expect_never_equal, member

pytestmark = pytest.mark.part("card")

card_lists = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=12, unique=True)


@pytest.mark.weight(2)
def test_every_rank(student, r):
    """Every rank's value, strength and previous rank, as the reference's."""
    for rank in r.Rank:
        value = member("Rank", rank.name)
        expect_equal(student.attr(value, "points"), rank.points, f"Rank.{rank.name}.points")
        expect_equal(
            student.method(value, "previous"),
            member("Rank", rank.previous().name),
            f"Rank.{rank.name}.previous()",
        )


def test_every_suit(student, r):
    """Every suit's letter and symbol, as the reference's."""
    for suit in r.Suit:
        value = member("Suit", suit.name)
        expect_equal(student.attr(value, "letter"), suit.letter, f"Suit.{suit.name}.letter")
        expect_equal(student.attr(value, "symbol"), suit.symbol, f"Suit.{suit.name}.symbol")


def test_random_suit(student, r):
    """Suit.random(rng) draws the reference's suit for twenty seeds (rng.choice(list(Suit)))."""
    for seed in range(20):
        expected = member("Suit", r.Suit.random(random.Random(seed)).name)
        got = student.pkg.cards.card.Suit.random(student.builtin("Random", seed))
        expect_equal(got, expected, f"Suit.random(random.Random({seed}))")


@pytest.mark.weight(2)
def test_str_of_every_card(student, r):
    """str() of each of the 52 cards is the reference's (e.g. "10♦")."""
    for text in ALL_CARDS:
        expect_equal(student.builtin("str", card(text)), str(r.of(text)), f"str({text})")


@pytest.mark.weight(6)
@settings(max_examples=25, deadline=None)
@given(card_lists)
def test_orders_agree_with_reference(student, r, texts):
    """sorted() with no key, with ascending_key and with rank_key: the reference's orders."""
    ref_cards = r.cards(texts)
    sent = cards(" ".join(texts))
    expect_equal(student.builtin("sorted", sent), r.values(sorted(ref_cards)), f"sorted({texts})")
    for key in ("ascending_key", "rank_key"):
        expected = r.values(sorted(ref_cards, key=getattr(r.card, key)))
        got = student.builtin("sorted_by", sent, getattr(student.pkg.cards.card, key))
        expect_equal(got, expected, f"sorted({texts}, key={key})")


@pytest.mark.weight(2)
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
def test_comparisons_are_total_and_consistent(student, r, left, right):
    """<, <=, >, >= and == of two cards agree with the natural order (and with each other)."""
    a, b = r.of(left), r.of(right)
    for name, expected in (
        ("lt", a < b),
        ("le", a <= b),
        ("gt", a > b),
        ("ge", a >= b),
        ("eq", a == b),
    ):
        got = student.builtin_bool(name, card(left), card(right))
        expect_equal(got, expected, f"{name}({left}, {right})")


@pytest.mark.weight(2)
@settings(max_examples=30, deadline=None)
@given(card_lists)
def test_max(student, r, texts):
    """Card.max returns the reference's highest card."""
    expected = card(r.Card.max(r.cards(texts)).notation)
    expect_equal(
        student.pkg.cards.card.Card.max(cards(" ".join(texts))), expected, f"Card.max({texts})"
    )


def test_max_of_nothing_raises(student):
    """Card.max([]) raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.cards.card.Card.max([])


def test_equal_cards_hash_alike(student):
    """Two cards made alike are equal and have the same hash."""
    for text in ("AS", "10D", "2C"):
        expect_equal(
            student.builtin("hash", card(text)) == student.builtin("hash", card(text)),
            True,
            f"hash({text}) == hash({text})",
        )


@pytest.mark.weight(2)
def test_pickling_round_trip(student):
    """A pickled card loads back equal to itself."""
    for text in ("AS", "10D", "2C", "QH"):
        saved = student.builtin("pickle_dumps", card(text))
        expect_equal(
            student.builtin("pickle_loads", saved), card(text), f"pickle round trip of {text}"
        )


@pytest.mark.weight(2)
def test_pickled_with_another_version_is_refused(student):
    """A card saved with Card.FORMAT_VERSION 100 cannot be loaded once the version is 101."""
    card_class = student.pkg.cards.card.Card
    saved = student.builtin("pickle_dumps", card("AS"))
    expect_other_version_refused(student, card_class, 100, saved)


@settings(max_examples=40)
@given(text=st.text(alphabet="AKQJ1023456789shdcSHDCx \t", max_size=5) | st.sampled_from(
    [f"{rank}{suit}" for rank in ("A", "K", "10", "2", "q") for suit in "SHdc"]))
@example(text=" 0\t0")  # surrounding whitespace and a tab inside: repr it stripped, or not
def test_from_notation_like_the_reference(student, r, text):
    """Card.from_notation reads the texts the reference reads; others raise ValueError
    repeating the text (as typed, or without its case and surrounding whitespace; as it
    is, or quoted as repr writes it)."""
    call = f"Card.from_notation({text!r})"
    try:
        expected = card(r.Card.from_notation(text).notation)
    except ValueError:
        try:
            student.pkg.cards.card.Card.from_notation(text)
        except StudentRaised as error:
            shown = error.message.casefold()
            forms = (text, repr(text), text.strip(), repr(text.strip()))
            repeated = any(form.casefold() in shown for form in forms)
            if not error.is_a("ValueError") or not repeated:
                raise AssertionError(
                    f"{call} raised {error.type_name}({error.message!r}): expected a "
                    f"ValueError repeating the text"
                ) from None
            return
        raise AssertionError(f"{call} returned a card: expected ValueError") from None
    expect_equal(student.pkg.cards.card.Card.from_notation(text), expected, call)


@pytest.mark.parametrize("which", ["rank", "suit"])
def test_a_card_of_a_non_rank_or_non_suit_is_refused(student, which):
    """Card(rank, suit) raises TypeError when rank is not a Rank or suit not a Suit."""
    rank = "Q" if which == "rank" else member("Rank", "QUEEN")
    suit = "S" if which == "suit" else member("Suit", "SPADES")
    with student.raises("TypeError"):
        student.pkg.cards.card.Card(rank, suit)


NOT_CARDS = {"the text 'QS'": "QS", "the number 12": 12, "None": None}


@pytest.mark.parametrize("label", list(NOT_CARDS))
def test_a_card_and_a_non_card(student, label):
    """A card and a non-card: == is False, != is True, and <, <=, >, >= raise TypeError."""
    other = NOT_CARDS[label]
    expect_never_equal(student, card("QS"), other, "Card QS", label)
    for name in ("lt", "le", "gt", "ge"):
        with student.raises("TypeError"):
            student.builtin(name, card("QS"), other)


def test_notation_of_every_card(student, r):
    """Card.notation of each of the 52 cards is the reference's (e.g. "10D")."""
    for text in ALL_CARDS:
        expect_equal(student.attr(card(text), "notation"), r.of(text).notation,
                     f"Card {text}: notation")
