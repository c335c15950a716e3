"""Public tests of the console game (phase 1): whole games, prompts, bad entries, end of input.

Every test runs your ``play.main(argv)`` as a console program: the answers below are
typed into it, one per line, and what it prints is read back. All other modules (Deck,
Board, AutoPlayer...) are the provided ones, so a seeded game built with the recipe of
``main``'s docstring always deals the same cards, and the computer always answers the same
way: the final scores below were worked out once from that recipe.
"""

import re
import shlex

import pytest

from cardlab.process import WorkerFailure

SECONDS = 3.0
"""Time limit of one whole game (a correct game takes a few milliseconds)."""

TAIL_LINES = 15
"""How many of the last output lines a failure message shows."""

SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
RANK_NAMES = {"A": "ace", "K": "king", "J": "jack", "Q": "queen", "7": "seven", "6": "six",
              "5": "five", "4": "four", "3": "three", "2": "two"}

# The human's hand has 3 cards in rounds 1-18, then 2, then 1 (the stock runs out after
# round 17), whoever leads. So these answer lists are valid in every game:
ONES = ["1"] * 20                                        # always the first card
LAST = ["3"] * 18 + ["2", "1"]                           # always the last card
SECOND = ["2"] * 19 + ["1"]                              # the second card while there is one
HAND_SIZES = [3] * 18 + [2, 1]

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
END_LINES = 3
"""How many of the last (non-blank) output lines two games that should end alike compare."""


# -- running a game and describing it to the student ---------------------------------------


def run_game(student, argv, answers):
    """Run ``play.main(argv)`` with ``answers`` typed, one per line."""
    stdin = "".join(f"{answer}\n" for answer in answers)
    try:
        return student.console(student.play.main, list(argv), stdin=stdin, seconds=SECONDS)
    except WorkerFailure as failure:
        raise AssertionError(
            f"{what_was_run(argv, answers)}\n"
            f"  The game did not finish: {failure}\n"
            "  (When the typed input runs out, input() raises EOFError: the game must then "
            "stop.)\n"
            f"{try_it(argv, answers)}"
        ) from None


def what_was_run(argv, answers):
    """``We ran main([...]) and typed N lines: ...`` (long input shortened)."""
    shown = [repr(answer) for answer in answers]
    if len(shown) > 14:
        shown = [*shown[:9], "...", *shown[-3:]]
    typed = f"typed {len(answers)} line(s): {', '.join(shown)}" if answers else "typed nothing"
    return f"We ran play.main({list(argv)!r}) and {typed}, then the input ended."


def try_it(argv, answers):
    """A shell command that replays the same game."""
    command = "python -m bisca.play " + " ".join(shlex.quote(arg) for arg in argv)
    if answers:
        typed = " ".join(shlex.quote(answer) for answer in answers)
        command = f"printf '%s\\n' {typed} | {command}"
    else:
        command += " < /dev/null"
    return f"  Try it yourself: {command}"


def tail(out):
    """The last lines the program printed, indented."""
    lines = out.rstrip("\n").splitlines()
    if not lines:
        return "  Your program printed nothing."
    shown = lines[-TAIL_LINES:]
    head = "  Your output ended with:" if len(lines) > len(shown) else "  Your output:"
    return "\n".join([head] + [f"    | {line}" for line in shown])


def failure(run, argv, answers, expected, seen):
    """A message: what was run, what was expected, what was seen, and the output."""
    if run.raised is not None and not seen.startswith("main raised"):
        seen += f"\n            ({raised_text(run)})"
    return (
        f"{what_was_run(argv, answers)}\n"
        f"  expected: {expected}\n"
        f"  seen:     {seen}\n"
        f"{tail(run.out)}\n"
        f"{try_it(argv, answers)}"
    )


def raised_text(run):
    """How an exception from the student's main is described."""
    error = run.raised
    where = f" ({error.where})" if error.where else ""
    message = f": {error.message}" if error.message else ""
    hint = " (this is still a stub: write it)" if error.is_a("NotImplementedError") else ""
    return f"main raised {error.type_name}{message}{where}{hint}"


