"""Hidden tests of the console game (phase 1): your games replayed on the reference.

Each test runs your ``play.main(argv)`` with answers typed into it and plays the same
game in the judge with the reference classes, following the recipe of ``main``'s
docstring (``Deck.shuffled(random.Random(seed))``, ``Player("You")``,
``AutoPlayer("Computer")``, ``Board([human, computer], deck, first=...)``, the computer
playing ``AutoPlayer.choose(board.view_for(computer))``). The final score, the hand
shown at each turn and the computer's cards must then be the reference's.

The output is read by what ``play``'s docstring promises, anchored on the prompts
(``Card to play``): a turn's state is the last three lines before its first prompt, the
computer's cards and the round's score are announced between the prompts around them.
"""

import random
import re
from dataclasses import dataclass

import pytest
from bisca_console import (
    HAND_SIZES,
    PROMPT,
    SECONDS,
    before_state,
    card_pattern,
    check_abandoned,
    check_outcome,
    check_prompts,
    check_same_end,
    check_wrong_answer_messages,
    failure,
    in_symbols,
    last_lines,
    line_index,
    raised_text,
    run_complete_game,
    run_game,
    segments,
    shows_card,
    state_of,
    symbol,
    tail,
    unnumbered_cards,
)
from hypothesis import example, given, settings
from hypothesis import strategies as st

ROUNDS = 20

ONES = [1] * ROUNDS
LAST = list(HAND_SIZES)
ALTERNATE = [1 if turn % 2 == 0 else size for turn, size in enumerate(HAND_SIZES)]

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
    scores: tuple = ()
    """(you, computer) after each round, in order."""
    computer_segments: tuple = ()
    """The segment of the output (see ``segments``) announcing each computer card."""
    score_segments: tuple = ()
    """The segment of the output announcing each round's score."""


def notation(card):
    return f"{card.rank}{card.suit.name[0]}"


def replay(ref, seed, first, answers):
    """Play the game of ``main`` in the judge, the human choosing card ``answers[i]``."""
    human = ref.player.Player("You")
    computer = ref.auto_player.AutoPlayer("Computer")
    deck = ref.deck.Deck.shuffled(random.Random(seed))
    board = ref.board.Board([human, computer], deck, first=0 if first == "human" else 1)
    turns, computer_cards, scores, computer_segments, score_segments = [], [], [], [], []
    numbers = iter(answers)
    while not board.is_over:
        if board.to_play is human:
            hand = list(human.hand)
            turns.append(Turn(notation(board.trump_card), [notation(c) for c in board.table],
                              [notation(c) for c in hand]))
            completed = board.play(hand[next(numbers) - 1])
        else:
            card = computer.choose(board.view_for(computer))
            computer_cards.append(notation(card))
            computer_segments.append(len(turns))
            completed = board.play(card)
        if completed is not None:
            scores.append((human.points, computer.points))
            score_segments.append(len(turns))
    return Game(turns, computer_cards, human.points, computer.points, tuple(scores),
                tuple(computer_segments), tuple(score_segments))


def argv_for(seed, first):
    return ["--seed", str(seed), "--first", first]


def typed(numbers):
    return [str(number) for number in numbers]


# -- reading the output --------------------------------------------------------------------


def announced(out, index):
    """What segment ``index`` of the output announces: all of it after the last prompt,
    without the state of the next turn before a prompt."""
    parts = segments(out)
    if index >= len(parts):
        return ""
    return parts[index] if index == len(parts) - 1 else before_state(parts[index])


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.part("play-game")
@pytest.mark.weight(8)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
@example(seed=31, first="computer", numbers=ONES)  # a tie
@example(seed=6, first="human", numbers=LAST)  # a tie
@example(seed=63, first="computer", numbers=ALTERNATE)  # a tie
@example(seed=11, first="human", numbers=LAST)  # you win
@example(seed=33, first="human", numbers=ONES)  # you win
@example(seed=47, first="computer", numbers=LAST)  # you win: three wins in every run
@example(seed=500, first="computer", numbers=ALTERNATE)  # a tie
def test_games_end_like_the_reference(student, ref, seed, first, numbers):
    """Whole seeded games: the final score and the outcome are the reference's."""
    game = replay(ref, seed, first, numbers)
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_game(student, argv, answers)
    check_outcome(run, argv, answers, game.you, game.computer,
                  note=" (the scores of the reference game)")


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
    answers, wrong = [], []
    for number, entries, size in zip(numbers, bad, HAND_SIZES, strict=True):
        wrong += range(len(answers), len(answers) + len(entries))
        answers += [str(size + 1) if entry == "above" else entry for entry in entries]
        answers.append(str(number))
    good = typed(numbers)
    argv = argv_for(seed, first)
    check_same_end(student, argv, good, answers, good_text=f"the {len(good)} good answers")
    run = run_game(student, argv, answers)
    check_prompts(run, argv, answers, len(answers))
    check_wrong_answer_messages(run, argv, answers, wrong)


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
    check_abandoned(run, argv, answers, tell_final_score=True)


