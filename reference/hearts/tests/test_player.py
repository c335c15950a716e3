"""Tests of Player: the hand, playing, choosing with its generator, cards taken."""

import random

import pytest
from hearts.card import Card
from hearts.player import Player, Situation


def cards(text):
    return tuple(Card.from_notation(part) for part in text.split())


def player_holding(text, seed=0):
    player = Player("North", random.Random(seed))
    player.take_cards(cards(text))
    return player


def test_hand_is_sorted():
    assert player_holding("2H AS 10C 3D").hand == cards("10C 3D AS 2H")


def test_play_removes_the_card():
    player = player_holding("2H AS")
    assert player.play(Card.from_notation("AS")) == Card.from_notation("AS")
    assert player.hand == cards("2H")
    assert not player.has_card(Card.from_notation("AS"))


def test_playing_a_card_not_held_is_an_error():
    player = player_holding("2H AS")
    with pytest.raises(ValueError):
        player.play(Card.from_notation("KS"))
    assert player.hand == cards("AS 2H")


def test_a_card_cannot_be_dealt_twice():
    player = player_holding("2H AS")
    with pytest.raises(ValueError):
        player.take_cards(cards("AS"))


def test_choose_draws_from_the_legal_plays_with_the_generator():
    for seed in range(20):
        situation = Situation(cards("5C 9C AS 3H KH"), cards("4C"), False, False)
        expected = random.Random(seed).choice(situation.legal_plays)
        assert player_holding("5C 9C AS 3H KH", seed).choose(situation) == expected


def test_choose_leaves_the_hand():
    player = player_holding("5C 9C")
    player.choose(Situation(player.hand, (), True, False))
    assert player.hand == cards("5C 9C")


def test_situation_legal_plays():
    assert Situation(cards("5C AS 3H"), (), False, False).legal_plays == cards("5C AS")


def test_points_taken():
    player = player_holding("2C")
    player.collect(cards("QS 2H 3C 4C"))
    player.collect(cards("5H 6H 7C 8C"))
    assert player.points_taken == 16
    assert player.taken == cards("QS 2H 3C 4C 5H 6H 7C 8C")


def test_start_hand_forgets_everything():
    player = player_holding("2C 3C")
    player.collect(cards("QS 2H 3C 4C"))
    player.start_hand()
    assert player.hand == ()
    assert player.taken == ()
    assert player.points_taken == 0


def test_computer_player_is_not_human():
    assert player_holding("2C").is_human is False