def line_index(lines, text):
    """Index of the last line that is ``text`` (maybe after an unanswered prompt), or None."""
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index].strip()
        if line == text or line.endswith(" " + text):
            return index
    return None


def final_line(you, computer):
    return f"Final score: you {you}, computer {computer}"


def result_line(you, computer):
    if you > computer:
        return "You win!"
    if you < computer:
        return "The computer wins."
    return "It's a tie."


def check_final_score(run, argv, answers, you, computer):
    """The game finished without an exception and printed the right final score line."""
    expected = final_line(you, computer)
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, f"the line {expected!r}",
                                     raised_text(run)))
    lines = run.out.splitlines()
    if line_index(lines, expected) is None:
        found = [line.strip() for line in lines if "Final score" in line]
        seen = f"the line {found[-1]!r}" if found else "no line starting with 'Final score:'"
        if "Game abandoned." in run.out:
            seen += " (the game was abandoned: it asked for more answers than the 20 turns)"
        raise AssertionError(failure(run, argv, answers, f"the line {expected!r}", seen))


def check_outcome(run, argv, answers, you, computer):
    """After the final score line, the outcome line; then main returns 0."""
    check_final_score(run, argv, answers, you, computer)
    lines = run.out.splitlines()
    index = line_index(lines, final_line(you, computer))
    following = [line.strip() for line in lines[index + 1:] if line.strip()]
    expected = result_line(you, computer)
    if not following or following[0] != expected:
        seen = f"{following[0]!r}" if following else "nothing after it"
        raise AssertionError(failure(
            run, argv, answers,
            f"the line {expected!r} right after {final_line(you, computer)!r}",
            seen,
        ))
    if type(run.result) is not int or run.result != 0:
        raise AssertionError(failure(
            run, argv, answers, "main returns 0 (EXIT_OK) after a complete game",
            f"main returned {run.result!r}",
        ))


# -- card patterns (loose: "Q♠", "QS" or "Queen of Spades") ---------------------------------


def card_pattern(notation):
    """A regular expression matching the card as the program may print it."""
    rank, suit = notation[:-1], notation[-1]
    forms = [
        re.escape(rank + SYMBOLS[suit]),
        r"(?<![A-Za-z0-9])" + re.escape(rank + suit) + r"(?![A-Za-z])",
        rf"(?i:(?:{re.escape(rank)}|{RANK_NAMES[rank]})\s+of\s+{SUIT_NAMES[suit]})",
    ]
    return "(?:" + "|".join(forms) + ")"


def numbered_card(number, notation):
    """The card shown with its number: ``1) Q♠``, ``[1] Q♠``, ``1. QS``, ``Q♠ (1)``..."""
    card = card_pattern(notation)
    return re.compile(rf"(?<!\w){number}\W{{1,5}}{card}|{card}\s*[(\[]{number}[)\]]")


def shows_card(text, notation):
    return re.search(card_pattern(notation), text) is not None


def unnumbered_cards(text, hand):
    """The cards of ``hand`` that ``text`` does not show next to their number."""
    return [notation for number, notation in enumerate(hand, start=1)
            if not numbered_card(number, notation).search(text)]


def symbol(notation):
    return notation[:-1] + SYMBOLS[notation[-1]]


def in_symbols(hand):
    return "  ".join(f"{number}) {symbol(card)}" for number, card in enumerate(hand, start=1))


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


def check_same_end(student, argv, good, answers):
    """Typed with bad entries too, the game ends exactly as with the good answers alone."""
    clean = run_game(student, argv, good)
    abandoned = line_index(clean.out.splitlines(), "Game abandoned.") is not None
    if clean.raised is not None or abandoned:
        seen = raised_text(clean) if clean.raised else "the game was abandoned"
        raise AssertionError(failure(
            clean, argv, good,
            "a complete game (this test then types bad entries too and compares the two games)",
            seen,
        ))
    run = run_game(student, argv, answers)
    if run.raised is not None:
        raise AssertionError(failure(
            run, argv, answers, "the bad entries asked again, then the game played to its end",
            raised_text(run),
        ))
    if last_lines(run.out) != last_lines(clean.out) or run.result != clean.result:
        expected_end = " / ".join(last_lines(clean.out)) or "(nothing)"
        seen_end = " / ".join(last_lines(run.out)) or "(nothing)"
        raise AssertionError(failure(
            run, argv, answers,
            f"the same end as typing only {len(good)} good answers: {expected_end!r}, "
            f"main returning {clean.result!r}",
            f"{seen_end!r}, main returning {run.result!r}",
        ))