@pytest.mark.part("play-turns")
@pytest.mark.weight(3)
@settings(max_examples=5, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices, turn=st.integers(0, ROUNDS - 1))
@example(seed=1, first="human", numbers=ONES, turn=0)
@example(seed=4, first="computer", numbers=LAST, turn=19)
def test_ctrl_c_abandons_the_game(student, seed, first, numbers, turn):
    """Ctrl-C at the prompt of any turn: the line 'Game abandoned.', no traceback, and 1."""
    answers = typed(numbers[:turn])
    argv = argv_for(seed, first)
    stdin = "".join(f"{answer}\n" for answer in answers)
    run = student.console(student.pkg.play.main, argv, stdin=stdin, seconds=SECONDS,
                          interrupt=True)
    said = (f"We ran play.main({argv!r}), typed {len(answers)} answer(s) "
            f"{', '.join(answers) or '(none)'}, then pressed Ctrl-C at the next prompt "
            "(input() raised KeyboardInterrupt).")
    expected = "the line 'Game abandoned.', no exception, and main returning 1 (EXIT_ABANDONED)"
    if run.raised is not None:
        seen = raised_text(run)
    elif line_index(run.out.splitlines(), "Game abandoned.") is None:
        seen = "no line 'Game abandoned.'"
    elif type(run.result) is not int or run.result != 1:
        seen = f"main returned {run.result!r}"
    else:
        return
    raise AssertionError(f"{said}\n  expected: {expected}\n  seen:     {seen}\n{tail(run.out)}")


