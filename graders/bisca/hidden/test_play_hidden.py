"""Hidden tests of the console game (phase 1): your games replayed on the reference.

Each test runs your ``play.main(argv)`` with answers typed into it and plays the same
game in the judge with the reference classes, following the recipe of ``main``'s
docstring (``Deck.shuffled(random.Random(seed))``, ``Player("You")``,
``AutoPlayer("Computer")``, ``Board([human, computer], deck, first=...)``, the computer
playing ``AutoPlayer.choose(board.view_for(computer))``). The final score, the hand
shown at each turn and the computer's cards must then be the reference's.
"""

import random
import re
import shlex
from dataclasses import dataclass

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.process import WorkerFailure

SECONDS = 3.0
"""Time limit of one whole game (a correct game takes a few milliseconds)."""

TAIL_LINES = 15
"""How many of the last output lines a failure message shows."""

ROUNDS = 20
HAND_SIZES = [3] * 18 + [2, 1]
"""The human's hand size in each of the 20 turns: the stock runs out after round 17."""

SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
RANK_NAMES = {"A": "ace", "K": "king", "J": "jack", "Q": "queen", "7": "seven", "6": "six",
              "5": "five", "4": "four", "3": "three", "2": "two"}

ONES = [1] * ROUNDS
LAST = list(HAND_SIZES)
ALTERNATE = [1 if turn % 2 == 0 else size for turn, size in enumerate(HAND_SIZES)]

END_LINES = 3
"""How many of the last (non-blank) output lines two games that should end alike compare."""

BAD_ENTRIES = ["", "x", "0", "-1", "1.5", "one", "99", "above"]
"""Entries that are never a card; "above" stands for one more than the hand size."""

seeds = st.integers(0, 10_000)
firsts = st.sampled_from(("human", "computer"))
choices = st.lists(st.integers(1, 3), min_size=ROUNDS, max_size=ROUNDS).map(
    lambda numbers: [min(number, size) for number, size in zip(numbers, HAND_SIZES, strict=True)]
)
bad_entries = st.lists(st.lists(st.sampled_from(BAD_ENTRIES), max_size=2),
                       min_size=ROUNDS, max_size=ROUNDS)


# -- the reference game --------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """What a human turn of the reference game shows, in notation."""

    trump: str
    table: list
    hand: list


@dataclass(frozen=True)
class Game:
    """A reference game: the human's turns, the computer's cards and the final scores."""

    turns: list
    computer_cards: list
    you: int
    computer: int


def notation(card):
    return f"{card.rank}{card.suit.name[0]}"


def replay(ref, seed, first, answers):
    """Play the game of ``main`` in the judge, the human choosing card ``answers[i]``."""
    human = ref.player.Player("You")
    computer = ref.auto_player.AutoPlayer("Computer")
    deck = ref.deck.Deck.shuffled(random.Random(seed))
    board = ref.board.Board([human, computer], deck, first=0 if first == "human" else 1)
    turns, computer_cards = [], []
    numbers = iter(answers)
    while not board.is_over:
        if board.to_play is human:
            hand = list(human.hand)
            turns.append(Turn(notation(board.trump_card), [notation(c) for c in board.table],
                              [notation(c) for c in hand]))
            board.play(hand[next(numbers) - 1])
        else:
            card = computer.choose(board.view_for(computer))
            computer_cards.append(notation(card))
            board.play(card)
    return Game(turns, computer_cards, human.points, computer.points)


def argv_for(seed, first):
    return ["--seed", str(seed), "--first", first]


def typed(numbers):
    return [str(number) for number in numbers]


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
    typed_text = (f"typed {len(answers)} line(s): {', '.join(shown)}" if answers
                  else "typed nothing")
    return f"We ran play.main({list(argv)!r}) and {typed_text}, then the input ended."


def try_it(argv, answers):
    """A shell command that replays the same game."""
    command = "python -m bisca.play " + " ".join(shlex.quote(arg) for arg in argv)
    if answers:
        typed_text = " ".join(shlex.quote(answer) for answer in answers)
        command = f"printf '%s\\n' {typed_text} | {command}"
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


def check_complete_game(run, argv, answers, you, computer):
    """No exception, the final score line, the outcome line after it, and 0 returned."""
    expected = final_line(you, computer)
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, f"the line {expected!r}",
                                     raised_text(run)))
    lines = run.out.splitlines()
    index = line_index(lines, expected)
    if index is None:
        found = [line.strip() for line in lines if "Final score" in line]
        seen = f"the line {found[-1]!r}" if found else "no line starting with 'Final score:'"
        if "Game abandoned." in run.out:
            seen += " (the game was abandoned: it asked for more answers than the 20 turns)"
        raise AssertionError(failure(
            run, argv, answers, f"the line {expected!r} (the scores of the reference game)",
            seen,
        ))
    following = [line.strip() for line in lines[index + 1:] if line.strip()]
    outcome = result_line(you, computer)
    if not following or following[0] != outcome:
        seen = f"{following[0]!r}" if following else "nothing after it"
        raise AssertionError(failure(
            run, argv, answers, f"the line {outcome!r} right after {expected!r}", seen,
        ))
    if type(run.result) is not int or run.result != 0:
        raise AssertionError(failure(
            run, argv, answers, "main returns 0 (EXIT_OK) after a complete game",
            f"main returned {run.result!r}",
        ))


