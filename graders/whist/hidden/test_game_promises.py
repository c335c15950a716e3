"""Hidden tests of BasicWhist's promises beyond the seeded game trick by trick.

A new game's state, the players it refuses, the trumps every player is told, the report
written (or not) through ``write``, whole games by ``play_game`` and ``basic_game``, and
``human_game`` asking for another game. How a basic player breaks a tie is left open,
so whole games are compared with the same seeded game played again on your side, not
with the reference's.
"""

import pytest

from cardlab.testing import StudentRaised, expect_equal, expect_true, misbehaving

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


@pytest.mark.weight(2)
@pytest.mark.parametrize("seed", [1, 9])
def test_basic_game_replays_its_report(student, seed):
    """basic_game(random.Random(seed), write): the game and the players' ties come from rng
    alone, so the same seed writes the same report, line for line."""
    reports = []
    for _ in range(2):
        keeper, write = line_keeper(student)
        student.pkg.whist.basic_whist.basic_game(student.builtin("Random", seed), write)
        reports.append(student.attr(keeper, "handed"))
    expect_true(bool(reports[0]), f"basic_game(random.Random({seed}), write) wrote nothing")
    expect_equal(reports[1], reports[0], f"the report of basic_game(random.Random({seed})) again")


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


@pytest.mark.weight(2)
@pytest.mark.parametrize(("failing", "shown_before"), [(0, ()), (3, (0, 1, 2))])
def test_players_are_shown_a_trick_in_seat_order(student, failing, shown_before):
    """The completed trick is shown to seats 0, 1, 2, 3 in that order, whoever led it.

    One player's view_trick fails; the others note the tricks they are shown. Seat 0
    failing, no one has been shown the first trick yet; seat 3 failing, seats 0 to 2
    have. The first trick of random.Random(1)'s hand is led by seat 2.
    """
    player = student.pkg.whist.basic_player.BasicPlayer
    watching = misbehaving(student, player, "view_trick", "returns", None)
    refusing = misbehaving(student, player, "view_trick", "raises", None)
    strategy = student.pkg.whist.basic_strategy.BasicStrategy
    players = [
        (refusing if seat == failing else watching)(seat, strategy(student.builtin("Random", seat)))
        for seat in range(4)
    ]
    game = student.pkg.whist.basic_whist.BasicWhist(players, student.builtin("Random", 1), None)
    with student.raises("CollaboratorFailed"):
        student.method(game, "play_hand")
    for seat, seated in enumerate(players):
        if seat == failing:
            continue
        expect_equal(
            student.builtin("len", student.attr(seated, "handed")),
            1 if seat in shown_before else 0,
            f"tricks shown to seat {seat} when seat {failing}'s view_trick failed on the "
            "first trick (seats are shown a trick in the order 0, 1, 2, 3)",
        )


CARD_ANSWERS = [str(n) for n in range(1, 14)] * 400
"""What the person types to every card question: 1 to 13 in turn, over and over."""


def line_keeper(student):
    """A list in the worker, and its ``append`` to pass as ``write``.

    The lines written are kept in that list instead of printed, so that the output holds
    only the prompts of ``read`` (``input``): a long report or a wordy console cannot
    push them past the output kept for a call. The list is the one a collaborator made
    by ``misbehaving`` keeps of what it is handed.
    """
    keeper = misbehaving(student, None, "choose_card", "returns", None)()
    return keeper, student.attr(student.attr_kept(keeper, "handed"), "append")


def human_game_run(student, lines, write):
    """Play human_game(input, write, random.Random(6)) on ``lines`` typed; return the output."""
    try:
        student.call(
            student.pkg.whist.basic_whist.human_game,
            write=write,
            rng=student.builtin("Random", 6),
            _stdin="".join(f"{line}\n" for line in lines),
        )
    except StudentRaised as error:
        raise AssertionError(
            f"human_game(rng=random.Random(6)): raised {error.type_name}: {error.message}"
        ) from None
    return student.last_out


def answered_after_one_game(student, answer):
    """The prompts of human_game(rng=random.Random(6)) answering ``answer`` after its first game.

    The first game is played once with card answers only, to count the card questions it
    asks; played again from the same seed, it asks as many, so ``answer`` comes next.
    """
    _, write = line_keeper(student)
    asked = human_game_run(student, CARD_ANSWERS, write).count("Your card (1-")
    typed = [*CARD_ANSWERS[:asked], answer, *CARD_ANSWERS[asked:]]
    return human_game_run(student, typed, line_keeper(student)[1])


