"""Hidden tests of the game (phase 2): whole seeded games compared event by event.

Your Dealer, Player and Hearts play seeded games in your process; the reference plays
the same seeds here. Every event must be the reference's, in order; the first
difference is shown with the events before it.
"""

import hearts_games
import pytest

from cardlab.testing import StudentRaised, WorkerFailure, expect_equal

pytestmark = pytest.mark.part("game")

MOON_SEARCH = 120
"""Games searched for moons: a few in every hundred games of random players shoot it."""


def compare_game(student, ref, number, seed):
    model = hearts_games.reference_game(ref, seed)
    expected = list(model.play_game())
    try:
        values = hearts_games.student_game(student, seed).play_game()
    except (StudentRaised, WorkerFailure) as error:
        raise AssertionError(f"seeded game {number}: {error}") from None
    got = hearts_games.events_from(ref, values) if isinstance(values, list) else values
    for index, (mine, theirs) in enumerate(zip(got, expected, strict=False)):
        if mine != theirs:
            before = "\n    ".join(hearts_games.shown_events(expected[max(0, index - 5):index]))
            raise AssertionError(
                f"seeded game {number}, event {index + 1}:\n"
                f"  expected: {hearts_games.shown_events([theirs])[0]}\n"
                f"  got:      {hearts_games.shown_events([mine])[0]}\n"
                f"  after:\n    {before}"
            )
    expect_equal(len(got), len(expected), f"number of events of seeded game {number}")


@pytest.mark.weight(6)
@pytest.mark.parametrize("batch", range(4))
def test_seeded_games_event_by_event(student, ref, seeds, batch):
    """Five seeded games: every event (deals, plays, takes, moons, scores, wins) in order."""
    for number, seed in hearts_games.game_seeds(seeds, "game", 5 * batch + 1, 5).items():
        compare_game(student, ref, number, seed)


@pytest.mark.weight(2)
def test_state_during_a_game(student, ref, seeds):
    """to_play, trick, leader, hearts_broken and tricks_played after every card of a hand."""
    seed = seeds.seed("hearts", "state", 1)
    model = hearts_games.reference_game(ref, seed)
    game = hearts_games.student_game(student, seed)
    for turn in range(52):
        for name in ("to_play", "trick", "leader", "hearts_broken", "tricks_played", "totals"):
            expect_equal(getattr(game, name), ref.canon(getattr(model, name)),
                         f"{name} after {turn} cards of seeded game 1")
        expect_equal(game.legal_plays(), ref.canon(model.legal_plays()),
                     f"legal_plays() after {turn} cards")
        model.play_turn()
        game.play_turn()


def test_moon_games(student, ref, seeds):
    """Seeded games in which someone shoots the moon: the same scores and totals."""
    moons = {number: seed
             for number, seed in hearts_games.game_seeds(seeds, "moon", 1, MOON_SEARCH).items()
             if any(e.kind == "moon" for e in hearts_games.reference_game(ref, seed).play_game())}
    assert moons, "no moon in the seeds searched"
    for number in sorted(moons)[:3]:
        compare_game(student, ref, number, moons[number])
