"""Hidden tests of the properties documented as tuples, read where your objects are.

A tuple and a list reach the grader alike, so the type of what ``Player.hand``,
``Player.taken``, ``Hearts.players``, ``Hearts.trick``, ``Hearts.totals`` and
``Hearts.events`` give, and of what ``sorted_cards``, ``legal_plays``, ``hand_scores``,
``Hearts.play_turn`` and ``Hearts.play`` return, is read in the worker
(``expect_tuple``, ``expect_tuple_result``), and what a property documented as a copy
gives is changed there to check that your object is not (``expect_copy``).
"""

import pytest
from hearts_games import SEAT_NAMES

from cardlab.testing import cards, expect_copy, expect_tuple, expect_tuple_result

MADE_PLAYER = "Player('North', Random(7)), then take_cards([2C, QS, 5H]), collect([3D, 4D])"


def player_with_cards(student):
    """A player holding three cards who has taken two."""
    player = student.pkg.player.Player("North", student.builtin("Random", 7))
    player.take_cards(cards("2C QS 5H"))
    player.collect(cards("3D 4D"))
    return player


@pytest.mark.part("player")
def test_player_gives_tuples(student):
    """Player.hand and Player.taken are tuples."""
    player = player_with_cards(student)
    for name in ("hand", "taken"):
        expect_tuple(student, player, name, "player", MADE_PLAYER)


@pytest.mark.part("player")
def test_player_hand_and_taken_are_copies(student):
    """Changing what Player.hand or Player.taken gave leaves the player as it was."""
    player = player_with_cards(student)
    for name in ("hand", "taken"):
        expect_copy(student, player, name, "player", MADE_PLAYER)


MADE_GAME = "Hearts([Dealer('North', Random(1)), Player('East', Random(2)), ...]), one card played"


def game_after_one_card(student):
    """A game dealt by a Dealer at North, after the first card of the first trick."""
    made = []
    for seat in range(4):
        cls = student.pkg.dealer.Dealer if seat == 0 else student.pkg.player.Player
        made.append(cls(SEAT_NAMES[seat], student.builtin("Random", seat + 1)))
    game = student.pkg.game.Hearts(made)
    game.play_turn()
    return game


@pytest.mark.part("game")
def test_game_gives_tuples(student):
    """Hearts.players, trick, totals and events are tuples."""
    game = game_after_one_card(student)
    for name in ("players", "trick", "totals", "events"):
        expect_tuple(student, game, name, "game", MADE_GAME)


@pytest.mark.part("game")
def test_game_moves_give_tuples_of_events(student):
    """play_turn and play return the events of the move as tuples."""
    game = game_after_one_card(student)
    expect_tuple_result(student, game.play_turn, call=f"{MADE_GAME}; then play_turn()")
    card = game.legal_plays()[0]
    expect_tuple_result(student, game.play, card, call=f"{MADE_GAME}, then another; play({card})")


@pytest.mark.part("game")
def test_game_events_are_a_copy(student):
    """Changing what Hearts.events gave leaves the game's record as it was."""
    expect_copy(student, game_after_one_card(student), "events", "game", MADE_GAME)


@pytest.mark.part("rules")
def test_rules_give_tuples(student):
    """sorted_cards, legal_plays and hand_scores return tuples."""
    rules = student.pkg.rules
    hand = cards("QS 2C 5H 3D")
    expect_tuple_result(student, rules.sorted_cards, hand, call="sorted_cards([QS, 2C, 5H, 3D])")
    expect_tuple_result(
        student, rules.legal_plays, hand, cards("4D"), False, False,
        call="legal_plays([QS, 2C, 5H, 3D], [4D], hearts_broken=False, first_trick=False)",
    )  # fmt: skip
    scores = rules.hand_scores
    expect_tuple_result(student, scores, [5, 13, 8, 0], call="hand_scores([5, 13, 8, 0])")
