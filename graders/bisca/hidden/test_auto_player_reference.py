"""Hidden tests of AutoPlayer (phase 3): legal, repeatable choices on views of real games.

The views come from seeded reference games and are built with your PlayerView; only
legality and determinism are checked here (strength is the tournament's business).
"""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.proxy import StudentRaised
from cardlab.testing import show

pytestmark = pytest.mark.part("auto-player")

POLICIES = ("first", "last", "auto", "random")


def view_at(ref, seed, first, policy, moves):
    """The reference's view of the player to play after ``moves`` moves of a seeded game."""
    players = [ref.auto_player.AutoPlayer(name) for name in ("Ann", "Bob")]
    board = ref.board.Board(players, ref.deck.Deck.shuffled(random.Random(seed)), first)
    pick = random.Random(seed)
    for _ in range(moves):
        player = board.to_play
        if policy == "auto":
            chosen = player.choose(board.view_for(player))
        elif policy == "random":
            chosen = player.hand[pick.randrange(len(player.hand))]
        else:
            chosen = player.hand[0 if policy == "first" else -1]
        board.play(chosen)
    return board.view_for(board.to_play)


def fields_of(view):
    return {field.name: getattr(view, field.name) for field in dataclasses.fields(view)}


def describe(ref, view):
    data = {name: ref.canon(value) for name, value in fields_of(view).items()}
    return "PlayerView(" + ", ".join(f"{k}={show(v)}" for k, v in data.items()) + ")"


@pytest.mark.weight(3)
@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), first=st.sampled_from((0, 1)),
       policy=st.sampled_from(POLICIES), moves=st.integers(0, 39))
def test_legal_and_repeatable_choices(student, ref, seed, first, policy, moves):
    """On any view of a real game, choose returns a card of the hand, the same one twice."""
    view = view_at(ref, seed, first, policy, moves)
    call = f"AutoPlayer('Bot').choose({describe(ref, view)})"
    hand = ref.canon(view.hand)
    bot = student.auto_player.AutoPlayer("Bot")
    try:
        remote = student.board.PlayerView(**fields_of(view))
        first_choice = bot.choose(remote)
        second_choice = bot.choose(remote)
    except StudentRaised as error:
        raise AssertionError(f"{call} raised {error.type_name}: {error.message}") from None
    if first_choice not in hand:
        raise AssertionError(
            f"{call}\n  expected: one of {show(hand)}\n  got:      {show(first_choice)}"
        )
    if second_choice != first_choice:
        raise AssertionError(
            f"{call}, asked twice\n  first:  {show(first_choice)}\n  second: {show(second_choice)}"
        )
