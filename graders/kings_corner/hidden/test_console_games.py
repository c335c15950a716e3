"""Hidden tests of the console program (phase 3): whole games typed by a script.

Each test runs the reference's ``game.main`` in the judge with a scripted person (see
``kings_corner_console``), then types the very same lines into your ``main``.  The
table before every prompt, the one-line answer to every bad line, the penalty lines,
the winner and what ``main`` returns must be the reference's.
"""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from kings_corner_console import compare_runs, run_reference, typed_text

pytestmark = pytest.mark.part("console-games")

SECONDS = 20.0
seeds = st.integers(0, 2**32 - 1)


def play(student, ref, game_seed, script_seed, **script):
    argv = ["--seed", str(game_seed)]
    reference = run_reference(ref, argv, script_seed, **script)
    run = student.console(
        student.pkg.game.main, argv, stdin=typed_text(reference.typed), seconds=SECONDS
    )
    call = (
        f"main({argv!r}) with {len(reference.typed)} lines typed by a script "
        f"(seed {script_seed}; see the rules page for the lines checked)"
    )
    compare_runs(run, reference, call)


@pytest.mark.weight(4)
@settings(max_examples=5)
@given(game_seed=seeds, script_seed=seeds)
def test_whole_games(student, ref, game_seed, script_seed):
    """A whole game with lays, pile moves, draws and bad lines; then 'n' to another game."""
    play(student, ref, game_seed, script_seed)


@pytest.mark.weight(2)
@settings(max_examples=3)
@given(game_seed=seeds, script_seed=seeds)
# two fixed games whose second game shows the deal going on alternating (a new Game would
# start the deal afresh)
@example(game_seed=1, script_seed=1)
@example(game_seed=2, script_seed=2)
def test_two_games(student, ref, game_seed, script_seed):
    """A wrong answer to 'Play another game?', then 'yes': a second game, then 'no'."""
    play(student, ref, game_seed, script_seed, answers=("maybe", "yes", "NO"), bad_share=0.05)


@pytest.mark.weight(2)
@settings(max_examples=5)
@given(game_seed=seeds, script_seed=seeds, after=st.integers(0, 60))
def test_quitting(student, ref, game_seed, script_seed, after):
    """q at any moment ends the program, returning 0."""
    play(student, ref, game_seed, script_seed, stop_after=after, stop_with="q")


@pytest.mark.weight(2)
@settings(max_examples=5)
@given(game_seed=seeds, script_seed=seeds, after=st.integers(0, 60))
def test_input_ending(student, ref, game_seed, script_seed, after):
    """The input ends at any moment: 'Game abandoned.', main returns 1, no traceback."""
    play(student, ref, game_seed, script_seed, stop_after=after)
