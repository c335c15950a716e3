"""Hidden legality sweep (phase 1): your computer players in 300 seeded games.

The games run in your process on the provided game, with your Card, rules and Player
inside it; what they played comes back as the game's events, and every play is checked
here with the reference rules, from the events alone. A card refused by the game, an
exception or a game that does not end in time fails the batch.
"""

import hearts_games
import pytest

from cardlab.judge.proxy import StudentRaised
from cardlab.worker.process import WorkerFailure

pytestmark = pytest.mark.part("legality")

GAMES = 300
BATCHES = 10


@pytest.mark.parametrize("batch", range(BATCHES))
def test_every_play_is_legal(student, ref, seeds, batch):
    """30 seeded games of your computer players: every card played is legal."""
    per_batch = GAMES // BATCHES
    games = hearts_games.game_seeds(seeds, "legality", batch * per_batch + 1, per_batch)
    for number, seed in games.items():
        try:
            values = hearts_games.student_game(student, seed).play_game()
        except (StudentRaised, WorkerFailure) as error:
            raise AssertionError(f"seeded game {number}: {error}") from None
        if not isinstance(values, list) or not values:
            raise AssertionError(f"seeded game {number}: play_game() returned {values!r}")
        problems = hearts_games.illegal_plays(ref, hearts_games.events_from(ref, values))
        if problems:
            raise AssertionError(f"seeded game {number}: {problems[0]}")
