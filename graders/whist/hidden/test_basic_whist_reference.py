"""Hidden tests of BasicWhist (phase 2): whole seeded games checked trick by trick.

Your BasicWhist plays with your BasicPlayers, each with its own seeded generator. The
grader deals the same hands as the game's recipe (``Deck(rng)``, then
``Suit.random(rng)``, then ``rng.randrange(4)``, then the cards one at a time to seats
0 to 3), and checks every trick: the right leader, each card from the hand of the
player who played it, the right winner, then each hand's tricks and the scores. It does
not check which card a player chose: that is BasicStrategy's part. The tricks taken, the
scores and the winner are the reference's BasicWhist's, playing the same deals with
players that play the cards yours played.
"""

import random

import pytest

from cardlab.testing import expect_equal, expect_true, member, misbehaving

pytestmark = pytest.mark.part("game")

SEEDS = (1, 2015, 31337)


def seat_players(student):
    strategy = student.pkg.whist.basic_strategy.BasicStrategy
    return [
        student.pkg.whist.basic_player.BasicPlayer(
            seat, strategy(student.builtin("Random", 70 + seat))
        )
        for seat in range(4)
    ]


class Replay:
    """The reference's side of a seeded game: the deals, and the reference's BasicWhist
    playing them with players that play the cards yours played."""

    def __init__(self, r, ref, seed, write):
        self.r = r
        self.rng = random.Random(seed)
        self.queues = [[], [], [], []]
        strategy = ref.module("whist.player").Strategy
        queues = self.queues

        class Replayed(strategy):
            def __init__(self, seat):
                self.seat = seat

            def choose_card(self, hand, trick):
                return queues[self.seat].pop(0)

            def update_data(self, trick):
                pass

        players = [ref.module("whist.basic_player").BasicPlayer(s, Replayed(s)) for s in range(4)]
        self.game = ref.module("whist.basic_whist").BasicWhist(players, random.Random(seed), write)

    def next_hand(self):
        deck = self.r.deck.Deck(self.rng)
        trumps = self.r.Suit.random(self.rng)
        leader = self.rng.randrange(4)
        hands = [[], [], [], []]
        for index, dealt in enumerate(deck):
            hands[index % 4].append(dealt.notation)
        return trumps, leader, hands

    def check_hand(self, student, game, number):
        trumps, leader, hands = self.next_hand()
        where = f"hand {number}"
        taken = student.method(game, "play_hand")
        expect_equal(student.attr(game, "trumps"), member("Suit", trumps.name), f"{where}: trumps")
        tricks = student.attr(game, "tricks")
        expect_equal(len(tricks) if type(tricks) is list else tricks, 13, f"{where}: len(tricks)")
        for index, handle in enumerate(tricks, start=1):
            expect_equal(
                student.attr(handle, "lead_player"), leader, f"{where}, trick {index}: lead_player"
            )
            played = student.attr(handle, "cards")
            expect_true(
                type(played) is list and len(played) == 4,
                f"{where}, trick {index}: cards should be four cards, got {played!r}",
            )
            model = self.r.trick.Trick(trumps, leader)
            for offset, value in enumerate(played):
                seat = (leader + offset) % 4
                expect_true(
                    getattr(value, "text", None) in hands[seat],
                    f"{where}, trick {index}: player {seat} played {value!r}, "
                    f"not a card of its hand [{' '.join(hands[seat])}]",
                )
                hands[seat].remove(value.text)
                model.set_card(seat, self.r.of(value.text))
                self.queues[seat].append(self.r.of(value.text))
            leader = model.winner()
        expected = list(self.game.play_hand())
        expect_equal(taken, expected, f"{where}: the tricks taken returned by play_hand()")
        expect_equal(student.attr(game, "scores"), list(self.game.scores), f"{where}: scores")
        expect_equal(student.method(game, "winner"), self.game.winner(), f"{where}: winner()")


@pytest.mark.weight(5)
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_game_trick_by_trick(student, r, ref, seed):
    """A whole seeded game to 7 points: deals, leaders, tricks, scores and the winner."""
    game = student.pkg.whist.basic_whist.BasicWhist(
        seat_players(student), student.builtin("Random", seed), None
    )
    write = None if seed == SEEDS[0] else [].append  # the reference's game silent or not
    replay = Replay(r, ref, seed, write)
    number = 0
    while not replay.game.is_over():
        number += 1
        replay.check_hand(student, game, number)
        expect_true(number < 40, "the game should be over within 40 hands")
    expect_equal(student.method(game, "is_over"), True, "is_over() once a side has 7 points")


def test_wrong_number_of_players(student):
    """BasicWhist with three players raises ValueError."""
    with student.raises("ValueError"):
        student.pkg.whist.basic_whist.BasicWhist(seat_players(student)[:3], None, None)


@pytest.mark.weight(2)
@pytest.mark.parametrize("entry", ["basic_game", "advanced_game"])
def test_entry_points(student, entry):
    """basic_game and advanced_game play a whole game and return the winning side."""
    run = student.console(
        getattr(student.pkg.whist.basic_whist, entry), student.builtin("Random", 3)
    )
    if run.raised is not None:
        raise AssertionError(
            f"{entry}(random.Random(3)) raised {run.raised.type_name}: {run.raised.message}"
        )
    expect_true(
        run.result in (0, 1), f"{entry}(random.Random(3)) returned {run.result!r}, not 0 or 1"
    )
    expect_true(bool(run.out.strip()), f"{entry}(random.Random(3)) printed nothing")


@pytest.mark.weight(2)
def test_every_player_is_shown_every_completed_trick(student):
    """After each trick, the game shows it whole to each of the four players (view_trick).

    The players are your BasicPlayers, but for ``view_trick``, which notes the trick it
    is shown; the tricks noted are compared, card by card, with the hand's ``tricks``.
    """
    watching = misbehaving(
        student, student.pkg.whist.basic_player.BasicPlayer, "view_trick", "returns", None
    )
    strategy = student.pkg.whist.basic_strategy.BasicStrategy
    players = [watching(seat, strategy(student.builtin("Random", 80 + seat))) for seat in range(4)]
    game = student.pkg.whist.basic_whist.BasicWhist(players, student.builtin("Random", 9), None)
    student.method(game, "play_hand")
    played = [student.attr(trick, "cards") for trick in student.attr(game, "tricks")]
    for seat, player in enumerate(players):
        shown = [student.attr(args[0], "cards") for args in student.attr(player, "handed")]
        expect_equal(
            shown,
            played,
            f"the tricks shown to player {seat} (view_trick) in a hand of BasicWhist(players, "
            "random.Random(9)), against the hand's tricks",
        )
