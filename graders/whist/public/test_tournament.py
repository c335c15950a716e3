"""The practice tournament (phase 2): your AdvancedStrategy against your BasicStrategy.

This public test runs the duplicate tournament on your own game: for each deal, your
BasicWhist plays the hand of ``random.Random(seed)`` twice, your AdvancedStrategy in
seats 0 and 2 and then in seats 1 and 3, with your BasicStrategy in the other seats.
The grader's own tournament plays against the reference BasicStrategy on the
reference game. Both play the deals in the spec's batches, give credit by the spec's
thresholds on the interval of the mean points per deal, and draw the running result
with its 95% confidence interval.
"""

import pytest
from whist_tournament import award, play_deals

pytestmark = pytest.mark.part("tournament")

TABLES = (0, 1)  # the seat parity of the advanced partnership
PRACTICE_SEED = 1_000_000  # other deals than the grader's own tournament


def seat_table(student, advanced_parity):
    whist = student.pkg.whist
    players = []
    for seat in range(4):
        if seat % 2 == advanced_parity:
            strategy = whist.advanced_strategy.AdvancedStrategy()
        else:
            strategy = whist.basic_strategy.BasicStrategy(student.builtin("Random", 100 + seat))
        players.append(whist.basic_player.BasicPlayer(seat, strategy))
    return players


def test_practice_tournament(student, phase, credit, artifacts):
    """Your AdvancedStrategy against your BasicStrategy, on your game, every deal twice."""
    tables = [seat_table(student, parity) for parity in TABLES]

    def play_deal(deal):
        seed = PRACTICE_SEED + deal - 1
        taken = []
        for parity, players in zip(TABLES, tables, strict=True):
            game = student.pkg.whist.basic_whist.BasicWhist(
                players, student.builtin("Random", seed), None
            )
            tricks = student.method(game, "play_hand")
            taken.append(tricks[parity])
        return taken

    result, verdict = play_deals(phase.tournament, play_deal)
    award(result, verdict, credit, (artifacts, "whist-practice-tournament.svg"))
