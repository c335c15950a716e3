"""Public tests of Player (phase 1): hand, playing, choosing, cards taken."""

import pytest

from cardlab.testing import Value, card, cards, expect_equal

pytestmark = pytest.mark.part("player")


def holding(student, text, seed=0):
    player = student.pkg.player.Player("North", student.builtin("Random", seed))
    player.take_cards(cards(text))
    return player


def test_hand_is_sorted(student):
    """The hand is shown sorted: clubs, diamonds, spades, hearts, low to high."""
    player = holding(student, "2H AS 10C 3D")
    expect_equal(player.hand, cards("10C 3D AS 2H"), "hand after take_cards([2H AS 10C 3D])")


def test_play(student):
    """play removes the card and returns it; a card not held raises ValueError."""
    player = holding(student, "2H AS")
    expect_equal(player.play(card("AS")), card("AS"), "play(AS) holding [2H AS]")
    expect_equal(player.hand, cards("2H"), "hand after play(AS)")
    with student.raises("ValueError"):
        player.play(card("KS"))


def test_take_a_card_twice(student):
    """A card already held cannot be dealt again."""
    player = holding(student, "2H AS")
    with student.raises("ValueError"):
        player.take_cards(cards("AS"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_choose_with_the_generator(student, seed):
    """choose is rng.choice over the legal plays, in their sorted order."""
    import random

    legal = cards("9C 5C")
    expected = random.Random(seed).choice([card("5C"), card("9C")])
    player = holding(student, "5C 9C AS 3H KH", seed)
    situation = Value("Situation", "5C 9C AS 3H KH|4C|0|0")
    call = f"choose(...) with Random({seed}), legal {legal}"
    expect_equal(player.choose(situation), expected, call)


def test_points_taken(student):
    """Cards taken are kept in order; their penalty points add up."""
    player = holding(student, "2C")
    player.collect(cards("QS 2H 3C 4C"))
    player.collect(cards("5H 6H 7C 8C"))
    expect_equal(player.points_taken, 16, "points_taken after taking QS 2H 3C 4C, 5H 6H 7C 8C")
    expect_equal(player.taken, cards("QS 2H 3C 4C 5H 6H 7C 8C"), "taken")
    player.start_hand()
    expect_equal(player.taken, [], "taken after start_hand()")
    expect_equal(player.hand, [], "hand after start_hand()")
