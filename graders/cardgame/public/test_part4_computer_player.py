"""Part 4: the SimpleComputerPlayer's choice (the course's nineteen cases).

Each case is a trick led by NORTH with its trumps and the cards played so far, the
computer player's hand, and the card it must choose.
"""

import pytest
from cardgame_setup import make_player, trick_so_far, trumps_text

from cardlab.testing import card, expect_equal

pytestmark = pytest.mark.part("computer-player")

# trumps (None: no trumps), cards played so far, the player's hand, the card to choose
CASES = [
    ("H", "", "2H QH AS", "QH"),  # leading: a trump counts as highest
    (None, "", "AD 2H QH", "AD"),
    ("C", "", "AD 2H QH 10S", "AD"),
    ("C", "", "AD 2H QH AS", "AS"),  # equal ranks: the higher suit
    ("H", "AH KH", "2H QH", "2H"),  # cannot win: the lowest
    ("H", "AC KC", "QC 3C 10C 2H", "3C"),
    (None, "AC KC", "QC 3C 10C 2H", "3C"),
    ("C", "5C 7C", "QC 10C 2H", "QC"),  # can win, not last: the highest
    ("H", "5C 7C", "QC 10C 2H", "QC"),
    (None, "5C 7C", "QC 10C 2H", "QC"),
    ("D", "AD KC", "2H QS", "2H"),
    ("D", "AC KC", "2H QS", "2H"),
    (None, "QS KC", "2H AS", "AS"),
    ("D", "AD KC", "2H 2S", "2H"),  # equal ranks: Hearts lowest
    ("H", "10H 5H 9H", "JH KH AS", "JH"),  # last to play: the least winning card
    ("H", "2C 5S 9D", "5C KC AH", "5C"),
    (None, "2C 5S 9S", "5C KC AH", "5C"),
    ("H", "2C 5S 9S", "10H AH KS", "10H"),
    ("H", "2C JH 9S", "10H AH KS QH", "QH"),
]


@pytest.mark.parametrize(
    "case", CASES, ids=[f"simple_ai_{number}" for number in range(1, len(CASES) + 1)]
)
def test_simple_ai(student, case):
    """SimpleComputerPlayer.next_card chooses as the rules say."""
    trumps, played, hand, expected = case
    trick, who = trick_so_far(student, trumps, played)
    computer = student.pkg.simple_computer_player.SimpleComputerPlayer(
        make_player(student, who, hand)
    )
    table = f"after {played}" if played else "leading"
    expect_equal(
        computer.next_card(trick),
        card(expected),
        f"{trumps_text(trumps)}, {table}: SimpleComputerPlayer holding {hand}; next_card(trick)",
    )
