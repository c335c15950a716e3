"""Public tests of the ComputerPlayer (phase 2): each step's moves, and turns with one right answer.

The positions are chosen so that every step has at most one move at each moment, so the
whole turn is known in advance.  The hidden tests check turns where your player may
choose, move by move, against the steps (see the rules page).
"""

import pytest
from kings_corner_setup import describe_table, make_computer, make_hand, make_table

from cardlab.testing import Value, expect_equal

WORKED = ("9H", "KC", "8C", "", "KD QS", "", "", "")
"""The worked turn of the rules page; the computer holds KH JH 7D 6S 2C."""

CHAIN = ("9S", "7C", "5H", "QC", "KS", "KC", "", "")
KINGS = ("5D", "4C", "9H", "JS", "KS", "KC", "KD", "")
STUCK = ("9H", "5C", "JD", "2S", "KS", "", "", "")


def moves(*texts):
    return [Value("Move", text) for text in texts]


def as_set(got):
    """Moves that may come in any order, sorted for the comparison."""
    return sorted(got) if isinstance(got, list) else got


STEPS = [
    (
        "king_moves",
        WORKED,
        "KH JH 7D 6S 2C",
        ["L KH 6", "L KH 7", "L KH 8", "M 2 6", "M 2 7", "M 2 8"],
    ),
    ("king_moves", CHAIN, "8H 2S", []),
    ("pile_moves", WORKED, None, ["M 3 1"]),
    ("pile_moves", CHAIN, None, []),
    ("pile_moves", KINGS, None, ["M 2 1"]),
    ("lays_on_piles", WORKED, "KH JH 7D 6S 2C", ["L 7D 3", "L JH 5"]),
    ("lays_on_piles", CHAIN, "8H 2S", ["L 8H 1"]),
    ("lays_on_piles", STUCK, "8H 3C", []),
    ("lays_on_empty_piles", WORKED, "JH 2C", ["L 2C 4", "L JH 4"]),
    ("lays_on_empty_piles", STUCK, "8H 3C", []),
    ("allowed_moves", WORKED, "JH 7D 6S 2C", ["M 2 6", "M 2 7", "M 2 8"]),
    ("allowed_moves", CHAIN, "8H 2S", ["L 8H 1"]),
]


@pytest.mark.part("ai-steps")
@pytest.mark.parametrize(("function", "piles", "hand", "expected"), STEPS)
def test_step_moves(student, function, piles, hand, expected):
    """Each step function lists every move of its step (in any order)."""
    table = make_table(student, piles, "4S")
    args = (table,) if hand is None else (table, make_hand(student, hand))
    got = getattr(student.pkg.computer_player, function)(*args)
    call = f"{function}(table{'' if hand is None else ', hand'}) on:\n" + describe_table(
        piles, hand or "", "4S"
    )
    expect_equal(as_set(got), sorted(moves(*expected)), call)


TURNS = [
    (
        "a chain: lay, pile move, lay on the emptied pile",
        CHAIN,
        "8H 2S",
        "4S 7D",
        ["L 8H 1", "M 2 1", "L 2S 2"],
    ),
    (
        "a King to the corner first",
        KINGS,
        "KH 3D 7C",
        "4S 7D",
        ["L KH 8", "M 2 1", "L 3D 1", "L 7C 2"],
    ),
    ("nothing fits: draw", STUCK, "8H 3C", "4S 7D", ["D"]),
    ("nothing fits and the draw pile is empty", STUCK, "8H 3C", "", []),
]


@pytest.mark.part("ai-turns")
@pytest.mark.weight(2)
@pytest.mark.parametrize(
    ("what", "piles", "hand", "stock", "expected"), TURNS, ids=[turn[0] for turn in TURNS]
)
def test_turns_with_one_right_answer(student, what, piles, hand, stock, expected):
    """take_turn makes exactly these moves through the table (recorded in table.moves)."""
    table = make_table(student, piles, stock)
    computer = make_computer(student, hand)
    computer.take_turn(table, student.pkg.player.Player("You"))
    call = f"ComputerPlayer.take_turn(table, opponent) ({what}) on:\n" + describe_table(
        piles, hand, stock
    )
    expect_equal(table.moves, moves(*expected), f"{call}\ntable.moves")
