"""Part 3: cloning a game (the course's five clone scenarios).

A SingleHandWhist (trumps Hearts, NORTH leads) is dealt a fixed deck of 16 cards, four
each. Some cards are played, the game is cloned, and then the original and the clone
play different continuations: each must end with its own tricks and points.
"""

import pytest
from cardgame_setup import clone_of, counts, play_moves

from cardlab.testing import cards, expect_equal

pytestmark = pytest.mark.part("cloning")

# Dealt one card at a time from NORTH: N holds AH 2C 3D 4S, E KH QH 4D 5S (no club),
# S 2H AC 5D 6S, W 3H KC AD 7S.
DECK = "AH KH 2H 3H 2C QH AC KC 3D 4D 5D AD 4S 5S 6S 7S"

# moves before the clone, the original's continuation, the clone's continuation,
# then tricks won and scores expected of the original, and of the clone
SCENARIOS = {
    "clone after one trick": (
        "N:AH E:KH S:2H W:3H",
        "N:2C E:QH S:AC W:KC", "N:3D E:4D S:5D W:AD",
        ("N1 E1", ""), ("N1 W1", ""),
    ),
    "clone before any card": (
        "",
        "N:AH E:KH S:2H W:3H", "N:4S E:5S S:6S W:7S",
        ("N1", ""), ("W1", ""),
    ),
    "the original plays to the end of the hand": (
        "N:2C E:4D S:AC W:KC",
        "S:2H W:3H N:AH E:KH N:3D E:QH S:5D W:AD E:5S S:6S W:7S N:4S",
        "S:6S W:7S N:4S E:5S",
        ("", "N1 E1 S1 W1"), ("S1 W1", ""),
    ),
    "the winner of the trick leads on both": (
        "N:3D E:4D S:5D W:AD",
        "W:3H N:AH E:KH S:2H", "W:KC N:2C E:QH S:AC",
        ("W1 N1", ""), ("W1 E1", ""),
    ),
    "clone in the middle of a trick": (
        "N:2C",
        "E:QH S:AC W:KC", "E:4D S:AC W:KC",
        ("E1", ""), ("S1", ""),
    ),
}


def expect_state(game, name, expected, moves):
    tricks, scores = expected
    where = f"{name} after the moves {moves}" if moves else f"{name}"
    expect_equal(game.tricks_won(), counts(tricks), f"{where}: tricks_won()")
    expect_equal(game.scores(), counts(scores), f"{where}: scores()")


@pytest.mark.parametrize("scenario", SCENARIOS.values(), ids=SCENARIOS.keys())
def test_valid_clone(student, scenario):
    """The original and its clone play on independently of each other."""
    before, original_moves, clone_moves, original_expected, clone_expected = scenario
    game = student.pkg.variations.SingleHandWhist()
    game.deal(cards(DECK))
    play_moves(game, before)
    twin = clone_of(student, game)
    play_moves(game, original_moves)
    play_moves(twin, clone_moves)
    prefix = f"dealt {DECK}, played {before or 'nothing'}, cloned;"
    expect_state(game, f"{prefix} the original", original_expected, original_moves)
    expect_state(twin, f"{prefix} the clone", clone_expected, clone_moves)
