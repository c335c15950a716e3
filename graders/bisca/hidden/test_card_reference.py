"""Hidden tests of Card (phase 2), against the reference."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import (
    StudentRaised,
    card,
    expect_equal,
    expect_like_reference,
    expect_never_equal,
    member,
    reference_outcome,
)

pytestmark = pytest.mark.part("card")

RANKS = "23456QJKA7"
SUIT_BY_LETTER = {"S": "SPADES", "H": "HEARTS", "C": "CLUBS", "D": "DIAMONDS"}
ALL_CARDS = [rank + letter for letter in SUIT_BY_LETTER for rank in RANKS]

# explicit alphabets: a bare st.text() makes hypothesis build its Unicode tables first
ODD_CHARACTERS = "23456789QJKAqjka10SHCDshcdX ♠♥é\t\n\u00a0"

cards_ = st.sampled_from(ALL_CARDS)
suits = st.sampled_from(list(SUIT_BY_LETTER.values()))


def ref_card(ref, text):
    return ref.card.Card.from_notation(text)


def shown(text):
    return f"Card({text[:-1]!r}, Suit.{SUIT_BY_LETTER[text[-1]]})"


FIELDS = [
    pytest.param("points", marks=pytest.mark.weight(16)),
    pytest.param("strength", marks=pytest.mark.weight(6)),
    *(pytest.param(field, marks=pytest.mark.weight(2)) for field in ("notation", "rank", "suit")),
]
"""Each field with its weight: the fields that are rules of the game (each card's points,
the order of the ranks) weigh the most, so that a wrong value for one rank costs at least
a fifth of the part."""


@pytest.mark.parametrize("field", FIELDS)
def test_every_card_field(student, ref, field):
    """Each of the 40 cards has the reference's points, strength, notation, rank and suit."""
    for text in ALL_CARDS:
        expected = ref.canon(getattr(ref_card(ref, text), field))
        expect_equal(student.attr(card(text), field), expected, f"{shown(text)}.{field}")


@pytest.mark.weight(1.5)
def test_every_card_str(student, ref):
    """str() of each of the 40 cards is the reference's."""
    for text in ALL_CARDS:
        expected = str(ref_card(ref, text))
        expect_equal(student.builtin("str", card(text)), expected, f"str({shown(text)})")


@pytest.mark.weight(8)
def test_beats_within_a_suit(student, ref):
    """Every pair of cards of one suit, the led suit trump or not: beats as the reference."""
    for suit, trump in (("S", "HEARTS"), ("D", "DIAMONDS")):
        for follower in RANKS:
            for led in RANKS:
                if follower == led:
                    continue
                f, led_card = follower + suit, led + suit
                expected = ref_card(ref, f).beats(ref_card(ref, led_card), ref.suit.Suit[trump])
                got = student.method(card(f), "beats", card(led_card), member("Suit", trump))
                expect_equal(got, expected, f"{shown(f)}.beats({shown(led_card)}, Suit.{trump})")


@pytest.mark.weight(8)
@given(follower=cards_, led=cards_, trump=suits)
@example(follower="2H", led="AS", trump="HEARTS")
@example(follower="AS", led="2H", trump="HEARTS")
@example(follower="AC", led="2S", trump="HEARTS")
@example(follower="2D", led="AD", trump="DIAMONDS")  # a weaker trump against a stronger one
@example(follower="7S", led="KS", trump="HEARTS")  # the Seven outranks the King
def test_beats_like_the_reference(student, ref, follower, led, trump):
    """follower.beats(led, trump) agrees with the reference on any two cards."""
    if follower == led:
        return
    expected = ref_card(ref, follower).beats(ref_card(ref, led), ref.suit.Suit[trump])
    got = student.method(card(follower), "beats", card(led), member("Suit", trump))
    expect_equal(got, expected, f"{shown(follower)}.beats({shown(led)}, Suit.{trump})")


notations = st.one_of(
    # a card's notation, with case changed and whitespace around it
    st.tuples(
        st.sampled_from(["", " ", "\t", "\n "]), cards_, st.booleans(),
        st.sampled_from(["", " ", "\n"]),
    ).map(lambda t: t[0] + (t[1].lower() if t[2] else t[1]) + t[3]),
    st.text(alphabet="23456789QJKA7SHCDshcdqjkaX1 0", max_size=4),
    st.text(alphabet=ODD_CHARACTERS, max_size=3),
)


