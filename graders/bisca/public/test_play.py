"""Public tests of the console game (phase 1): whole games, prompts, bad entries, end of input.

Every test runs your ``play.main(argv)`` as a console program: the answers below are
typed into it, one per line, and what it prints is read back. All other modules (Deck,
Board, AutoPlayer...) are the provided ones, so a seeded game built with the recipe of
``main``'s docstring always deals the same cards, and the computer always answers the same
way: the final scores below were worked out once from that recipe. The helpers that run
a game and word the failure messages are in ``bisca_console.py``.
"""

import re

import pytest
from bisca_console import (
    HAND_SIZES,
    PROMPT,
    STATE_LINES,
    check_abandoned,
    check_final_score,
    check_outcome,
    check_prompts,
    check_same_end,
    check_wrong_answer_messages,
    failure,
    in_symbols,
    raised_text,
    run_game,
    segments,
    shows_card,
    state_of,
    symbol,
    unnumbered_cards,
)

# The human's hand has 3 cards in rounds 1-18, then 2, then 1 (the stock runs out after
# round 17), whoever leads. So these answer lists are valid in every game:
ONES = ["1"] * 20                                        # always the first card
LAST = ["3"] * 18 + ["2", "1"]                           # always the last card
SECOND = ["2"] * 19 + ["1"]                              # the second card while there is one

# (id, argv, answers, your points, computer's points): the reference's final scores.
GAMES = [
    ("seed-3-default-first-ones", ["--seed", "3"], ONES, 23, 97),
    ("seed-3-computer-ones", ["--seed", "3", "--first", "computer"], ONES, 63, 57),
    ("seed-31-computer-ones-tie", ["--seed", "31", "--first", "computer"], ONES, 60, 60),
    ("seed-7-human-ones", ["--seed", "7", "--first", "human"], ONES, 50, 70),
    ("seed-11-human-last", ["--seed", "11", "--first", "human"], LAST, 75, 45),
    ("seed-7-computer-last", ["--seed", "7", "--first", "computer"], LAST, 6, 114),
    ("seed-42-computer-second-tie", ["--seed", "42", "--first", "computer"], SECOND, 60, 60),
    ("seed-47-human-second", ["--seed", "47", "--first", "human"], SECOND, 69, 51),
]

# The bad-entry tests play this game with and without bad entries before the answers.
BAD_GAME_ARGV = ["--seed", "7", "--first", "computer"]
BAD_ENTRIES = ["x", "0", "9", "", "1.5", "-1", "one"]

# The first human turn of a few games: (id, argv, trump card, table, hand), in notation.
FIRST_TURNS = [
    ("seed-3-human", ["--seed", "3", "--first", "human"], "QH", [], ["QS", "7H", "JC"]),
    ("seed-3-computer", ["--seed", "3", "--first", "computer"], "QH", ["QS"],
     ["6H", "5S", "3D"]),
    ("seed-31-computer", ["--seed", "31", "--first", "computer"], "2S", ["2C"],
     ["AC", "AH", "QH"]),
]
FIRST_STOCK_SIZE = 34  # 40 cards, 3 dealt to each player


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.part("play-game")
@pytest.mark.parametrize(("argv", "answers", "you", "computer"),
                         [pytest.param(*game[1:], id=game[0]) for game in GAMES])
def test_whole_game_final_score(student, argv, answers, you, computer):
    """A whole seeded game ends with the right line 'Final score: you N, computer M'."""
    run = run_game(student, argv, answers)
    check_final_score(run, argv, answers, you, computer)


@pytest.mark.part("play-game")
@pytest.mark.parametrize(("argv", "answers", "you", "computer"),
                         [pytest.param(*game[1:], id=game[0]) for game in GAMES])
def test_whole_game_outcome_and_exit_status(student, argv, answers, you, computer):
    """After the final score: 'You win!', 'The computer wins.' or "It's a tie.", and 0."""
    run = run_game(student, argv, answers)
    check_outcome(run, argv, answers, you, computer)


# -- bad entries ---------------------------------------------------------------------------


@pytest.mark.part("play-turns")
@pytest.mark.parametrize("bad", BAD_ENTRIES, ids=lambda bad: repr(bad))
def test_bad_entry_is_asked_again(student, bad):
    """A bad entry before every answer is asked again: the game is the same and finishes."""
    answers = [entry for good in SECOND for entry in (bad, good)]
    check_same_end(student, BAD_GAME_ARGV, SECOND, answers)


@pytest.mark.part("play-turns")
def test_number_above_hand_size_is_asked_again(student):
    """One more than the number of cards (4, then 3, then 2 at the end) is asked again."""
    answers = [entry for good, size in zip(SECOND, HAND_SIZES, strict=True)
               for entry in (str(size + 1), good)]
    check_same_end(student, BAD_GAME_ARGV, SECOND, answers)


@pytest.mark.part("play-turns")
def test_several_bad_entries_in_a_row(student):
    """Many bad entries in one turn are all asked again, then the game goes on."""
    answers = ["x", "", "0", "9", "1.5", "-2", *ONES]
    check_same_end(student, ["--seed", "3"], ONES, answers)