def check_abandoned(run, argv, answers):
    """The line 'Game abandoned.', no exception, and 1 returned."""
    expected = "the line 'Game abandoned.' and main returning 1 (EXIT_ABANDONED)"
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, expected, raised_text(run)))
    if line_index(run.out.splitlines(), "Game abandoned.") is None:
        seen = "no line 'Game abandoned.'"
        if "Final score" in run.out:
            seen += f" but a final score after only {len(answers)} answers"
        raise AssertionError(failure(run, argv, answers, expected, seen))
    if type(run.result) is not int or run.result != 1:
        raise AssertionError(failure(run, argv, answers, expected,
                                     f"main returned {run.result!r}"))


# -- card patterns (loose: "Q♠", "QS" or "Queen of Spades") ---------------------------------


def card_pattern(card):
    """A regular expression matching the card as the program may print it."""
    rank, suit = card[:-1], card[-1]
    forms = [
        re.escape(rank + SYMBOLS[suit]),
        r"(?<![A-Za-z0-9])" + re.escape(rank + suit) + r"(?![A-Za-z])",
        rf"(?i:(?:{re.escape(rank)}|{RANK_NAMES[rank]})\s+of\s+{SUIT_NAMES[suit]})",
    ]
    return "(?:" + "|".join(forms) + ")"


def numbered_card(number, card):
    """The card shown with its number: ``1) Q♠``, ``[1] Q♠``, ``1. QS``, ``Q♠ (1)``..."""
    pattern = card_pattern(card)
    return re.compile(rf"(?<!\w){number}\W{{1,5}}{pattern}|{pattern}\s*[(\[]{number}[)\]]")


def symbol(card):
    return card[:-1] + SYMBOLS[card[-1]]


def in_symbols(hand):
    return "  ".join(f"{number}) {symbol(card)}" for number, card in enumerate(hand, start=1))


def turn_output(out, game, turn):
    """The output of one human turn: from the end of the hand shown in the turn before (the
    start for the first turn) to the end of this turn's hand (the end if it is not found)."""
    start = 0
    if turn > 0:
        previous = game.turns[turn - 1].hand
        matches = list(numbered_card(len(previous), previous[-1]).finditer(out))
        start = matches[-1].end() if matches else 0
    hand = game.turns[turn].hand
    found = numbered_card(len(hand), hand[-1]).search(out, start)
    return out[start : found.end()] if found else out[start:]


def last_lines(out):
    return [line.strip() for line in out.splitlines() if line.strip()][-END_LINES:]


def run_complete_game(student, argv, good, purpose):
    """Run a game with valid answers only; it must finish (no exception, not abandoned)."""
    run = run_game(student, argv, good)
    if run.raised is not None or line_index(run.out.splitlines(), "Game abandoned.") is not None:
        seen = raised_text(run) if run.raised else "the game was abandoned"
        raise AssertionError(failure(run, argv, good, f"a complete game ({purpose})", seen))
    return run


def check_same_end(student, argv, good, answers):
    """Typed with bad entries too, the game ends exactly as with the good answers alone."""
    clean = run_complete_game(student, argv, good, "this test then types bad entries too "
                              "and compares the two games")
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
            f"the same end as typing only the {len(good)} good answers: {expected_end!r}, "
            f"main returning {clean.result!r}",
            f"{seen_end!r}, main returning {run.result!r}",
        ))


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.part("play-game")
@pytest.mark.weight(8)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
@example(seed=31, first="computer", numbers=ONES)  # a tie
@example(seed=11, first="human", numbers=LAST)
@example(seed=500, first="computer", numbers=ALTERNATE)
def test_games_end_like_the_reference(student, ref, seed, first, numbers):
    """Whole seeded games: the final score and the outcome are the reference's."""
    game = replay(ref, seed, first, numbers)
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_game(student, argv, answers)
    check_complete_game(run, argv, answers, game.you, game.computer)


