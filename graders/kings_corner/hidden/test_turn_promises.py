"""Hidden tests of promises a person's turn makes beyond the table it shows (phase 3).

The scripted turns of ``test_human_turn_reference`` compare the table before every
prompt and the one line after a bad line; these tests check what the contract of
``HumanPlayer.take_turn`` promises besides: ``H`` and ``A`` print your ``HELP_TEXT``
and ``ABOUT_TEXT``, ``Q`` prints a goodbye before ``QuitGame`` (``Goodbye.`` in the
reference; messages other than ``prompt_lines`` are in your words), and a ``D`` that
draws announces the card drawn (in its two-character notation, as the console shows
every card), and a lay that empties the hand ends the turn at once.  Output is read
between the ``Move>`` prompts.
"""

import pytest
from kings_corner_setup import EXAMPLE, make_computer, make_table

from cardlab.testing import Value, cards, expect_equal, expect_true

pytestmark = pytest.mark.part("human-turn")

PROMPT = "Move>"
HAND = "KC QS TH 9D 6D 2S"


def run_turn(student, typed, stock="2C 4S"):
    """Your ``HumanPlayer("You").take_turn`` on the course's example, with ``typed`` lines."""
    table = make_table(student, EXAMPLE, stock)
    human = student.pkg.human_player.HumanPlayer("You")
    held = human.hand
    for card in cards(HAND):
        held.add(card)
    opponent = make_computer(student, "AH 2H 3H 4H 5H 7H")
    stdin = "".join(f"{line}\n" for line in typed)
    return student.console(human.take_turn, table, opponent, stdin=stdin, seconds=5)


def printed_lines(text):
    """The non-blank lines of ``text``, without the spaces around them."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def after_prompt(out, number):
    """What was printed after prompt ``number`` (1 for the first) and before the next one."""
    segments = out.split(PROMPT)
    return segments[number] if len(segments) > number else ""


@pytest.mark.parametrize(("letter", "constant"), [("H", "HELP_TEXT"), ("a", "ABOUT_TEXT")])
def test_help_and_about_print_their_texts(student, letter, constant):
    """H prints HELP_TEXT and A prints ABOUT_TEXT (yours), then the table and prompt again."""
    run = run_turn(student, [letter, "D"])
    call = f"HumanPlayer.take_turn typed {letter!r} then 'D' on the course's example"
    expect_true(run.raised is None, f"{call}: the turn raised {run.raised}")
    text = student.get(f"human_player.{constant}")
    shown = printed_lines(after_prompt(run.out, 1))
    missing = [line for line in printed_lines(text) if line not in shown]
    expect_true(
        not missing and text.strip() != "",
        f"{call}: the lines of human_player.{constant} between the first two prompts; "
        f"missing: {missing!r}, seen: {shown!r}",
    )


def test_quit_says_goodbye(student):
    """Q prints a goodbye (in your words) and then raises QuitGame."""
    run = run_turn(student, ["L 9D 3", "q"])
    call = "HumanPlayer.take_turn typed 'L 9D 3' then 'q' on the course's example"
    expect_true(
        run.raised is not None and run.raised.is_a("QuitGame"),
        f"{call}: expected QuitGame to be raised, got {run.raised}",
    )
    shown = printed_lines(after_prompt(run.out, 2))
    expect_true(shown != [], f"{call}: a line of goodbye after q, seen nothing")


@pytest.mark.parametrize("stock", ["2C 4S", "7C"])
def test_a_draw_announces_the_card_drawn(student, stock):
    """D with cards to draw: the card drawn (the draw pile's top) is named after the prompt."""
    run = run_turn(student, ["d"], stock=stock)
    drawn = stock.split()[-1]
    call = f"HumanPlayer.take_turn typed 'd' with {drawn} on top of the draw pile"
    expect_true(run.raised is None, f"{call}: the turn raised {run.raised}")
    shown = after_prompt(run.out, 1)
    expect_true(
        drawn in shown.upper(),
        f"{call}: the card drawn, {drawn}, announced after the prompt; seen "
        f"{printed_lines(shown)!r}",
    )


@pytest.mark.weight(2)
@pytest.mark.parametrize(("last", "pile"), [("9D", 3), ("KC", 7)])
def test_a_lay_that_empties_the_hand_ends_the_turn(student, last, pile):
    """Laying the hand's last card ends the turn at once: no prompt after it, no draw."""
    table = make_table(student, EXAMPLE, "2C 4S")
    human = student.pkg.human_player.HumanPlayer("You")
    human.hand.add(cards(last)[0])
    opponent = make_computer(student, "AH 2H 3H 4H 5H 7H")
    typed = f"L {last} {pile}"
    run = student.console(human.take_turn, table, opponent, stdin=f"{typed}\nD\n", seconds=5)
    call = f"HumanPlayer.take_turn holding only {last}, typed {typed!r} then 'D'"
    expect_true(run.raised is None, f"{call}: the turn raised {run.raised}")
    expect_equal(table.moves, [Value("Move", typed)], f"{call}: table.moves")
    expect_equal(run.out.count(PROMPT), 1, f"{call}: how many times the prompt was shown")
