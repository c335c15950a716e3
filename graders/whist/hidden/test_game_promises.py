"""Hidden tests of BasicWhist's promises beyond the seeded game trick by trick.

A new game's state, the players it refuses, the trumps every player is told, the report
written (or not) through ``write``, whole games by ``play_game`` and ``basic_game``, and
``human_game`` asking for another game. How a basic player breaks a tie is left open,
so whole games are compared with the same seeded game played again on your side, not
with the reference's.
"""

import pytest

from cardlab.testing import StudentRaised, expect_equal, expect_true

pytestmark = pytest.mark.part("game")

TRICKS = 13
AGAIN = "Play another game? (y/n) "


def seat_players(student):
    """Four BasicPlayers with seeded BasicStrategy generators, as the seeded game test seats."""
    strategy = student.pkg.whist.basic_strategy.BasicStrategy
    return [
        student.pkg.whist.basic_player.BasicPlayer(
            seat, strategy(student.builtin("Random", 70 + seat))
        )
        for seat in range(4)
    ]


def hands_to_the_end(student, seed):
    """The hands a silent seeded game plays until it is over, and its final scores."""
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", seed), None
    )
    hands = 0
    while not student.method(game, "is_over"):
        student.method(game, "play_hand")
        hands += 1
        expect_true(hands < 40, f"seed {seed}: the game should be over within 40 hands")
    return hands, student.attr(game, "scores")


def test_a_new_game(student):
    """Before any hand: scores (0, 0), not over, no winner, no trumps, no tricks."""
    game = student.pkg.whist.basic_whist.BasicWhist(seat_players(student), None, None)
    expect_equal(student.attr(game, "scores"), [0, 0], "scores of a new game")
    expect_equal(student.method(game, "is_over"), False, "is_over() of a new game")
    expect_equal(student.method(game, "winner"), None, "winner() of a new game")
    expect_equal(student.attr(game, "trumps"), None, "trumps of a new game")
    expect_equal(student.builtin("len", student.attr(game, "tricks")), 0, "len(tricks), new game")


@pytest.mark.parametrize("order", ["five players", "seats 1 0 2 3", "seats 0 1 3 2"])
def test_players_that_cannot_sit_are_refused(student, order):
    """Five players, or players whose ids are not 0 to 3 in order: ValueError."""
    players = seat_players(student)
    if order == "five players":
        players.append(student.pkg.whist.basic_player.BasicPlayer(0))
    elif order == "seats 1 0 2 3":
        players[0], players[1] = players[1], players[0]
    else:
        players[2], players[3] = players[3], players[2]
    with student.raises("ValueError"):
        student.pkg.whist.basic_whist.BasicWhist(players, None, None)


@pytest.mark.weight(2)
def test_every_player_is_told_the_trumps(student):
    """After play_hand, every player's trumps are the game's trumps."""
    players = seat_players(student)
    game = student.pkg.whist.basic_whist.BasicWhist(players, student.builtin("Random", 12), None)
    student.method(game, "play_hand")
    trumps = student.attr(game, "trumps")
    expect_true(trumps is not None, "the game's trumps after play_hand should be a Suit")
    for seat, player in enumerate(players):
        expect_equal(student.attr(player, "trumps"), trumps, f"player {seat}'s trumps")


@pytest.mark.weight(2)
def test_a_silent_game_writes_nothing(student):
    """With write=None, play_hand prints nothing."""
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", 4), None
    )
    run = student.console(student.pkg.whist.basic_whist.BasicWhist.play_hand, game)
    expect_true(run.raised is None, f"play_hand raised {getattr(run.raised, 'type_name', '')}")
    expect_equal(run.out, "", "what a silent game's play_hand printed")


