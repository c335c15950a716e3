"""Hidden legality sweep (phase 1): your computer players in 60 seeded games.

The grader plays the games itself, on the provided game (the reference's own, in the
judge), with a Player of yours in each seat (``hearts_seats``): every card is your
Player's choice, checked with the reference rules before it is played. A card the
rules refuse, a choice that is not a card of the hand, or an exception from your code
fails the batch.

Every card is one call into your process (and its play, the deals and the tricks taken
a few more), so a game of about eleven hands costs about 1,400 calls: 60 games keep the
sweep near a minute of grading, with every rule of play met many times over.
"""

import hearts_games
import hearts_seats
import pytest

pytestmark = pytest.mark.part("legality")

GAMES = 60
BATCHES = 10


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_play_is_legal(student, ref, seeds, batch):
    """6 seeded games of your computer players: every card played is legal."""
    per_batch = GAMES // BATCHES
    games = hearts_games.game_seeds(seeds, "legality", batch * per_batch + 1, per_batch)
    for number, seed in games.items():
        try:
            hearts_seats.judged_game(student, ref, seed).play_game()
        except hearts_seats.Illegal as illegal:
            raise AssertionError(f"seeded game {number}: {illegal}") from None
