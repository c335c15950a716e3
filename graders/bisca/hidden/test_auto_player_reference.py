"""Hidden tests of AutoPlayer (phase 3): legal, repeatable choices on views of real games.

The views come from seeded reference games and are built with your PlayerView; only
legality and determinism are checked here (strength is the tournament's business).
The views are drawn from a fixed random.Random rather than by hypothesis: a player
that is not deterministic would make hypothesis report a flaky test instead of the
view that gave two different cards.
"""

import random

import bisca_games
import pytest

from cardlab.testing import StudentRaised, show

pytestmark = pytest.mark.part("auto-player")

VIEW_COUNT = 40
VIEW_FIELDS = ("hand", "trump", "trump_card", "table", "stock_size", "played", "my_points",
               "opponent_points")


def as_sent(value):
    """A field as the contract types it: the card fields of a view are tuples, not lists."""
    return tuple(value) if isinstance(value, list) else value


def sample_views(games):
    """``VIEW_COUNT`` views of seeded games at every stage, the same on every run."""
    policies = bisca_games.POLICIES
    draw = random.Random(550)
    for index in range(VIEW_COUNT):
        seed, first = draw.randrange(2**32), draw.randrange(2)
        policy, moves = policies[index % len(policies)], index % 40
        board = games.board_after(seed, first, policy, moves)
        yield f"seed {seed}, first={first}, {policy} moves", board.view_for(board.to_play)


@pytest.mark.weight(5)
def test_legal_and_repeatable_choices(student, ref, games):
    """On views of real games, choose returns a card of the hand, the same one every time."""
    bot = student.pkg.auto_player.AutoPlayer("Bot")
    other = student.pkg.auto_player.AutoPlayer("Other")
    for game, view in sample_views(games):
        fields = {name: as_sent(ref.canon(getattr(view, name))) for name in VIEW_FIELDS}
        call = ("AutoPlayer('Bot').choose(PlayerView("
                + ", ".join(f"{k}={show(v)}" for k, v in fields.items()) + "))")
        hand = fields["hand"]
        try:
            remote = student.pkg.board.PlayerView(**fields)
            choices = [bot.choose(remote), bot.choose(remote), other.choose(remote)]
        except StudentRaised as error:
            raise AssertionError(f"{call} raised {error.type_name}: {error.message}\n"
                                 f"(a view from the game with {game})") from None
        if choices[0] not in hand:
            raise AssertionError(f"{call}\n  expected: one of {show(hand)}\n"
                                 f"  got:      {show(choices[0])}")
        if choices[1] != choices[0] or choices[2] != choices[0]:
            raise AssertionError(
                f"{call}\n  asked twice, then of AutoPlayer('Other'), it gave "
                f"{show(choices)}: the same view must always give the same card"
            )


def test_choosing_changes_nothing(student, ref, games):
    """choose(view) only chooses: the player's own hand and won cards stay as they were."""
    for game, view in list(sample_views(games))[::4]:
        fields = {name: as_sent(ref.canon(getattr(view, name))) for name in VIEW_FIELDS}
        bot = student.pkg.auto_player.AutoPlayer("Bot")
        for held in fields["hand"]:
            bot.take(held)
        before = (bot.hand, bot.won)
        try:
            bot.choose(student.pkg.board.PlayerView(**fields))
        except StudentRaised as error:
            raise AssertionError(f"choose raised {error.type_name}: {error.message}\n"
                                 f"(a view from the game with {game})") from None
        after = (bot.hand, bot.won)
        if after != before:
            raise AssertionError(
                f"AutoPlayer holding {show(before[0])}: after choose(view), hand {show(after[0])}"
                f" and won {show(after[1])} (expected them unchanged; a view from the game "
                f"with {game})"
            )