@pytest.mark.part("play-turns")
def test_every_card_is_asked_with_the_prompt(student):
    """Every request for a card, asked again after a wrong answer too, starts with
    'Card to play'; a wrong answer gets exactly one line of message before it."""
    argv = ["--seed", "3"]
    answers = ["x", *ONES]
    run = run_game(student, argv, answers)
    check_prompts(run, argv, answers, len(answers))
    check_wrong_answer_messages(run, argv, answers, [0])


# -- end of input --------------------------------------------------------------------------


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "answers"), [
    pytest.param(["--seed", "3"], [], id="at-the-first-turn"),
    pytest.param(["--seed", "3", "--first", "computer"], ["1"] * 7, id="after-7-turns"),
    pytest.param(["--seed", "7", "--first", "human"], ["1"] * 19, id="at-the-last-turn"),
    pytest.param(["--seed", "3"], ["2", "x"], id="after-a-bad-entry"),
])
def test_end_of_input_abandons_the_game(student, argv, answers):
    """When input ends mid-game: the line 'Game abandoned.', no exception, and 1."""
    run = run_game(student, argv, answers)
    check_abandoned(run, argv, answers)


# -- what a turn shows ---------------------------------------------------------------------
# These games are played to the end (always typing 1); only the first turn is looked at:
# the last three lines printed before the first prompt ('Card to play...'), which are the
# lines of render_state: the trump card and the stock, the table, the numbered hand.


def first_state(run):
    """The three lines before the first prompt (blank ones in front if fewer were printed)."""
    state = state_of(segments(run.out)[0]) if PROMPT in run.out else []
    return [""] * (STATE_LINES - len(state)) + state


WHERE = f"in the last three lines before the first prompt ({PROMPT!r})"


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "trump", "table", "hand"),
                         [pytest.param(*turn[1:], id=turn[0]) for turn in FIRST_TURNS])
def test_turn_shows_numbered_hand(student, argv, trump, table, hand):
    """The human's hand is shown with the cards numbered from 1 (like '1) Q♠  2) 7♥  3) J♣')."""
    run = run_game(student, argv, ONES)
    line = first_state(run)[2]
    missing = unnumbered_cards(line, hand)
    if missing:
        raise AssertionError(failure(
            run, argv, ONES,
            f"the first hand numbered from 1, like {in_symbols(hand)!r}, on the third line "
            f"{WHERE}",
            f"{line.strip()!r}: no number next to {', '.join(symbol(c) for c in missing)}",
        ))


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "trump", "table", "hand"),
                         [pytest.param(*turn[1:], id=turn[0]) for turn in FIRST_TURNS])
def test_turn_shows_trump_card(student, argv, trump, table, hand):
    """The human's turn shows the trump card (the card under the stock)."""
    run = run_game(student, argv, ONES)
    line = first_state(run)[0]
    if not shows_card(line, trump):
        raise AssertionError(failure(
            run, argv, ONES, f"the trump card {symbol(trump)} on the first line {WHERE}",
            f"{line.strip()!r}",
        ))


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "trump", "table", "hand"),
                         [pytest.param(*turn[1:], id=turn[0]) for turn in FIRST_TURNS if turn[3]])
def test_computer_card_is_shown(student, argv, trump, table, hand):
    """When the computer leads, its card is on the table before the human chooses."""
    run = run_game(student, argv, ONES)
    line = first_state(run)[1]
    if not shows_card(line, table[0]):
        raise AssertionError(failure(
            run, argv, ONES,
            f"the computer's card {symbol(table[0])} on the second line {WHERE} (with --first "
            "computer, the computer leads the first round)",
            f"{line.strip()!r}",
        ))


@pytest.mark.part("play-turns")
def test_turn_shows_stock_size(student):
    """The human's turn shows how many cards are left in the stock (34 at the start)."""
    argv = ["--seed", "3"]
    run = run_game(student, argv, ONES)
    line = first_state(run)[0]
    if not re.search(rf"(?<!\d){FIRST_STOCK_SIZE}(?!\d)", line):
        raise AssertionError(failure(
            run, argv, ONES,
            f"the number of cards in the stock ({FIRST_STOCK_SIZE}) on the first line {WHERE}",
            f"{line.strip()!r}",
        ))


# -- options -------------------------------------------------------------------------------


@pytest.mark.part("play-turns")
@pytest.mark.parametrize("argv", [["--seed", "abc"], ["--first", "nobody"]], ids=repr)
def test_wrong_options_stop_with_status_2(student, argv):
    """Wrong options stop the program the way argparse does: SystemExit with status 2."""
    run = run_game(student, argv, [])
    expected = "SystemExit with status 2, after a usage message (what argparse does)"
    if run.raised is None:
        raise AssertionError(failure(run, argv, [], expected, f"main returned {run.result!r}"))
    if not run.raised.is_a("SystemExit") or run.raised.message != "2":
        raise AssertionError(failure(run, argv, [], expected, raised_text(run)))
