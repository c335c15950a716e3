"""Hidden tests of AdvancedStrategy's legality (phase 2, tournament part).

How your strategy plays is yours to design; what it plays is not: a card of the hand it
is given, of the led suit whenever the hand holds one. The tournament forfeits a play
for a card that breaks this rule, which costs that play's tricks; these tests make it a
failure of the part in its own right, as the scoring policy for every assignment's
computer players says (a crash or an illegal card is a fault of the player, not only a
lost game). They ask for cards in situations aimed at every branch of the basic rule
(a strategy new to the hand, as at the start of a tournament game), through whole
seeded hands, with memory from trick to trick, and through hands in a row played by the
same objects, as in a game to seven points: memory of an earlier hand may guide the
play, never make a card illegal. Together they weigh a fifth of the part: a legal
strategy keeps those points even when it does not yet beat the basic one.
"""

import hypothesis
import pytest
from hypothesis import given, settings
from test_tournament_reference import Forfeit, ask, play
from whist_situations import BRANCHES, situations

pytestmark = pytest.mark.part("tournament")

DEALS = 6
"""Seeded deals played twice each (the advanced side in seats 0 and 2, then 1 and 3)."""

HANDS_IN_A_ROW = 6
"""Seeded hands the same strategy objects play one after another, on each side."""

_WEIGHT = 0.5 / 3
"""The three tests share the fifth of the part that legality weighs."""


def check_branch(student, r, seeds, branch):
    """A new AdvancedStrategy chooses an allowed card in situations of one branch."""

    # A @given made inside a test is seeded here, not by the autouse fixture.
    @hypothesis.seed(seeds.seed("whist", "advanced legality", branch))
    @settings(max_examples=8, deadline=None)
    @given(situations(r, branch))
    def check(drawn):
        _, trumps, leader, played, hand = drawn
        trick = r.trick.Trick(r.Suit[trumps], leader)
        for offset, text in enumerate(played):
            trick.set_card((leader + offset) % 4, r.of(text))
        strategy = student.pkg.whist.advanced_strategy.AdvancedStrategy()
        try:
            ask(student, r, strategy, r.cards(hand), trick)
        except Forfeit as forfeit:
            raise AssertionError(f"in {branch}: {forfeit}") from None

    check()


@pytest.mark.weight(_WEIGHT)
def test_a_card_of_the_hand_following_suit(student, r, seeds):
    """In each branch of the basic rule, a new AdvancedStrategy chooses a card it may play."""
    for branch in BRANCHES:
        check_branch(student, r, seeds, branch)


@pytest.mark.weight(_WEIGHT)
def test_whole_hands_are_played_legally(student, r, seeds):
    """Seeded hands against two reference BasicStrategy players: every card allowed.

    Each play has new AdvancedStrategy objects, as in the tournament.
    """
    for deal in range(DEALS):
        seed = seeds.seed("whist", "advanced legality hands", deal)
        for parity in (0, 1):
            advanced = {
                seat: student.pkg.whist.advanced_strategy.AdvancedStrategy()
                for seat in range(4)
                if seat % 2 == parity
            }
            try:
                play(student, r, seed, advanced, parity)
            except Forfeit as forfeit:
                raise AssertionError(
                    f"deal {deal + 1}, your strategy in seats {parity} and {parity + 2}: {forfeit}"
                ) from None


@pytest.mark.weight(_WEIGHT)
def test_hands_in_a_row_are_played_legally_by_the_same_strategies(student, r, seeds):
    """The same AdvancedStrategy objects play seeded hands one after another: every card
    allowed in every hand, whatever they remember of the earlier ones."""
    for parity in (0, 1):
        advanced = {
            seat: student.pkg.whist.advanced_strategy.AdvancedStrategy()
            for seat in range(4)
            if seat % 2 == parity
        }
        for hand in range(HANDS_IN_A_ROW):
            seed = seeds.seed("whist", "advanced legality hands in a row", parity, hand)
            try:
                play(student, r, seed, advanced, parity)
            except Forfeit as forfeit:
                raise AssertionError(
                    f"hand {hand + 1} played by the same strategies, in seats {parity} and "
                    f"{parity + 2}: {forfeit}"
                ) from None
