"""Hidden tests of HumanStrategy (phase 2): choosing a card at the console.

Each test types answers on standard input and reads your output only where the contract
anchors it: the prompt "Your card (1-N): " is counted, one per answer read.
"""

import pytest

from cardlab.testing import Value, card, expect_equal, expect_true, show

pytestmark = pytest.mark.part("human")

HAND = Value("Hand", "AS KH 2C")
LEAD = Value("Trick", "CLUBS|0|")
HEARTS_LED = Value("Trick", "CLUBS|3|5H")
PROMPT = "Your card (1-3)"


def choose(student, trick, typed):
    strategy = student.pkg.whist.human_strategy.HumanStrategy()
    return student.console(
        student.pkg.whist.human_strategy.HumanStrategy.choose_card,
        strategy,
        HAND,
        trick,
        stdin=typed,
    )


def expect_choice(run, expected, prompts, what):
    if run.raised is not None:
        raise AssertionError(f"{what}: raised {run.raised.type_name}: {run.raised.message}")
    expect_equal(run.result, expected, what)
    expect_equal(run.out.count(PROMPT), prompts, f"{what}: the number of prompts {PROMPT!r}")


@pytest.mark.weight(2)
def test_choose_by_number(student):
    """Typing 2 chooses the second card of the hand."""
    expect_choice(choose(student, LEAD, "2\n"), card("KH"), 1, "hand [AS KH 2C], typed 2")


def test_choose_by_notation(student):
    """Typing a card's notation, in any case, chooses that card."""
    expect_choice(choose(student, LEAD, "2c\n"), card("2C"), 1, "hand [AS KH 2C], typed 2c")


@pytest.mark.weight(2)
def test_bad_answers_are_asked_again(student):
    """0, 4, words and cards not held are refused, and the question is asked again."""
    run = choose(student, LEAD, "0\n4\nseven\nQD\n1\n")
    expect_choice(run, card("AS"), 5, "hand [AS KH 2C], typed 0, 4, seven, QD, then 1")


@pytest.mark.weight(4)
def test_must_follow_suit(student):
    """With hearts led, choosing A♠ is refused while the hand holds K♥."""
    run = choose(student, HEARTS_LED, "1\n2\n")
    expect_choice(run, card("KH"), 2, "hearts led, hand [AS KH 2C], typed 1 then 2")


def test_shows_the_hand(student):
    """The situation shown before the prompt includes every card of the hand."""
    run = choose(student, LEAD, "1\n")
    shown = run.out.split(PROMPT)[0]
    for text in ("A", "K", "2"):
        expect_true(text in shown, f"the hand [AS KH 2C] shown before the prompt; got {shown!r}")


def test_input_ends(student):
    """When the input ends before a card is chosen, choose_card raises EOFError."""
    run = choose(student, LEAD, "9\n")
    expect_true(
        run.raised is not None and run.raised.is_a("EOFError"),
        f"typed only 9, then the input ended: expected EOFError, got "
        f"{show(run.result) if run.raised is None else run.raised.type_name}",
    )