@pytest.mark.part("play-game")
@pytest.mark.weight(2)
@settings(max_examples=5, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
def test_final_scores_add_up_to_120(student, seed, first, numbers):
    """The two final scores add up to 120, the points of the whole deck."""
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_game(student, argv, answers)
    expected = "a line 'Final score: you N, computer M' with N + M = 120"
    if run.raised is not None:
        raise AssertionError(failure(run, argv, answers, expected, raised_text(run)))
    found = re.findall(r"Final score: you (-?\d+), computer (-?\d+)", run.out)
    if not found:
        raise AssertionError(failure(run, argv, answers, expected,
                                     "no line 'Final score: you N, computer M'"))
    you, computer = (int(points) for points in found[-1])
    if you + computer != 120:
        raise AssertionError(failure(run, argv, answers, expected,
                                     f"{you} + {computer} = {you + computer}"))


@pytest.mark.part("play-game")
@pytest.mark.weight(3)
@settings(max_examples=5, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
def test_game_lasts_20_rounds(student, seed, first, numbers):
    """A game asks for a card exactly 20 times: 20 answers finish it, 19 do not."""
    argv = argv_for(seed, first)
    clean = run_complete_game(student, argv, typed(numbers), "20 answers, one per round")
    answers = typed(numbers[:-1])
    run = run_game(student, argv, answers)
    end = last_lines(clean.out)
    if run.raised is None and last_lines(run.out) == end:
        raise AssertionError(failure(
            run, argv, answers,
            "the game not finished after 19 answers (a game has 20 rounds)",
            f"the same end as after 20 answers: {' / '.join(end)!r}",
        ))


# -- turns ---------------------------------------------------------------------------------


@pytest.mark.part("play-turns")
@pytest.mark.weight(5)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices, bad=bad_entries)
@example(seed=7, first="human", numbers=LAST, bad=[["above", "x"]] * ROUNDS)
@example(seed=8, first="computer", numbers=ONES, bad=[["0", ""]] * ROUNDS)
def test_bad_entries_are_asked_again(student, seed, first, numbers, bad):
    """Bad entries at any turn are asked again: the game is the same and finishes."""
    answers = []
    for number, entries, size in zip(numbers, bad, HAND_SIZES, strict=True):
        answers += [str(size + 1) if entry == "above" else entry for entry in entries]
        answers.append(str(number))
    check_same_end(student, argv_for(seed, first), typed(numbers), answers)


@pytest.mark.part("play-turns")
@pytest.mark.weight(3)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices, turn=st.integers(0, ROUNDS - 1),
       bad=st.sampled_from(["", "x", "0"]) | st.none())
@example(seed=1, first="human", numbers=ONES, turn=0, bad=None)
@example(seed=1, first="computer", numbers=LAST, turn=19, bad="x")
def test_end_of_input_abandons_the_game(student, seed, first, numbers, turn, bad):
    """Input ending at any turn (maybe after a bad entry): 'Game abandoned.' and 1."""
    answers = typed(numbers[:turn]) + ([] if bad is None else [bad])
    argv = argv_for(seed, first)
    run = run_game(student, argv, answers)
    check_abandoned(run, argv, answers)


@pytest.mark.part("play-turns")
@pytest.mark.weight(4)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices, turn=st.integers(0, ROUNDS - 1))
@example(seed=2, first="computer", numbers=LAST, turn=18)  # a hand of 2 cards
@example(seed=2, first="human", numbers=ONES, turn=19)  # the last card
def test_turn_shows_hand_trump_and_table(student, ref, seed, first, numbers, turn):
    """At any turn: the hand numbered from 1, the trump card, and the computer's card if it led."""
    game = replay(ref, seed, first, numbers)
    shown = game.turns[turn]
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_game(student, argv, answers)
    text = turn_output(run.out, game, turn)
    where = f"in turn {turn + 1} (after the hand of the turn before)" if turn else "in turn 1"
    missing = [card for number, card in enumerate(shown.hand, start=1)
               if not numbered_card(number, card).search(text)]
    if missing:
        raise AssertionError(failure(
            run, argv, answers,
            f"the hand {in_symbols(shown.hand)!r} shown numbered from 1 {where}",
            f"no number next to {', '.join(symbol(card) for card in missing)} there",
        ))
    for what, card in [("trump card", shown.trump)] + [("computer's card", c)
                                                        for c in shown.table]:
        if not re.search(card_pattern(card), text):
            raise AssertionError(failure(
                run, argv, answers,
                f"the {what} {symbol(card)} shown {where}, by the hand "
                f"{in_symbols(shown.hand)!r}",
                f"{symbol(card)} not shown there",
            ))


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@settings(max_examples=8, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
def test_computer_cards_are_announced(student, ref, seed, first, numbers):
    """Every card the computer plays (AutoPlayer.choose on its view) is shown, in order."""
    game = replay(ref, seed, first, numbers)
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_game(student, argv, answers)
    position = 0
    for index, card in enumerate(game.computer_cards, start=1):
        found = re.compile(card_pattern(card)).search(run.out, position)
        if found is None:
            played = ", ".join(symbol(c) for c in game.computer_cards)
            raise AssertionError(failure(
                run, argv, answers,
                f"the computer's cards shown as it plays them: {played}",
                f"its card number {index}, {symbol(card)}, not shown "
                f"(after {symbol(game.computer_cards[index - 2]) if index > 1 else 'the start'})",
            ))
        position = found.end()