@pytest.mark.weight(2)
@given(text=notations)
@example(text="10S")
@example(text="Q S")
@example(text="qS ")
def test_from_notation_like_the_reference(student, ref, text):
    """Card.from_notation reads what the reference reads and refuses what it refuses."""
    expected = reference_outcome(
        lambda: ref.canon(ref.card.Card.from_notation(text)), ValueError, TypeError
    )
    expect_like_reference(
        f"Card.from_notation({text!r})", expected, lambda: student.pkg.card.Card.from_notation(text)
    )


@pytest.mark.weight(1.5)
@given(rank=st.one_of(st.sampled_from(RANKS), st.text(alphabet=ODD_CHARACTERS, max_size=2)),
       suit=suits)
def test_constructor_checks_rank(student, ref, rank, suit):
    """Card(rank, suit) accepts exactly the ranks of RANKS, like the reference."""
    expected = reference_outcome(
        lambda: ref.canon(ref.card.Card(rank, ref.suit.Suit[suit])), ValueError, TypeError
    )
    expect_like_reference(
        f"Card({rank!r}, Suit.{suit})", expected,
        lambda: student.pkg.card.Card(rank, member("Suit", suit)),
    )


@pytest.mark.weight(2)
@settings(max_examples=40)
@given(first=cards_, second=cards_)
def test_equality_and_hash(student, first, second):
    """Two cards are equal exactly when rank and suit are; equal cards hash alike."""
    expect_equal(student.builtin("eq", card(first), card(second)), first == second,
                 f"{shown(first)} == {shown(second)}")
    if first == second:
        hashes = {student.builtin_int("hash", card(first)) for _ in range(2)}
        expect_equal(len(hashes), 1, f"hash({shown(first)}), twice: number of different results")


MOST_CARDS_PER_HASH = 2
"""The hash of the pair (rank, suit) gives 40 cards (almost surely) 40 values."""


def test_hash_spreads_the_deck(student):
    """Card.__hash__ is that of the pair (rank, suit): the 40 cards spread over many values."""
    by_hash = {}
    for text in ALL_CARDS:
        by_hash.setdefault(student.builtin_int("hash", card(text)), []).append(text)
    crowded = max(by_hash.values(), key=len)
    if len(crowded) > MOST_CARDS_PER_HASH:
        raise AssertionError(
            f"hash(card) over the 40 cards: {len(by_hash)} different values; "
            f"{', '.join(crowded)} all hash to the same value (hash the pair (rank, suit))"
        )


def test_cards_in_the_provided_deck(student, ref):
    """Deck.standard() (provided) builds the 40 cards with your Card and Suit, in order."""
    expected = ref.canon(ref.deck.Deck.standard().cards)
    expect_equal(student.pkg.deck.Deck.standard().cards, expected, "Deck.standard().cards")


NOT_CARDS = {"the text 'QS'": "QS", "None": None, "the number 12": 12}


@pytest.mark.weight(1 / len(NOT_CARDS))
@pytest.mark.parametrize("label", list(NOT_CARDS))
def test_a_card_is_never_equal_to_something_else(student, label):
    """A card compared with something that is not a card: == is False, != is True."""
    expect_never_equal(student, card("QS"), NOT_CARDS[label], "Card('Q', Suit.SPADES)", label)


BAD_TEXTS = ["QX", "ZS", "1S", "10S", "QSS", "queen", "XX"]


@pytest.mark.weight(0.25)
@pytest.mark.parametrize("text", BAD_TEXTS)
def test_from_notation_repeats_the_bad_text(student, text):
    """Card.from_notation's ValueError repeats the whole text it was given, not a piece."""
    call = f"Card.from_notation({text!r})"
    try:
        got = student.pkg.card.Card.from_notation(text)
    except StudentRaised as error:
        if not error.is_a("ValueError"):
            raise AssertionError(f"{call} raised {error.type_name}, not ValueError") from None
        if text not in error.message:
            raise AssertionError(
                f"{call} raised ValueError({error.message!r}): the message must repeat the "
                f"text given, {text!r}"
            ) from None
        return
    raise AssertionError(f"{call} gave {got!r} instead of raising ValueError")
