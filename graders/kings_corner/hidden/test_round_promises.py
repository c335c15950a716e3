"""Hidden tests of promises of rounds that whole games do not show (phase 3).

- A stalemate is two turns in a row without a move, not three: a person whose turn
  makes no move, then a computer that cannot move, end the round, and the person is
  asked for one command only.  And the two turns must follow each other: a turn with a
  move in between starts the count again.
- ``Game.play_round`` prints who deals, announces each of the computer's moves in one
  line of its own, in free wording, in the order made, and ends with the two penalty
  lines.  The computer's moves of the round are those of the reference with the same
  seeds; the lines read are the non-blank lines your ``play_round`` printed, in order.
  At the console a card is its notation and a pile its number, so the line of a lay
  names the card and the pile, the line of a pile move names both piles, and a draw
  takes a line of any words.  Who deals is in free wording too: only its line is
  counted (at least one line besides the moves' and the two penalty lines).
- ``winner_line`` and ``penalty_line`` give the fixed lines, a tie included (whole games
  seldom end in a tie).
"""

import contextlib
import io
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_setup import make_computer, make_table

from cardlab.testing import cards, expect_equal, expect_same_object, expect_true

STUCK = ("9H", "5C", "JD", "2S", "KS", "KC", "KH", "KD")
"""No card of the hands below fits anywhere, and no pile can move."""

ROUNDS = 2
"""Rounds played in each game of the announcement test."""


@pytest.mark.part("rules")
@pytest.mark.parametrize("typed", [["D"], ["h", "D"]], ids=["D", "h then D"])
def test_two_turns_without_a_move_end_the_round(student, typed):
    """A person's turn without a move, then the computer's: a stalemate, one command asked."""
    table = make_table(student, STUCK, "")
    human = student.pkg.human_player.HumanPlayer("You")
    held = human.hand
    for card in cards("8H 3C"):
        held.add(card)
    computer = make_computer(student, "4C 6D 7H")
    stdin = "".join(f"{line}\n" for line in [*typed, "D", "D"])
    run = student.console(student.pkg.game.play_round, table, human, computer, stdin=stdin)
    call = (
        f"play_round(table, you, computer) on a table where nobody can move and the draw "
        f"pile is empty, typing {typed!r} then more D lines"
    )
    expect_true(run.raised is None, f"{call}: raised {run.raised}")
    expect_equal(
        [run.result, run.out.count("Move>")],
        [True, len(typed)],
        f"{call}\n[play_round's result, how many times Move> was shown]",
    )


@pytest.mark.part("rules")
def test_a_turn_with_a_move_starts_the_stalemate_count_again(student):
    """Quiet, a lay, quiet, quiet: the round goes on after the lay and ends at the last turn.

    Two people play, both ``HumanPlayer`` typing at the console, so each turn shows one
    ``Move>`` prompt per command: "D" (no move), "L 8S 1" then "D" (a lay), "D", "D".
    """
    table = make_table(student, STUCK, "")
    you = student.pkg.human_player.HumanPlayer("You")
    other = student.pkg.human_player.HumanPlayer("Computer")
    for player, held in ((you, "8H 3C"), (other, "8S 4C")):
        hand = player.hand
        for card in cards(held):
            hand.add(card)
    typed = ["D", "L 8S 1", "D", "D", "D"]
    stdin = "".join(f"{line}\n" for line in [*typed, "D", "D"])
    run = student.console(student.pkg.game.play_round, table, you, other, stdin=stdin)
    call = (
        "play_round(table, you, other) with two people and an empty draw pile, where only "
        f"the second can lay (8S on 9H, pile 1), typing {typed!r} then more D lines"
    )
    expect_true(run.raised is None, f"{call}: raised {run.raised}")
    expect_equal(
        [run.result, run.out.count("Move>")],
        [True, len(typed)],
        f"{call}\n[play_round's result, how many times Move> was shown]: the lay ends the "
        "first quiet stretch, so the stalemate is the last two turns",
    )


