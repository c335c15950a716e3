"""Part 2: Trick.play raises IllegalMove (the course's five cases, and legal plays accepted)."""

import pytest
from cardgame_setup import expect_illegal_move, make_player, trick_so_far, trumps_text

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("illegal-moves")

# trumps, cards played so far (NORTH leads), who plays, their hand, the card they play
ILLEGAL = {
    "card not in hand": ("H", "", "N", "2H 3H", "4H"),
    "SOUTH plays when EAST is next": ("H", "2C", "S", "3C 4C", "3C"),
    "a trump while holding the led suit": ("C", "2H", "E", "3H 4C", "4C"),
    "another suit while holding the led suit": ("C", "2H", "E", "3H 4D", "4D"),
    "another suit while holding the led suit, no trumps": (None, "2H", "E", "3H 4D", "4D"),
}

LEGAL = {
    "the leader plays any card": ("H", "", "N", "2H 3C", "3C"),
    "following suit": ("C", "2H", "E", "3H 4C", "3H"),
    "a trump when out of the led suit": ("C", "2H", "E", "4C 5D", "4C"),
    "any card when out of the led suit": ("S", "2H 3H", "S", "4C 5D", "5D"),
    "the last player follows": (None, "2H 3H 4H", "W", "5H 6S", "5H"),
}


def describe(trumps, played, who, hand, text):
    table = f"cards played {played}" if played else "no card played yet"
    return f"Trick led by NORTH, {trumps_text(trumps)}, {table}: {who} holding {hand} plays {text}"


@pytest.mark.parametrize("case", ILLEGAL.values(), ids=ILLEGAL.keys())
def test_invalid_play(student, case):
    """Trick.play raises IllegalMove, and the trick keeps only the cards played before."""
    trumps, played, who, hand, text = case
    trick, _ = trick_so_far(student, trumps, played)
    player = make_player(student, who, hand)
    call = describe(*case)
    expect_illegal_move(student, call, lambda: trick.play(player, card(text)))
    expect_equal(trick.cards, cards(played), f"{call}; then trick.cards")


@pytest.mark.parametrize("case", LEGAL.values(), ids=LEGAL.keys())
def test_valid_play(student, case):
    """Trick.play accepts a legal card and adds it to the trick."""
    trumps, played, who, hand, text = case
    trick, _ = trick_so_far(student, trumps, played)
    player = make_player(student, who, hand)
    trick.play(player, card(text))
    expect_equal(trick.cards, cards(f"{played} {text}"), f"{describe(*case)}; then trick.cards")
