"""An honest suite: it checks what the contract says, and catches what it checks."""

from hearts.card import Card
from hearts.rules import hand_scores, trick_points


def cards(text):
    return [Card.from_notation(t) for t in text.split()]


def test_the_queen_of_spades_is_worth_thirteen():
    assert trick_points(cards("QS 2C 3C 4C")) == 13


def test_a_shooter_scores_nothing_and_the_others_twenty_six():
    assert hand_scores([26, 0, 0, 0]) == (0, 26, 26, 26)