@pytest.mark.part("play-turns")
@pytest.mark.weight(4)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices, turn=st.integers(0, ROUNDS - 1))
@example(seed=2, first="computer", numbers=LAST, turn=18)  # a hand of 2 cards
@example(seed=2, first="human", numbers=ONES, turn=19)  # the last card
def test_turn_shows_hand_trump_and_table(student, ref, seed, first, numbers, turn):
    """At any turn, the three lines before its prompt: the trump card, the computer's card
    if it led, the hand numbered from 1."""
    game = replay(ref, seed, first, numbers)
    shown = game.turns[turn]
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_game(student, argv, answers)
    parts = segments(run.out)
    where = f"in the last three lines before prompt {turn + 1} ({PROMPT!r})"
    if len(parts) <= turn + 1:
        raise AssertionError(failure(
            run, argv, answers, f"the state of turn {turn + 1} {where}",
            f"only {len(parts) - 1} prompts",
        ))
    state = state_of(parts[turn])
    lines = [""] * (3 - len(state)) + state
    checks = [(lines[0], "first", f"the trump card {symbol(shown.trump)}", [shown.trump])]
    if shown.table:
        checks.append((lines[1], "second", f"the computer's card {symbol(shown.table[0])}",
                       shown.table))
    for line, which, what, table in checks:
        if not all(shows_card(line, card) for card in table):
            raise AssertionError(failure(
                run, argv, answers, f"{what} on the {which} line of three {where}",
                f"{line.strip()!r}",
            ))
    missing = unnumbered_cards(lines[2], shown.hand)
    if missing:
        raise AssertionError(failure(
            run, argv, answers,
            f"the hand {in_symbols(shown.hand)!r} numbered from 1, on the third line of three "
            f"{where}",
            f"{lines[2].strip()!r}: no number next to "
            f"{', '.join(symbol(card) for card in missing)}",
        ))


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@settings(max_examples=8, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
def test_computer_cards_are_announced(student, ref, seed, first, numbers):
    """Every card the computer plays (AutoPlayer.choose on its view) is announced when it is
    played: between the person's answer and the next turn's state."""
    game = replay(ref, seed, first, numbers)
    argv, answers = argv_for(seed, first), typed(numbers)
    run = run_complete_game(student, argv, answers, "the computer's cards are announced")
    positions = {}
    for index, (card, segment) in enumerate(
        zip(game.computer_cards, game.computer_segments, strict=True), start=1
    ):
        text = announced(run.out, segment)
        found = re.compile(card_pattern(card)).search(text, positions.get(segment, 0))
        if found is None:
            when = (f"after the answer to prompt {segment} ({PROMPT!r})" if segment
                    else "before the first prompt")
            if segment < len(game.turns):
                when += f", before the state of turn {segment + 1}"
            raise AssertionError(failure(
                run, argv, answers,
                f"the computer's card number {index}, {symbol(card)}, announced {when}",
                f"{symbol(card)} not announced there",
            ))
        positions[segment] = found.end()


# -- promises of the console contract ------------------------------------------------------


@pytest.mark.part("play-game")
@pytest.mark.weight(3)
@settings(max_examples=5, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
def test_every_round_is_announced_with_the_score(student, ref, seed, first, numbers):
    """After every round the score so far is printed (announce_round, with score_line),
    before the next turn's state."""
    argv, answers = argv_for(seed, first), typed(numbers)
    game = replay(ref, seed, first, numbers)
    run = run_complete_game(student, argv, answers, "every round is announced")
    positions = {}
    for number, (score, segment) in enumerate(
        zip(game.scores, game.score_segments, strict=True), start=1
    ):
        text = announced(run.out, segment)
        found = re.compile(rf"\byou {score[0]}, computer {score[1]}\b").search(
            text, positions.get(segment, 0))
        if found is None:
            raise AssertionError(failure(
                run, argv, answers,
                f"after round {number}, the score so far: 'you {score[0]}, computer {score[1]}'"
                f", announced after the answer to prompt {segment} ({PROMPT!r})",
                "no such score there, in order after the rounds before it",
            ))
        positions[segment] = found.end()


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@pytest.mark.parametrize("bad", ["x", "0", "9", ""], ids=repr)
def test_a_wrong_answer_gets_a_message(student, bad):
    """Each wrong answer is met with a one-line message, then the question again."""
    argv = argv_for(3, "human")
    answers = [bad, *typed(ONES)]
    run = run_complete_game(student, argv, answers, "one wrong answer, then good ones")
    check_wrong_answer_messages(run, argv, answers, [0])
    check_prompts(run, argv, answers, len(answers))


SMALL_DECK = "AS 2H 7C KD 3S QH JC 5H"
"""A short deck for a board built directly: 8 cards, dealt three each, two in the stock."""


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@pytest.mark.parametrize("first", ["human", "computer"])
def test_render_state_shows_three_lines(student, ref, first):
    """render_state: the trump card and stock, the card on the table, the numbered hand."""
    from cardlab.testing import cards

    human = student.pkg.player.Player("You")
    computer = student.pkg.auto_player.AutoPlayer("Computer")
    board = student.pkg.board.Board(
        [human, computer], student.pkg.deck.Deck(cards(SMALL_DECK)), 0 if first == "human" else 1
    )
    led = None
    if first == "computer":
        led = computer.choose(board.view_for(computer))
        board.play(led)
    call = f"render_state(board, human), {first} leading the first round"
    text = student.pkg.play.render_state(board, human)
    lines = text.split("\n") if isinstance(text, str) else []
    if len(lines) != 3:
        raise AssertionError(f"{call}\n  expected: three lines\n  got:      {text!r}")
    hand = [f"{c.text}" for c in human.hand]
    checks = [
        (shows_card(lines[0], "5H"), "the trump card 5♥ on the first line"),
        ("2" in lines[0], "the stock size 2 on the first line"),
        (not unnumbered_cards(lines[2], hand), f"the hand {in_symbols(hand)} on the third line"),
    ]
    if led is not None:
        checks.append((shows_card(lines[1], led.text), f"the table card {symbol(led.text)} on "
                       "the second line"))
    for ok, wanted in checks:
        if not ok:
            raise AssertionError(f"{call}\n  expected: {wanted}\n  got:      {text!r}")


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@settings(max_examples=4, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices,
       padding=st.lists(st.sampled_from([(" ", ""), ("", " "), ("\t", "  "), ("  ", "\t")]),
                        min_size=ROUNDS, max_size=ROUNDS))
def test_whitespace_around_an_answer_is_allowed(student, seed, first, numbers, padding):
    """An answer with whitespace around the number (' 2', '3\\t') is that number."""
    answers = [f"{before}{number}{after}"
               for number, (before, after) in zip(numbers, padding, strict=True)]
    check_same_end(student, argv_for(seed, first), typed(numbers), answers,
                   good_text="the same answers without the whitespace")


@pytest.mark.part("play-turns")
def test_help_exits_with_status_0(student):
    """--help prints argparse's help and stops with SystemExit status 0."""
    argv = ["--help"]
    run = run_game(student, argv, [])
    expected = "SystemExit with status 0 after the help (what argparse does)"
    if run.raised is None:
        raise AssertionError(failure(run, argv, [], expected, f"main returned {run.result!r}"))
    if not run.raised.is_a("SystemExit") or run.raised.message not in ("0", ""):
        raise AssertionError(failure(run, argv, [], expected, raised_text(run)))
