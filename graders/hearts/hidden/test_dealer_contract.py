"""Hidden tests of Dealer (phase 2): a new deal forgets everything of the last hand.

The public tests deal once, to players holding nothing. Here the players already hold
cards of an earlier deal and have taken a trick, as before every hand but the first.
"""

import pytest
from hearts_games import DECK

from cardlab.testing import cards, expect_equal

pytestmark = pytest.mark.part("dealer")

ORDER = {text: i for i, text in enumerate(DECK)}


@pytest.mark.parametrize("dealer_seat", [0, 3])
def test_a_second_deal_starts_every_hand_anew(student, dealer_seat):
    """After a hand played in part, a deal leaves each player its 13 new cards, nothing taken."""
    dealer = student.pkg.dealer.Dealer("North", student.builtin("Random", 0))
    others = [student.pkg.player.Player(n, student.builtin("Random", 0)) for n in ("E", "S", "W")]
    players = [*others]
    players.insert(dealer_seat, dealer)
    dealer.deal(cards(" ".join(DECK)), players)
    for player in players:
        player.collect(cards("2C 3C 4C 5C"))
    second = DECK[::-1]
    dealer.deal(cards(" ".join(second)), players)
    for position, player in enumerate(players):
        mine = sorted(second[position::4], key=ORDER.get)
        made = "deal(full deck), every player collect([2C, 3C, 4C, 5C]), deal(reversed deck)"
        expect_equal(player.hand, cards(" ".join(mine)), f"hand of player {position} after {made}")
        expect_equal(player.taken, cards(""), f"taken of player {position} after {made}")
