"""Hidden tests of BasicWhist's promises beyond the seeded game trick by trick.

A new game's state, the players it refuses, the trumps every player is told, the report
written (or not) through ``write``, whole games by ``play_game`` and ``basic_game``, and
``human_game`` asking for another game. Where the contract fixes an answer (a seed
replays the same game), it is compared with the reference's.
"""

import random

import pytest

from cardlab.judge.proxy import StudentRaised
from cardlab.testing import expect_equal, expect_true

pytestmark = pytest.mark.part("game")

TRICKS = 13
AGAIN = "Play another game? (y/n) "


def seat_players(student):
    """Four BasicPlayers with seeded BasicStrategy generators, as the seeded game test seats."""
    strategy = student.whist.basic_strategy.BasicStrategy
    return [
        student.whist.basic_player.BasicPlayer(seat, strategy(student.builtin("Random", 70 + seat)))
        for seat in range(4)
    ]


def reference_game(ref, seed):
    """The reference's game of the same players, silent."""
    whist = ref.module("whist.basic_whist")
    basic = ref.module("whist.basic_strategy")
    player = ref.module("whist.basic_player")
    players = [
        player.BasicPlayer(seat, basic.BasicStrategy(random.Random(70 + seat))) for seat in range(4)
    ]
    return whist.BasicWhist(players, random.Random(seed), None)


def test_a_new_game(student):
    """Before any hand: scores (0, 0), not over, no winner, no trumps, no tricks."""
    game = student.whist.basic_whist.BasicWhist(seat_players(student), None, None)
    expect_equal(student.attr(game, "scores"), [0, 0], "scores of a new game")
    expect_equal(student.method(game, "is_over"), False, "is_over() of a new game")
    expect_equal(student.method(game, "winner"), None, "winner() of a new game")
    expect_equal(student.attr(game, "trumps"), None, "trumps of a new game")
    expect_equal(student.builtin("len", student.attr(game, "tricks")), 0, "len(tricks), new game")


@pytest.mark.parametrize("order", ["five players", "seats 1 0 2 3", "a None in seat 2"])
def test_players_that_cannot_sit_are_refused(student, order):
    """Five players, ids out of order, or a None instead of a player: ValueError."""
    players = seat_players(student)
    if order == "five players":
        players.append(student.whist.basic_player.BasicPlayer(0))
    elif order == "seats 1 0 2 3":
        players[0], players[1] = players[1], players[0]
    else:
        players[2] = None
    with student.raises("ValueError"):
        student.whist.basic_whist.BasicWhist(players, None, None)


@pytest.mark.weight(2)
def test_every_player_is_told_the_trumps(student):
    """After play_hand, every player's trumps are the game's trumps."""
    players = seat_players(student)
    game = student.whist.basic_whist.BasicWhist(players, student.builtin("Random", 12), None)
    student.method(game, "play_hand")
    trumps = student.attr(game, "trumps")
    expect_true(trumps is not None, "the game's trumps after play_hand should be a Suit")
    for seat, player in enumerate(players):
        expect_equal(student.attr(player, "trumps"), trumps, f"player {seat}'s trumps")


@pytest.mark.weight(2)
def test_a_silent_game_writes_nothing(student):
    """With write=None, play_hand prints nothing."""
    game = student.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", 4), None
    )
    run = student.console(student.whist.basic_whist.BasicWhist.play_hand, game)
    expect_true(run.raised is None, f"play_hand raised {getattr(run.raised, 'type_name', '')}")
    expect_equal(run.out, "", "what a silent game's play_hand printed")


@pytest.mark.weight(2)
def test_a_reported_hand_writes_the_trumps_each_trick_and_the_scores(student):
    """With the default write (print), a hand reports at least 15 lines: trumps, 13 tricks,
    scores."""
    game = student.whist.basic_whist.BasicWhist(seat_players(student), student.builtin("Random", 4))
    run = student.console(student.whist.basic_whist.BasicWhist.play_hand, game)
    expect_true(run.raised is None, f"play_hand raised {getattr(run.raised, 'type_name', '')}")
    lines = [line for line in run.out.splitlines() if line.strip()]
    expect_true(
        len(lines) >= TRICKS + 2,
        f"play_hand with write=print wrote {len(lines)} lines, expected the trumps, each of "
        f"the 13 tricks and the scores:\n{run.out}",
    )


