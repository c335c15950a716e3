"""Tests of Dealer: shuffling with its generator, dealing one card at a time."""

import random

import pytest
from hearts.card import full_deck
from hearts.dealer import Dealer
from hearts.player import Player


def test_shuffled_deck_uses_the_dealer_generator():
    expected = full_deck()
    random.Random(7).shuffle(expected)
    assert Dealer("North", random.Random(7)).shuffled_deck() == expected


def test_shuffled_deck_holds_every_card_once():
    deck = Dealer("North", random.Random(1)).shuffled_deck()
    assert sorted(deck, key=lambda c: c.sort_key) == full_deck()


def test_deal_one_card_at_a_time():
    dealer = Dealer("North", random.Random(0))
    players = [Player(name, random.Random(0)) for name in ("E", "S", "W")] + [dealer]
    deck = full_deck()
    dealer.deal(deck, players)
    for position, player in enumerate(players):
        assert set(player.hand) == set(deck[position::4])
        assert len(player.hand) == 13


def test_deal_starts_a_new_hand():
    dealer = Dealer("North", random.Random(0))
    players = [dealer] + [Player(name, random.Random(0)) for name in ("E", "S", "W")]
    dealer.deal(full_deck(), players)
    players[1].collect(players[1].hand[:4])
    dealer.deal(dealer.shuffled_deck(), players)
    assert players[1].taken == ()
    assert all(len(player.hand) == 13 for player in players)


def test_deal_needs_13_cards_each():
    dealer = Dealer("North", random.Random(0))
    with pytest.raises(ValueError):
        dealer.deal(full_deck()[:48], [dealer, *(Player(n, random.Random(0)) for n in "ESW")])
