"""Hidden tests of promises of the console program beyond the lines the games compare (phase 3).

``test_console_games`` compares the tables before every ``Move>`` prompt, the penalty
and winner lines and what ``main`` returns.  These tests check the rest of what the
contract of ``game.main`` and ``ask_again`` promises:

- ``Play another game? (y/n) `` is asked after every game, and asked again after an
  answer other than y, yes, n or no (in any case);
- declining another game prints ``Goodbye.``;
- when the input ends, at any moment, the line ``Game abandoned.``; and the same, with
  ``main`` returning 1 and no traceback, when the person presses Ctrl-C;
- ``--help`` stops with ``SystemExit`` status 0, wrong options with status 2.

The lines typed are those a scripted person typed into the reference
(``kings_corner_console.run_reference``).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_console import QUESTION, output_lines, run_reference, typed_text

from cardlab.testing import expect_equal, expect_true

pytestmark = pytest.mark.part("console-games")

SECONDS = 20.0
seeds = st.integers(0, 2**32 - 1)


def printed_lines(text):
    """The non-blank lines of ``text``, each prompt ending its line (``output_lines``)."""
    return [line for line in output_lines(text) if line]


def run_both(student, ref, game_seed, script_seed, interrupt=False, **script):
    """The reference's scripted run, and your ``main`` given the same lines.

    With ``interrupt``, the person presses Ctrl-C at the prompt after the last line.
    """
    argv = ["--seed", str(game_seed)]
    reference = run_reference(ref, argv, script_seed, **script)
    run = student.console(
        student.pkg.game.main,
        argv,
        stdin=typed_text(reference.typed),
        seconds=SECONDS,
        interrupt=interrupt,
    )
    lines = len(reference.typed)
    call = f"main({argv!r}) with {lines} lines typed by a script (seed {script_seed})"
    if interrupt:
        call += ", then Ctrl-C"
    if run.raised is not None:
        raise AssertionError(f"{call}\n  your program raised {run.raised.type_name}: {run.raised}")
    return reference, run, call


@settings(max_examples=2)
@given(game_seed=seeds, script_seed=seeds)
def test_another_game_is_asked_until_answered_then_goodbye(student, ref, game_seed, script_seed):
    """The question after each game, again after a wrong answer; 'Goodbye.' after no."""
    answers = ("maybe", "Y", "", "no")
    reference, run, call = run_both(
        student, ref, game_seed, script_seed, answers=answers, bad_share=0.05
    )
    expect_equal(
        run.out.count(QUESTION),
        reference.out.count(QUESTION),
        f"{call}, answering {answers!r} to the question: how many times {QUESTION!r} was asked",
    )
    last = printed_lines(run.out.rpartition(QUESTION)[2])
    expect_true(
        "Goodbye." in last, f"{call}: the line 'Goodbye.' after the answer 'no'; seen {last!r}"
    )


@settings(max_examples=3)
@given(game_seed=seeds, script_seed=seeds, after=st.integers(0, 40))
def test_the_input_ending_prints_game_abandoned(student, ref, game_seed, script_seed, after):
    """The input ends after any number of commands: the line 'Game abandoned.'.

    No answer to ``Play another game?`` is typed either: a game over before the last
    command meets the end of the input there.
    """
    _, run, call = run_both(student, ref, game_seed, script_seed, answers=(), stop_after=after)
    expect_true(
        "Game abandoned." in printed_lines(run.out),
        f"{call}, the input ending after {after} commands: the line 'Game abandoned.'",
    )


@settings(max_examples=3)
@given(game_seed=seeds, script_seed=seeds, after=st.integers(0, 40))
def test_ctrl_c_abandons_the_game(student, ref, game_seed, script_seed, after):
    """Ctrl-C after any number of commands: the line 'Game abandoned.', and main returns 1.

    As with the end of the input, a game over before the last command meets Ctrl-C at
    ``Play another game?``.
    """
    _, run, call = run_both(
        student, ref, game_seed, script_seed, interrupt=True, answers=(), stop_after=after
    )
    expect_true(
        "Game abandoned." in printed_lines(run.out),
        f"{call}: the line 'Game abandoned.' when the person presses Ctrl-C",
    )
    expect_equal(run.result, 1, f"{call}: what main returns when the person presses Ctrl-C")


@pytest.mark.parametrize(
    ("argv", "status"),
    [(["--help"], "0"), (["--seed", "x"], "2"), (["--colour", "red"], "2"), (["7"], "2")],
    ids=["--help", "--seed x", "--colour red", "7"],
)
def test_options_like_argparse(student, argv, status):
    """--help stops with SystemExit status 0; wrong options with status 2."""
    run = student.console(student.pkg.game.main, argv, stdin="q\n", seconds=5)
    raised = "nothing" if run.raised is None else f"{run.raised.type_name} {run.raised.message!r}"
    ok = run.raised is not None and run.raised.is_a("SystemExit")
    expect_true(
        ok and run.raised.message in ((status, "") if status == "0" else (status,)),
        f"main({argv!r}): expected SystemExit with status {status} (what argparse does), "
        f"got {raised}",
    )
