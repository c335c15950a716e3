"""Public tests of HumanStrategy (phase 2): a card chosen at the console.

Answers are typed on standard input; your output is read only where the contract anchors
it, the prompt "Your card (1-N): ".
"""

import pytest

from cardlab.testing import Value, card, expect_equal

pytestmark = pytest.mark.part("human")

HAND = Value("Hand", "AS KH 2C")
PROMPT = "Your card (1-3)"


def choose(student, trick, typed):
    strategy = student.pkg.whist.human_strategy.HumanStrategy()
    human = student.pkg.whist.human_strategy.HumanStrategy
    return student.console(human.choose_card, strategy, HAND, trick, stdin=typed)


def test_choose_by_number(student):
    """Leading with the hand A♠ K♥ 2♣, typing 3 plays the 2♣ after one prompt."""
    run = choose(student, Value("Trick", "CLUBS|0|"), "3\n")
    if run.raised is not None:
        raise AssertionError(f"typed 3: raised {run.raised.type_name}: {run.raised.message}")
    expect_equal(run.result, card("2C"), "hand [AS KH 2C], typed 3")
    expect_equal(run.out.count(PROMPT), 1, f"the number of prompts {PROMPT!r}")


def test_must_follow_suit(student):
    """With 5♥ led, typing 1 (A♠) is refused and asked again; then 2 plays the K♥."""
    run = choose(student, Value("Trick", "CLUBS|3|5H"), "1\n2\n")
    if run.raised is not None:
        raise AssertionError(f"typed 1 then 2: raised {run.raised.type_name}: {run.raised.message}")
    expect_equal(run.result, card("KH"), "hearts led, hand [AS KH 2C], typed 1 then 2")
    expect_equal(run.out.count(PROMPT), 2, f"the number of prompts {PROMPT!r}")