def last_lines(out):
    return [line.strip() for line in out.splitlines() if line.strip()][-END_LINES:]


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
    expected = "the line 'Game abandoned.' and main returning 1 (EXIT_ABANDONED)"
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, expected, raised_text(run)))
    if line_index(run.out.splitlines(), "Game abandoned.") is None:
        raise AssertionError(failure(run, argv, answers, expected, "no line 'Game abandoned.'"))
    if type(run.result) is not int or run.result != 1:
        raise AssertionError(failure(run, argv, answers, expected,
                                     f"main returned {run.result!r}"))


# -- what a turn shows ---------------------------------------------------------------------
# These games are played to the end (always typing 1); only the first turn is looked at:
# the output up to the first hand shown.


def first_turn(run, hand):
    """The output up to the end of the first hand shown.

    That is the end of its last card shown with its number; failing that, the point where
    every card of the hand has been shown once; failing that, the whole output.
    """
    found = numbered_card(len(hand), hand[-1]).search(run.out)
    if found:
        return run.out[: found.end()]
    firsts = [re.search(card_pattern(card), run.out) for card in hand]
    if all(firsts):
        return run.out[: max(first.end() for first in firsts)]
    return run.out


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "trump", "table", "hand"),
                         [pytest.param(*turn[1:], id=turn[0]) for turn in FIRST_TURNS])
def test_turn_shows_numbered_hand(student, argv, trump, table, hand):
    """The human's hand is shown with the cards numbered from 1 (like '1) Q♠  2) 7♥  3) J♣')."""
    run = run_game(student, argv, ONES)
    missing = unnumbered_cards(run.out, hand)
    if missing:
        raise AssertionError(failure(
            run, argv, ONES, f"the first hand shown numbered from 1, like {in_symbols(hand)!r}",
            f"no number next to {', '.join(symbol(card) for card in missing)}",
        ))


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "trump", "table", "hand"),
                         [pytest.param(*turn[1:], id=turn[0]) for turn in FIRST_TURNS])
def test_turn_shows_trump_card(student, argv, trump, table, hand):
    """The human's turn shows the trump card (the card under the stock)."""
    run = run_game(student, argv, ONES)
    if not shows_card(first_turn(run, hand), trump):
        raise AssertionError(failure(
            run, argv, ONES,
            f"the trump card {symbol(trump)} shown by the first hand {in_symbols(hand)!r}",
            f"no {symbol(trump)} before the end of that hand",
        ))


@pytest.mark.part("play-turns")
@pytest.mark.parametrize(("argv", "trump", "table", "hand"),
                         [pytest.param(*turn[1:], id=turn[0]) for turn in FIRST_TURNS if turn[3]])
def test_computer_card_is_shown(student, argv, trump, table, hand):
    """When the computer leads, its card is shown before the human chooses."""
    run = run_game(student, argv, ONES)
    if not shows_card(first_turn(run, hand), table[0]):
        raise AssertionError(failure(
            run, argv, ONES,
            f"the computer's card {symbol(table[0])} shown by the first hand "
            f"{in_symbols(hand)!r} (with --first computer, the computer leads the first round)",
            f"no {symbol(table[0])} before the end of that hand",
        ))


@pytest.mark.part("play-turns")
def test_turn_shows_stock_size(student):
    """The human's turn shows how many cards are left in the stock (34 at the start)."""
    argv, hand = ["--seed", "3"], FIRST_TURNS[0][4]
    run = run_game(student, argv, ONES)
    if not re.search(rf"(?<!\d){FIRST_STOCK_SIZE}(?!\d)", first_turn(run, hand)):
        raise AssertionError(failure(
            run, argv, ONES,
            f"the number of cards in the stock ({FIRST_STOCK_SIZE}) shown by the first hand",
            f"no {FIRST_STOCK_SIZE} before the end of that hand",
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