@pytest.mark.weight(2)
@pytest.mark.parametrize("answer", ["y", "yes"])
def test_human_game_plays_again_on_an_answer_starting_with_y(student, answer):
    """Answering "y" or "yes" to "Play another game? (y/n) " starts a new game from 0 to 0:
    the person is asked for cards again, and the question comes again after it."""
    out = answered_after_one_game(student, answer)
    what = f"human_game(rng=random.Random(6)), answering {answer!r} after the first game"
    expect_equal(out.count(AGAIN), 2, f"{what}: the questions {AGAIN!r}")
    second = out.split(AGAIN)[1]
    expect_true(
        second.count("Your card (1-") >= TRICKS,
        f"{what}: the second game should be a new game, asking for a card in every trick",
    )


def test_human_game_ends_on_an_empty_answer(student):
    """An empty answer to "Play another game? (y/n) " does not start with "y": it ends."""
    out = answered_after_one_game(student, "")
    what = "human_game(rng=random.Random(6)), an empty answer after the first game"
    expect_equal(out.count(AGAIN), 1, f"{what}: the questions {AGAIN!r}")
    expect_equal(out.split(AGAIN)[1].count("Your card (1-"), 0, f"{what}: cards asked after it")


def lines_kept(student, keeper):
    """How many lines holding something were written to a keeper of ``line_keeper``."""
    return sum(1 for line in student.attr(keeper, "handed") if str(line).strip())


def silent_replay(student):
    """Play human_game(rng=random.Random(6))'s first game again, silently, on your classes.

    BasicWhist(players, rng, None) with the person's HumanStrategy in seat 0 (writing to
    a keeper of ``line_keeper``) and basic players whose ties rng breaks, the person
    typing CARD_ANSWERS: the game human_game plays first, as its docstring seats it.

    Returns:
        The lines the person's HumanStrategy wrote, and the side that won.
    """
    alone, person_write = line_keeper(student)
    rng = student.builtin("Random", 6)
    player = student.pkg.whist.basic_player.BasicPlayer
    strategy = student.pkg.whist.basic_strategy.BasicStrategy
    person = student.pkg.whist.human_strategy.HumanStrategy(write=person_write)
    players = [player(0, person), *(player(seat, strategy(rng)) for seat in (1, 2, 3))]
    game = student.pkg.whist.basic_whist.BasicWhist(players, rng, None)
    run = student.console(
        student.pkg.whist.basic_whist.BasicWhist.play_game,
        game,
        stdin="".join(f"{line}\n" for line in CARD_ANSWERS),
    )
    expect_true(
        run.raised is None, f"the silent game raised {getattr(run.raised, 'type_name', '')}"
    )
    return lines_kept(student, alone), run.result


@pytest.mark.weight(2)
def test_human_game_writes_the_game_report(student):
    """human_game writes the game's report, a line per trick at least, besides the person's
    own lines: its first game writes 13 lines more, at least, than the same seeded game
    played silently (``silent_replay``)."""
    whole, write = line_keeper(student)
    human_game_run(student, CARD_ANSWERS, write)
    own, _ = silent_replay(student)
    reported = lines_kept(student, whole)
    expect_true(
        reported >= own + TRICKS,
        f"human_game(rng=random.Random(6)) wrote {reported} lines in its game, and the "
        f"person's HumanStrategy alone {own} in the same game played silently: the game's "
        "report (a line per trick at least) should go through write too",
    )


SIDES = ("players 1 and 3", "players 2 and 4")
"""How human_game names the winners of partnership 0 and of partnership 1."""


@pytest.mark.weight(2)
def test_human_game_names_the_winners_last(student):
    """The last line human_game writes before "Play another game? (y/n) " names the winners
    of the game, "players 1 and 3" or "players 2 and 4" (any case), and not the losers;
    the winners are those of the same seeded game played silently (``silent_replay``)."""
    whole, write = line_keeper(student)
    human_game_run(student, CARD_ANSWERS, write)
    _, winner = silent_replay(student)
    written = [str(line) for line in student.attr(whole, "handed") if str(line).strip()]
    last = written[-1] if written else ""
    expect_true(
        SIDES[winner] in last.lower() and SIDES[1 - winner] not in last.lower(),
        f"human_game(rng=random.Random(6)): {SIDES[winner]} win its first game, and the last "
        f"line written before {AGAIN!r} was {last!r}: it should name the winners",
    )
