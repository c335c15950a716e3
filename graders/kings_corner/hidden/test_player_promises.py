"""Hidden tests of the promises of ``Player`` itself (phase 3).

Games and rounds use ``HumanPlayer`` and ``ComputerPlayer``; these tests check what the
base class promises on its own: ``str`` of a player is its name, its hand is one
object for its whole life, and ``take_turn`` of the base class raises
``NotImplementedError``.
"""

import pytest
from kings_corner_setup import EXAMPLE, make_table

from cardlab.testing import cards, expect_equal

pytestmark = pytest.mark.part("rules")


@pytest.mark.parametrize("name", ["Ann", "Computer", "You"])
def test_str_of_a_player_is_its_name(student, name):
    """str(Player(name)), str(HumanPlayer(name)) and player.name are the name given."""
    for kind in ("player.Player", "human_player.HumanPlayer"):
        player = student.get(kind)(name)
        expect_equal(student.builtin("str", player), name, f"str({kind}({name!r}))")
        expect_equal(student.attr(player, "name"), name, f"{kind}({name!r}).name")


def test_the_hand_is_one_object(student):
    """player.hand is the same object before and after cards are added and penalty() read."""
    player = student.pkg.player.Player("Ann")
    hand = player.hand
    for card in cards("KH 7C"):
        hand.add(card)
    expect_equal(student.builtin("is", player.hand, hand), True, "player.hand is player.hand")
    expect_equal(player.penalty(), 11, "Player('Ann') holding KH 7C: penalty()")


def test_the_base_class_does_not_play(student):
    """Player(name).take_turn(table, opponent) raises NotImplementedError."""
    player = student.pkg.player.Player("Ann")
    with student.raises("NotImplementedError"):
        player.take_turn(make_table(student, EXAMPLE, "2C"), student.pkg.player.Player("Bob"))