@pytest.mark.weight(2)
def test_a_reported_hand_writes_each_trick(student):
    """With the default write (print), a hand reports at least a line for each trick."""
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", 4)
    )
    run = student.console(student.pkg.whist.basic_whist.BasicWhist.play_hand, game)
    expect_true(run.raised is None, f"play_hand raised {getattr(run.raised, 'type_name', '')}")
    lines = [line for line in run.out.splitlines() if line.strip()]
    expect_true(
        len(lines) >= TRICKS,
        f"play_hand with write=print wrote {len(lines)} lines, expected one for each of "
        f"the 13 tricks at least:\n{run.out}",
    )


@pytest.mark.weight(3)
@pytest.mark.parametrize("seed", [6, 77])
def test_play_game_plays_to_the_end(student, seed):
    """play_game plays the hands play_hand would, until a side has 7 points, and returns
    that side."""
    _, scores = hands_to_the_end(student, seed)
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", seed), None
    )
    winner = student.method(game, "play_game")
    what = f"play_game(), seed {seed}"
    expect_equal(student.attr(game, "scores"), scores, f"{what}: scores, as hand by hand")
    expect_true(max(scores) >= 7, f"{what}: a side should have 7 points; scores {scores}")
    expect_equal(winner, 0 if scores[0] > scores[1] else 1, f"{what}: the side returned")
    expect_equal(student.method(game, "is_over"), True, f"{what}: is_over() afterwards")
    expect_equal(student.method(game, "winner"), winner, f"{what}: winner() afterwards")


def test_play_game_reports_every_hand(student):
    """With write=print, play_game reports every hand it plays, each trick at least."""
    hands, _ = hands_to_the_end(student, 6)
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", 6)
    )
    run = student.console(student.pkg.whist.basic_whist.BasicWhist.play_game, game)
    expect_true(run.raised is None, f"play_game raised {getattr(run.raised, 'type_name', '')}")
    lines = [line for line in run.out.splitlines() if line.strip()]
    expect_true(
        len(lines) >= hands * TRICKS,
        f"play_game with write=print, seed 6 ({hands} hands), wrote {len(lines)} lines: "
        "expected a line for each trick of each hand at least",
    )


@pytest.mark.weight(2)
@pytest.mark.parametrize("seed", [1, 9, 40, 41])
def test_basic_game_replays_a_seed(student, seed):
    """basic_game(random.Random(seed), None) is one seeded game: the same winner twice."""
    play = student.pkg.whist.basic_whist.basic_game
    first = play(student.builtin("Random", seed), None)
    expect_true(first in (0, 1), f"basic_game(random.Random({seed}), None) returned {first!r}")
    expect_equal(play(student.builtin("Random", seed), None), first, f"basic_game again, {seed}")


def test_a_silent_basic_game_writes_nothing(student):
    """basic_game(rng, None) prints nothing."""
    run = student.console(
        student.pkg.whist.basic_whist.basic_game, student.builtin("Random", 2), None
    )
    expect_true(run.raised is None and run.result in (0, 1), "basic_game(rng, None) should play")
    expect_equal(run.out, "", "what basic_game(random.Random(2), None) printed")


@pytest.mark.weight(3)
def test_human_game_ends_when_the_answer_is_not_yes(student):
    """The person plays seat 0; after the game "Play another game? (y/n) " is asked once,
    and an answer not starting with "y" ends human_game."""
    typed = "\n".join(str(n) for n in range(1, 14)) + "\n"  # each card asked: 1, 2, ... 13
    what = "human_game(rng=random.Random(6)), answering 1 to 13 in turn to every question"
    try:
        result = student.call(
            student.pkg.whist.basic_whist.human_game,
            rng=student.builtin("Random", 6),
            _stdin=typed * 400,
        )
    except StudentRaised as error:
        raise AssertionError(f"{what}: raised {error.type_name}: {error.message}") from None
    expect_equal(result, None, f"{what}: the result")
    expect_equal(student.last_out.count(AGAIN), 1, f"{what}: the questions {AGAIN!r}")
    expect_true(
        student.last_out.count("Your card (1-") >= TRICKS,
        f"{what}: the person should be asked for a card in every trick",
    )
