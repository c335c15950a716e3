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
from dataclasses import dataclass

import pytest
from bisca_console import (
    HAND_SIZES,
    card_pattern,
    check_abandoned,
    check_outcome,
    check_same_end,
    failure,
    in_symbols,
    last_lines,
    numbered_card,
    raised_text,
    run_complete_game,
    run_game,
    shows_card,
    symbol,
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


def notation(card):
    return f"{card.rank}{card.suit.name[0]}"


def replay(ref, seed, first, answers):
    """Play the game of ``main`` in the judge, the human choosing card ``answers[i]``."""
    human = ref.player.Player("You")
    computer = ref.auto_player.AutoPlayer("Computer")
    deck = ref.deck.Deck.shuffled(random.Random(seed))
    board = ref.board.Board([human, computer], deck, first=0 if first == "human" else 1)
    turns, computer_cards, scores = [], [], []
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
            completed = board.play(card)
        if completed is not None:
            scores.append((human.points, computer.points))
    return Game(turns, computer_cards, human.points, computer.points, tuple(scores))


def argv_for(seed, first):
    return ["--seed", str(seed), "--first", first]


def typed(numbers):
    return [str(number) for number in numbers]


# -- reading the output --------------------------------------------------------------------


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


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.part("play-game")
@pytest.mark.weight(8)
@settings(max_examples=15, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
@example(seed=31, first="computer", numbers=ONES)  # a tie
@example(seed=6, first="human", numbers=LAST)  # a tie
@example(seed=63, first="computer", numbers=ALTERNATE)  # a tie
@example(seed=11, first="human", numbers=LAST)
@example(seed=500, first="computer", numbers=ALTERNATE)
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
    answers = []
    for number, entries, size in zip(numbers, bad, HAND_SIZES, strict=True):
        answers += [str(size + 1) if entry == "above" else entry for entry in entries]
        answers.append(str(number))
    good = typed(numbers)
    check_same_end(student, argv_for(seed, first), good, answers,
                   good_text=f"the {len(good)} good answers")


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
    missing = unnumbered_cards(text, shown.hand)
    if missing:
        raise AssertionError(failure(
            run, argv, answers,
            f"the hand {in_symbols(shown.hand)!r} shown numbered from 1 {where}",
            f"no number next to {', '.join(symbol(card) for card in missing)} there",
        ))
    for what, card in [("trump card", shown.trump)] + [("computer's card", c)
                                                        for c in shown.table]:
        if not shows_card(text, card):
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


# -- promises of the console contract ------------------------------------------------------


RUNNING_SCORE = re.compile(r"you (-?\d+), computer (-?\d+)")
"""The score as ``score_line`` writes it (``you 58, computer 62``)."""


@pytest.mark.part("play-game")
@pytest.mark.weight(3)
@settings(max_examples=5, report_multiple_bugs=False)
@given(seed=seeds, first=firsts, numbers=choices)
def test_every_round_is_announced_with_the_score(student, ref, seed, first, numbers):
    """After every round the score so far is printed (announce_round, with score_line)."""
    argv, answers = argv_for(seed, first), typed(numbers)
    game = replay(ref, seed, first, numbers)
    run = run_complete_game(student, argv, answers, "every round is announced")
    shown = [(int(a), int(b)) for a, b in RUNNING_SCORE.findall(run.out)]
    position = 0
    for number, score in enumerate(game.scores, start=1):
        while position < len(shown) and shown[position] != score:
            position += 1
        if position == len(shown):
            raise AssertionError(failure(
                run, argv, answers,
                f"after round {number}, the score so far: 'you {score[0]}, computer {score[1]}'",
                "no such score in order after the rounds before it",
            ))
        position += 1


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@pytest.mark.parametrize("bad", ["x", "0", "9", ""], ids=repr)
def test_a_wrong_answer_gets_a_message(student, bad):
    """Each wrong answer is met with a one-line message, then the question again."""
    argv = argv_for(3, "human")
    good = typed(ONES)
    clean = run_complete_game(student, argv, good, "compared with a game with one wrong answer")
    answers = [bad, *good]
    run = run_complete_game(student, argv, answers, "one wrong answer, then good ones")
    if run.out.count("\n") <= clean.out.count("\n"):
        raise AssertionError(failure(
            run, argv, answers,
            f"a one-line message after the wrong answer {bad!r} (one more line than the "
            "same game without it)",
            f"{run.out.count(chr(10))} lines, as many as without the wrong answer",
        ))


SMALL_DECK = "AS 2H 7C KD 3S QH JC 5H"
"""A short deck for a board built directly: 8 cards, dealt three each, two in the stock."""


@pytest.mark.part("play-turns")
@pytest.mark.weight(2)
@pytest.mark.parametrize("first", ["human", "computer"])
def test_render_state_shows_three_lines(student, ref, first):
    """render_state: the trump card and stock, the card on the table, the numbered hand."""
    from cardlab.testing import cards

    human = student.player.Player("You")
    computer = student.auto_player.AutoPlayer("Computer")
    board = student.board.Board(
        [human, computer], student.deck.Deck(cards(SMALL_DECK)), 0 if first == "human" else 1
    )
    led = None
    if first == "computer":
        led = computer.choose(board.view_for(computer))
        board.play(led)
    call = f"render_state(board, human), {first} leading the first round"
    text = student.play.render_state(board, human)
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
