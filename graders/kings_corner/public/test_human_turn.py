"""Public tests of a person's turn (phase 3): the lines shown, commands, bad input."""

import pytest
from kings_corner_setup import EXAMPLE, make_computer, make_table

from cardlab.testing import Value, cards, expect_equal, expect_true

pytestmark = pytest.mark.part("human-turn")

EXAMPLE_LINES = [
    "Pile 1: 8S 7H 6C 5D",
    "Pile 2: AD",
    "Pile 3: JD TC",
    "Pile 4: 6H 5S 4D 3S",
    "Pile 5: KH",
    "Pile 6: KS QH JS TD 9S",
    "Pile 7:",
    "Pile 8:",
    "Computer Player has 6 cards",
    "Your hand: KC QS TH 9D 6D 2S",
]
PROMPT = "Move>"


def test_prompt_lines(student):
    """prompt_lines shows the course's example exactly, the hand sorted highest first."""
    table = make_table(student, EXAMPLE, "2C")
    hand = student.pkg.piles.PlayerHand(cards("6D 2S TH KC 9D QS"))
    expect_equal(
        student.pkg.human_player.prompt_lines(table, hand, 6),
        EXAMPLE_LINES,
        "prompt_lines(table, hand, 6)",
    )
    expect_equal(
        student.pkg.human_player.count_line(1), "Computer Player has 1 card", "count_line(1)"
    )


@pytest.mark.parametrize(
    ("line", "letter", "move"),
    [
        ("q", "Q", None),
        ("H", "H", None),
        ("a", "A", None),
        ("d", "D", "D"),
        ("l 7h 3", "L", "L 7H 3"),
        ("L  TD   8", "L", "L TD 8"),
        ("m 1 5", "M", "M 1 5"),
    ],
)
def test_parse_command(student, line, letter, move):
    """parse_command reads commands in either case."""
    expected = [letter, None if move is None else Value("Move", move)]
    expect_equal(student.pkg.human_player.parse_command(line), expected, f"parse_command({line!r})")


@pytest.mark.parametrize(
    "line", ["", "x", "L", "L 1X 3", "L K 3", "L 7H 9", "L 7H a", "M 1", "M 0 2", "D 3"]
)
def test_parse_command_refuses(student, line):
    """parse_command raises CommandError for what is not a command."""
    with student.raises("CommandError"):
        student.pkg.human_player.parse_command(line)


def run_turn(student, typed, hand="KC QS TH 9D 6D 2S", stock="2C 4S"):
    table = make_table(student, EXAMPLE, stock)
    human = student.pkg.human_player.HumanPlayer("You")
    held = human.hand
    for card in cards(hand):
        held.add(card)
    opponent = make_computer(student, "AH 2H 3H 4H 5H 7H")
    stdin = "".join(f"{line}\n" for line in typed)
    run = student.console(human.take_turn, table, opponent, stdin=stdin)
    return run, table, human


def test_a_turn_of_lays_then_a_draw(student):
    """Lays and a pile move, then D: recorded in table.moves; a table before each prompt."""
    run, table, human = run_turn(
        student, ["L 9D 3", "m 1 3", "l 2S 1", "D"], hand="KC QS TH 9D 6D 2S"
    )
    expect_true(run.raised is None, f"the turn raised {run.raised}")
    expect_equal(
        table.moves,
        [Value("Move", t) for t in ("L 9D 3", "M 1 3", "L 2S 1", "D")],
        "after typing L 9D 3, m 1 3, l 2S 1, D: table.moves",
    )
    expect_equal(human.hand.sorted_cards, cards("KC QS TH 6D 4S"), "your hand after the turn")
    expect_equal(run.out.count(PROMPT), 4, "how many times the prompt Move> was shown")


@pytest.mark.parametrize(
    "bad",
    [
        "x",
        "",
        "L 1X 3",
        "L K 3",
        "L AH 1",
        "L 7H 12",
        "L 7H a",
        "L 6D 2",
        "M 2 1",
        "M 5 1",
        "M 9 1",
    ],
)
def test_a_bad_line_gets_one_line_and_the_prompt_again(student, bad):
    """A bad line: one line of message, the table and the prompt again; nothing changes."""
    run, table, _ = run_turn(student, [bad, "D"])
    expect_true(run.raised is None, f"typing {bad!r} then D: the turn raised {run.raised}")
    expect_equal(table.moves, [Value("Move", "D")], f"typing {bad!r} then D: table.moves")
    parts = run.out.split(PROMPT)
    between = parts[1] if len(parts) > 2 else ""
    shown = [line for line in between.splitlines() if line.strip()]
    others = [
        line
        for line in shown
        if line.rstrip() not in EXAMPLE_LINES[:8]
        and not line.startswith(("Computer Player has", "Your hand:"))
    ]
    expect_equal(
        len(others),
        1,
        f"typing {bad!r}: lines between the two prompts other than "
        f"the table (expected one message line, got {others!r})",
    )


def test_quit_and_end_of_input(student):
    """Q raises QuitGame; the end of input raises EOFError (main turns it into a clean stop)."""
    run, _, _ = run_turn(student, ["q"])
    expect_true(
        run.raised is not None and run.raised.is_a("QuitGame"),
        f"typing q: expected QuitGame to be raised, got {run.raised}",
    )
    run, _, _ = run_turn(student, [])
    expect_true(
        run.raised is not None and run.raised.is_a("EOFError"),
        f"typing nothing: expected EOFError, got {run.raised}",
    )
