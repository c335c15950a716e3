"""Hidden legality sweep (phase 1): a computer player of yours in 300 seeded games.

The grader plays the games itself, on the provided game (the reference's own, in the
judge), with the reference's Players in three seats and a Player of yours in the fourth
(``hearts_seats``), a different seat from one game to the next, so that your Player
deals, leads and follows from every place at the table. Every card of its seat is your
Player's choice, checked with the reference rules before it is played. A card the rules
refuse, a choice that is not a card of the hand, or an exception from your code fails
the batch.

Each of your cards is a call into your process (and its play, the deal and the tricks
taken a few more): about 350 calls a game of eleven hands or so. The calls that only tell
your Player what happened travel with the next card it is asked for.
"""

import hearts_games
import hearts_seats
import pytest
from hearts_games import SEAT_NAMES

pytestmark = pytest.mark.part("legality")

GAMES = 300
BATCHES = 10


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_play_is_legal(student, ref, seeds, batch):
    """30 seeded games with a computer player of yours: every card it plays is legal."""
    per_batch = GAMES // BATCHES
    games = hearts_games.game_seeds(seeds, "legality", batch * per_batch + 1, per_batch)
    for number, seed in games.items():
        seat = number % len(SEAT_NAMES)
        try:
            hearts_seats.play_judged_game(student, ref, seed, seat)
        except hearts_seats.Illegal as illegal:
            raise AssertionError(
                f"seeded game {number}, your Player as {SEAT_NAMES[seat]}: {illegal}"
            ) from None
