"""Part 1, hidden: hashing agrees with equality, and the ordering is a total order.

Hashing is checked on every pair of the deck; the ordering on cards drawn at random;
separately built cards stand for the same card, and whole shuffled decks are sorted by
your ordering.
"""

import pytest
from cardgame_setup import DECK
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, card, cards, expect_equal, expect_never_equal

pytestmark = pytest.mark.part("cards")

cards_drawn = st.sampled_from(DECK)
SYMBOLS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def shown(name, texts):
    """How a builtin applied to cards reads: ``QH < KH`` or ``hash(QH)``."""
    if name in SYMBOLS:
        return f"{texts[0]} {SYMBOLS[name]} {texts[1]}"
    return f"{name}({', '.join(texts)})"


def ask(student, name, *texts):
    """A builtin applied to cards in your code, its exceptions turned into a failure."""
    try:
        answer = student.builtin(name, *cards(" ".join(texts)))
    except StudentRaised as error:
        raise AssertionError(
            f"{shown(name, texts)} raised {error.type_name}: {error.message}{error.stub_hint}"
        ) from None
    wanted, kind = (int, "an int") if name == "hash" else (bool, "True or False")
    if type(answer) is not wanted:
        raise AssertionError(f"{shown(name, texts)} gave {answer!r}, not {kind}")
    return answer


def test_equal_cards_hash_alike(student):
    """Two separately made cards of the same suit and rank have the same hash."""
    for text in DECK:
        first, second = ask(student, "hash", text), ask(student, "hash", text)
        if first != second:
            raise AssertionError(f"hash({text}) gave {first} and then {second} for an equal card")


def test_hash_agrees_with_equality(student):
    """Whenever two cards are equal, their hashes are equal: every pair of the deck."""
    hashes = {text: ask(student, "hash", text) for text in DECK}
    for index, left in enumerate(DECK):
        for right in DECK[index:]:
            if not ask(student, "eq", left, right):
                continue
            first = hashes[left]
            second = ask(student, "hash", right) if left == right else hashes[right]
            if first != second:
                raise AssertionError(
                    f"{left} == {right}, but hash({left}) gave {first} and "
                    f"hash({right}) {second}"
                )


@settings(max_examples=80)
@given(a=cards_drawn, b=cards_drawn, c=cards_drawn)
def test_ordering_is_a_total_order(student, a, b, c):
    """Exactly one of a < b, a == b, b < a; the other comparisons agree; < is transitive."""
    below, same = ask(student, "lt", a, b), ask(student, "eq", a, b)
    above = ask(student, "lt", b, a)
    if below + same + above != 1:
        raise AssertionError(
            f"{a} < {b} gave {below}, {a} == {b} gave {same}, {b} < {a} gave {above}: "
            "exactly one should be True"
        )
    expect_equal(ask(student, "ne", a, b), not same, f"{a} != {b}")
    expect_equal(ask(student, "le", a, b), below or same, f"{a} <= {b}")
    expect_equal(ask(student, "gt", a, b), above, f"{a} > {b}")
    expect_equal(ask(student, "ge", a, b), above or same, f"{a} >= {b}")
    if below and ask(student, "lt", b, c) and not ask(student, "lt", a, c):
        raise AssertionError(f"{a} < {b} and {b} < {c}, but {a} < {c} gave False")


@pytest.mark.weight(2)
@settings(max_examples=25)
@given(deck=st.permutations(DECK))
def test_sorting_a_shuffled_deck_gives_creation_order(student, deck):
    """sorted() of any shuffled deck is the deck in creation order."""
    try:
        got = student.builtin("sorted", cards(" ".join(deck)))
    except StudentRaised as error:
        raise AssertionError(
            f"sorted({' '.join(deck)}) raised {error.type_name}: {error.message}"
        ) from None
    expect_equal(got, [card(text) for text in DECK], f"sorted({' '.join(deck)})")


NOT_CARDS = {"the text 'QH'": "QH", "None": None, "the number 12": 12}


@pytest.mark.weight(1 / len(NOT_CARDS))
@pytest.mark.parametrize("label", list(NOT_CARDS))
def test_a_card_is_never_equal_to_something_else(student, label):
    """Comparing a card with something that is not a card: == is False, != is True."""
    expect_never_equal(student, card("QH"), NOT_CARDS[label], "QH", label)


@pytest.mark.weight(1 / len(NOT_CARDS))
@pytest.mark.parametrize("label", list(NOT_CARDS))
def test_ordering_a_card_against_something_else_raises_type_error(student, label):
    """card < something that is not a card raises TypeError (__lt__ returns NotImplemented)."""
    with student.raises("TypeError"):
        student.builtin("lt", card("QH"), NOT_CARDS[label])
