"""Public tests of BasicStrategy (phase 2): the course's six examples, spades trumps.

You sit in seat 0 and your partner in seat 2; each trick is written as it stands when
it is your turn. Example 6 is read as the course's decision says: the same hand, but an
opponent has trumped with the J♠, which your 10♠ cannot beat, so you discard.
"""

import pytest

from cardlab.testing import Value, card, expect_equal

pytestmark = pytest.mark.part("basic-strategy")

# name, leader, trick so far, hand, the card to play
EXAMPLES = [
    ("example 1: partner led and is winning", 2, "QH 2H", "10H 2S 9C", "10H"),
    ("example 2: never trump your partner", 1, "QH KH 2H", "10D 2S 9C", "9C"),
    ("example 3: beat it with the highest", 3, "QH", "AH 2H 9C", "AH"),
    ("example 4: cannot beat it, play the lowest", 1, "QH 3H 4H", "10H 2H 9C", "2H"),
    ("example 5: void, so trump", 1, "QH 3H 4H", "10S 2D 9C", "10S"),
    ("example 6: a trump cannot win, so discard", 1, "QH 3H JS", "10S 2D 9C", "2D"),
]


@pytest.mark.weight(2)
@pytest.mark.parametrize(("name", "leader", "trick", "hand", "plays"), EXAMPLES)
def test_course_examples(student, name, leader, trick, hand, plays):
    """BasicStrategy.choose_card plays the course's answer."""
    strategy = student.pkg.whist.basic_strategy.BasicStrategy(student.builtin("Random", 1))
    sent_hand = Value("Hand", hand)
    sent_trick = Value("Trick", f"SPADES|{leader}|{trick}")
    got = student.method(strategy, "choose_card", sent_hand, sent_trick)
    expect_equal(got, card(plays), f"{name}: choose_card(Hand([{hand}]), trick [{trick}])")


def test_leading_plays_an_ace(student):
    """Leading, the highest rank wins the choice whatever its suit."""
    strategy = student.pkg.whist.basic_strategy.BasicStrategy(student.builtin("Random", 1))
    got = student.method(
        strategy, "choose_card", Value("Hand", "KS 2H AD 10C"), Value("Trick", "SPADES|0|")
    )
    expect_equal(got, card("AD"), "leading with Hand([KS 2H AD 10C])")
