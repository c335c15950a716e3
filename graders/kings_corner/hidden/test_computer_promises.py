"""Hidden tests of three promises of the computer's code beyond the moves it makes (phase 2).

The step functions are pure: listing the moves of a step changes neither the table nor
the hand.  The computer's turn says nothing: the game announces its moves, so
``ComputerPlayer.take_turn`` prints no line of its own.  And a computer made without
an ``rng`` makes its choices with a new ``random.Random()``: it plays by the steps too.
Positions come from ``kings_corner_turns.make_position``.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_setup import make_computer, make_hand, make_table
from kings_corner_turns import FAMILIES, make_position, procedure, reference_state

from cardlab.testing import Value, card, expect_conformant, expect_equal, expect_true

STEPS = ("king_moves", "pile_moves", "lays_on_piles", "lays_on_empty_piles", "allowed_moves")


def piles_and_draw_pile(table):
    """The eight piles' cards and the draw pile's cards of a table in your worker."""
    return [[pile.cards for pile in table.piles], table.draw_pile.cards]


@pytest.mark.part("ai-steps")
@settings(max_examples=8)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32 - 1))
def test_step_functions_change_nothing(student, ref, family, seed):
    """After each step function, the table and the hand hold the cards they held before."""
    position = make_position(family, seed, ref)
    table = make_table(student, position.piles, position.stock)
    hand = make_hand(student, position.hand)
    before = [piles_and_draw_pile(table), hand.cards]
    for name in STEPS:
        args = (table,) if name == "pile_moves" else (table, hand)
        getattr(student.pkg.computer_player, name)(*args)
        expect_equal(
            [piles_and_draw_pile(table), hand.cards],
            before,
            f"{name}(...) on this position ({family}, seed {seed}):\n{position.describe()}\n"
            "[the piles and the draw pile, the hand] after the call, as before it",
        )


@pytest.mark.part("ai-turns")
@settings(max_examples=8)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32 - 1))
def test_the_computer_turn_prints_nothing(student, ref, family, seed):
    """ComputerPlayer.take_turn prints nothing (the game announces the computer's moves)."""
    position = make_position(family, seed, ref)
    table = make_table(student, position.piles, position.stock)
    computer = make_computer(student, position.hand, seed)
    run = student.console(computer.take_turn, table, student.pkg.player.Player("You"), seconds=5)
    call = f"ComputerPlayer.take_turn(table, opponent) on this position ({family}, seed {seed}):"
    if run.raised is not None:
        raise AssertionError(f"{call}\n{position.describe()}\n  the turn raised {run.raised}")
    expect_equal(run.out, "", f"{call}\n{position.describe()}\nwhat the turn printed")


@pytest.mark.part("ai-turns")
@settings(max_examples=6)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_computer_made_without_rng_plays_by_the_steps(student, ref, seed):
    """ComputerPlayer("Computer") with no rng (a new random.Random()) plays a turn by the steps."""
    position = make_position("kings_in_hand", seed, ref)
    table = make_table(student, position.piles, position.stock)
    computer = student.pkg.computer_player.ComputerPlayer("Computer")
    held = computer.hand
    for text in position.hand.split():
        held.add(card(text))
    context = (
        f"ComputerPlayer('Computer').take_turn(table, opponent) on this position "
        f"(kings_in_hand, seed {seed}):\n{position.describe()}"
    )
    run = student.console(computer.take_turn, table, student.pkg.player.Player("You"), seconds=5)
    if run.raised is not None:
        raise AssertionError(f"{context}\n  the turn raised {run.raised}")
    moves = [move.text for move in table.moves]
    expect_conformant(procedure(ref), reference_state(ref, position), moves, context)


@pytest.mark.part("ai-turns")
@settings(max_examples=6)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 2**32 - 1))
def test_the_same_generator_makes_the_same_turn(student, ref, family, seed):
    """Two computers given random.Random(seed) make the same turn on the same position:
    the choices within a step come from the generator given, not from ``random`` itself."""
    position = make_position(family, seed, ref)
    turns = []
    for _ in range(2):
        table = make_table(student, position.piles, position.stock)
        computer = make_computer(student, position.hand, seed)
        student.call(computer.take_turn, table, student.pkg.player.Player("You"), _seconds=5)
        turns.append([move.text for move in table.moves])
    expect_equal(
        turns[1],
        turns[0],
        f"two ComputerPlayer('Computer', random.Random({seed})) playing a turn on this "
        f"position ({family}):\n{position.describe()}\nthe second turn's moves, like the first's",
    )


@pytest.mark.part("ai-turns")
def test_choose_picks_one_of_the_moves_it_is_given(student):
    """choose(moves) returns one of the moves, and leaves the list as it was given.

    The moves are those of one step, as ``take_turn`` would hand them: lays of the cards
    held on piles that fit them.
    """
    moves = [Value("Move", text) for text in ("L 4S 1", "L 9H 2", "L KH 5", "L 4S 3")]
    computer = make_computer(student, "4S KH 9H")
    for _ in range(3):
        got = student.method(computer, "choose", list(moves))
        expect_true(got in moves, f"choose([{', '.join(m.text for m in moves)}]) gave {got!r}")
