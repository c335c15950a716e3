"""Hidden tests of promises that no other test checks (found by the promise audit).

Each test checks one promise of a docstring of your modules: the messages of the
errors ``Suit`` and ``Card`` raise repeat the bad value. The audit is
``docs/instructors/promises.md``.
"""

import pytest

from cardlab.testing import StudentRaised, expect_true, member

BAD_LETTERS = ["X", "SH", "spades"]


def message_of(student, call, action, expected_type):
    """The message of the error ``action`` raises in your code, or a failure."""
    try:
        action()
    except StudentRaised as error:
        if not error.is_a(expected_type):
            raise AssertionError(
                f"{call} raised {error.type_name}: {error.message}, not {expected_type}"
            ) from None
        return error.message
    raise AssertionError(f"{call} returned, where it should raise {expected_type}")


@pytest.mark.part("suit")
def test_from_letter_repeats_the_bad_value(student):
    """Suit.from_letter's ValueError repeats the value it was given."""
    for letter in BAD_LETTERS:
        call = f"Suit.from_letter({letter!r})"
        message = message_of(
            student,
            call,
            lambda letter=letter: student.pkg.suit.Suit.from_letter(letter),
            "ValueError",
        )
        expect_true(
            letter in message,
            f"{call} raised ValueError({message!r}): the message must repeat {letter!r}",
        )


@pytest.mark.part("card")
@pytest.mark.weight(0.25)
@pytest.mark.parametrize(
    ("rank", "suit", "error", "repeated"),
    [
        ("10", member("Suit", "SPADES"), "ValueError", "10"),
        ("Ace", member("Suit", "HEARTS"), "ValueError", "Ace"),
        ("Q", "hearts", "TypeError", "hearts"),
        ("7", 3, "TypeError", "3"),
    ],
    ids=["rank-10", "rank-Ace", "suit-hearts", "suit-3"],
)
def test_card_errors_repeat_the_bad_value(student, rank, suit, error, repeated):
    """Card(rank, suit) refuses a bad rank (ValueError) or suit (TypeError), repeating it."""
    call = f"Card({rank!r}, {suit!r})"
    message = message_of(student, call, lambda: student.pkg.card.Card(rank, suit), error)
    expect_true(
        repeated in message,
        f"{call} raised {error}({message!r}): the message must repeat {repeated!r}",
    )
