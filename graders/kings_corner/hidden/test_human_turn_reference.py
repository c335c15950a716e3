"""Hidden tests of a person's turn (phase 3): scripted turns on set positions, as the reference.

A position of ``kings_corner_turns`` is set up on both sides, with your ``HumanPlayer``
holding the hand.  A script types lays, pile moves, help, bad lines (a third of the time)
and finally ``D``, or ends with ``q`` or the end of input.  The table before every
prompt, one line of message after each bad line, the moves recorded by the table, the
hand after the turn and how the turn ended must be the reference's.
"""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_console import compare_runs, run_reference_turn, typed_text
from kings_corner_setup import describe_table, make_computer, make_table
from kings_corner_turns import FAMILIES, make_position

from cardlab.testing import card, expect_equal

pytestmark = pytest.mark.part("human-turn")

ENDINGS = ("D", "q", "end of input")


@pytest.mark.weight(4)
@settings(max_examples=20)
@given(
    family=st.sampled_from(FAMILIES),
    seed=st.integers(0, 2**32 - 1),
    ending=st.sampled_from(ENDINGS),
    after=st.integers(0, 12),
)
def test_turns_like_the_reference(student, ref, family, seed, ending, after):
    """A scripted turn: the tables shown, the answers to bad lines, the moves and the hand."""
    position = make_position(family, seed, ref)
    Card = ref.card.Card.from_notation
    piles = [
        ref.piles.LaydownPile(n, [Card(c) for c in text.split()])
        for n, text in enumerate(position.piles, start=1)
    ]
    table = ref.table.Table(ref.piles.DrawPile([Card(c) for c in position.stock.split()]), piles)
    human = ref.human_player.HumanPlayer("You")
    for text in position.hand.split():
        human.hand.add(Card(text))
    opponent = ref.computer_player.ComputerPlayer("Computer", random.Random(seed))
    for text in ("AH", "2H", "3H")[: seed % 3 + 1]:
        if text not in position.hand.split() and text not in position.stock.split():
            opponent.hand.add(Card(text))
    stop = {"D": (None, None), "q": (after, "q"), "end of input": (after, None)}[ending]
    script = run_reference_turn(
        ref, table, human, opponent, seed, stop_after=stop[0], stop_with=stop[1]
    )

    student_table = make_table(student, position.piles, position.stock)
    student_human = student.pkg.human_player.HumanPlayer("You")
    held = student_human.hand
    for text in position.hand.split():
        held.add(card(text))
    student_opponent = make_computer(student, " ".join(c.notation for c in opponent.hand), seed)
    run = student.console(
        student_human.take_turn,
        student_table,
        student_opponent,
        stdin=typed_text(script.typed),
        seconds=5,
    )
    call = (
        f"HumanPlayer.take_turn(table, opponent) with the lines {script.typed!r} typed, on "
        f"this position ({family}, seed {seed}):\n"
        f"{describe_table(position.piles, position.hand, position.stock)}"
    )
    if script.result is not None:
        if run.raised is None or not run.raised.is_a(script.result):
            raised = "nothing" if run.raised is None else run.raised.type_name
            raise AssertionError(
                f"{call}\n  expected the turn to raise {script.result}, it raised {raised}"
            )
        run = dataclasses.replace(run, raised=None)
    compare_runs(run, script, call, check_result=False)
    expect_equal(
        [student_table.moves, student_human.hand.cards],
        [ref.canon(table.moves), ref.canon(human.hand.cards)],
        f"{call}\n[table.moves, your hand after the turn]",
    )