@pytest.mark.weight(3)
@pytest.mark.parametrize("seed", [6, 77])
def test_play_game_like_the_reference(student, ref, seed):
    """play_game plays seeded hands until a side has 7 points and returns that side."""
    model = reference_game(ref, seed)
    winner = model.play_game()
    game = student.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", seed), None
    )
    expect_equal(student.method(game, "play_game"), winner, f"play_game(), seed {seed}")
    expect_equal(student.attr(game, "scores"), list(model.scores), f"scores at the end, {seed}")
    expect_equal(student.method(game, "is_over"), True, f"is_over() at the end, seed {seed}")
    expect_equal(student.method(game, "winner"), winner, f"winner() at the end, seed {seed}")


def test_play_game_reports_every_hand_and_the_winners(student, ref):
    """With write=print, play_game writes each hand's lines and then the winners."""
    hands = 0
    model = reference_game(ref, 6)
    while not model.is_over():
        model.play_hand()
        hands += 1
    game = student.whist.basic_whist.BasicWhist(seat_players(student), student.builtin("Random", 6))
    run = student.console(student.whist.basic_whist.BasicWhist.play_game, game)
    expect_true(run.raised is None, f"play_game raised {getattr(run.raised, 'type_name', '')}")
    lines = [line for line in run.out.splitlines() if line.strip()]
    expect_true(
        len(lines) >= hands * (TRICKS + 2) + 1,
        f"play_game with write=print, seed 6 ({hands} hands), wrote {len(lines)} lines: "
        "expected each hand's report and then the winners",
    )


@pytest.mark.weight(2)
@pytest.mark.parametrize("seed", [1, 9, 40])
def test_basic_game_like_the_reference(student, ref, seed):
    """basic_game(random.Random(seed), None) wins like the reference: one generator for the
    game and the players' ties."""
    expected = ref.module("whist.basic_whist").basic_game(random.Random(seed), None)
    got = student.whist.basic_whist.basic_game(student.builtin("Random", seed), None)
    expect_equal(got, expected, f"basic_game(random.Random({seed}), None)")


def test_a_silent_basic_game_writes_nothing(student):
    """basic_game(rng, None) prints nothing."""
    run = student.console(student.whist.basic_whist.basic_game, student.builtin("Random", 2), None)
    expect_true(run.raised is None and run.result in (0, 1), "basic_game(rng, None) should play")
    expect_equal(run.out, "", "what basic_game(random.Random(2), None) printed")


def human_answers(ref, seed, again):
    """Answers that play whole reference games as the person, and the prompts they meet.

    Each request for a card is answered with the next number of a cycle over the hand, so
    a refused card is followed by another until one is allowed; each question of another
    game takes the next answer of ``again``.
    """
    answers, cycle, prompts = [], [0], []

    def read(prompt):
        prompts.append(prompt)
        if prompt == AGAIN:
            answers.append(again[len([p for p in prompts if p == AGAIN]) - 1])
        else:
            count = int(prompt.split("-")[1].split(")")[0])
            cycle[0] += 1
            answers.append(str(cycle[0] % count + 1))
        return answers[-1]

    ref.module("whist.basic_whist").human_game(read, lambda line: None, random.Random(seed))
    return answers, prompts


@pytest.mark.weight(3)
@pytest.mark.parametrize("again", [("n",), ("y", "no")])
def test_human_game_asks_for_another_game(student, ref, again):
    """The person plays seat 0; after each game "Play another game? (y/n) " is asked, and
    only an answer starting with "y" plays again."""
    answers, prompts = human_answers(ref, 5, again)
    try:
        result = student.call(
            student.whist.basic_whist.human_game,
            rng=student.builtin("Random", 5),
            _stdin="\n".join(answers) + "\n",
        )
    except StudentRaised as error:
        raise AssertionError(
            f"human_game(rng=random.Random(5)) raised {error.type_name}: {error.message}"
        ) from None
    out = student.last_out
    what = f"human_game(rng=random.Random(5)), answering {' then '.join(again)} to {AGAIN!r}"
    expect_equal(result, None, f"{what}: the result")
    expect_equal(out.count(AGAIN), len(again), f"{what}: the number of questions {AGAIN!r}")
    asked = len(prompts) - len(again)
    expect_equal(out.count("Your card (1-"), asked, f"{what}: the number of requests for a card")