@pytest.mark.part("rules")
def test_a_players_hand_is_the_same_object_for_its_whole_life(student):
    """Rounds dealt one after another refill each player's hand, never a new one."""
    rng = student.builtin("Random", 7)
    you = student.pkg.computer_player.ComputerPlayer("You", student.builtin("Random", 8))
    computer = student.pkg.computer_player.ComputerPlayer("Computer", rng)
    game = student.pkg.game.Game(you, computer, rng)
    made = "ComputerPlayer(name, rng), seated in Game(you, computer, rng)"
    for player, label in ((you, "you"), (computer, "computer")):
        expect_same_object(
            student,
            player,
            "hand",
            between=lambda: (game.deal(), game.deal()),
            label=label,
            made=made,
            during="two rounds dealt by game.deal()",
        )


def reference_announced(ref, seed):
    """The computer's moves of each of the first ``ROUNDS`` rounds, in the reference."""
    rng = random.Random(seed)
    you = ref.computer_player.ComputerPlayer("You", random.Random(seed + 1))
    computer = ref.computer_player.ComputerPlayer("Computer", rng)
    game = ref.game.Game(you, computer, rng)
    rounds = []

    def record(player, moves):
        if player is computer:
            rounds[-1].extend(move for move in moves)

    game._announce = record
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(ROUNDS):
            rounds.append([])
            game.play_round()
    return rounds


def words(line):
    """The words of a line, in upper case (``Computer lays 7H on pile 3.`` has ``7H``, ``3``)."""
    return re.findall(r"[0-9A-Z]+", line.upper())


def named_by(line, move):
    """Whether ``line`` can be the announcement of ``move``."""
    said = words(line)
    if move.kind == "L":
        return move.card.notation in said and str(move.target) in said
    if move.kind == "M":
        return str(move.source) in said and str(move.target) in said
    return True


def unannounced(lines, moves):
    """The first of ``moves`` with no line of its own after the previous move's, or None."""
    position = 0
    for move in moves:
        while position < len(lines) and not named_by(lines[position], move):
            position += 1
        if position == len(lines):
            return move
        position += 1
    return None


@pytest.mark.part("console-games")
@pytest.mark.weight(2)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32 - 1))
def test_each_computer_move_is_announced_in_a_line(student, ref, seed):
    """Game.play_round of two computers: who deals, then a line for each computer move."""
    expected = reference_announced(ref, seed)
    rng = student.builtin("Random", seed)
    you = student.pkg.computer_player.ComputerPlayer("You", student.builtin("Random", seed + 1))
    computer = student.pkg.computer_player.ComputerPlayer("Computer", rng)
    game = student.pkg.game.Game(you, computer, rng)
    call = (
        f"Game(ComputerPlayer('You', random.Random({seed + 1})), "
        f"ComputerPlayer('Computer', rng), rng) with rng = random.Random({seed})"
    )
    for number, moves in enumerate(expected, start=1):
        run = student.console(game.play_round, seconds=10)
        expect_true(run.raised is None, f"{call}: round {number}: play_round() raised {run.raised}")
        lines = [line.strip() for line in run.out.splitlines() if line.strip()]
        missing = unannounced(lines, moves)
        expect_true(
            missing is None,
            f"{call}: round {number}: the computer's moves were "
            f"{[move.notation for move in moves]}; no line of its own announces "
            f"{None if missing is None else missing.notation!r} in what play_round() "
            f"printed:\n" + "\n".join(f"    | {line}" for line in lines),
        )
        expect_true(
            len(lines) >= len(moves) + 3,
            f"{call}: round {number}: at least {len(moves) + 3} lines (who deals, one line "
            f"for each of the computer's {len(moves)} moves, the two penalty lines); "
            f"play_round() printed {len(lines)}:\n" + "\n".join(f"    | {line}" for line in lines),
        )


@pytest.mark.part("rules")
@pytest.mark.parametrize(("human", "computer"), [(3, 25), (30, 12), (26, 26), (25, 25), (0, 0)])
def test_winner_and_penalty_lines_like_the_reference(student, ref, human, computer):
    """winner_line and penalty_line are the reference's lines, a tie included."""
    label = "Penalty points in this game"
    expect_equal(
        [
            student.pkg.game.winner_line(human, computer),
            student.pkg.game.penalty_line(label, human, computer),
        ],
        [ref.game.winner_line(human, computer), ref.game.penalty_line(label, human, computer)],
        f"[winner_line({human}, {computer}), penalty_line({label!r}, {human}, {computer})]",
    )
