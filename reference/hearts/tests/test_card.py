"""Tests of Card and Suit: notation, strength, penalty points, the deck."""

import pytest
from hearts.card import RANKS, Card, Suit, full_deck


def test_notation_round_trip():
    for card in full_deck():
        assert Card.from_notation(card.notation) == card


def test_notation_of_ten_and_queen():
    assert Card("10", Suit.HEARTS).notation == "10H"
    assert Card.from_notation(" qs ") == Card("Q", Suit.SPADES)


@pytest.mark.parametrize("text", ["", "1S", "QX", "11H", "Q", "S"])
def test_bad_notation_is_refused(text):
    with pytest.raises(ValueError):
        Card.from_notation(text)


def test_bad_rank_or_suit_is_refused():
    with pytest.raises(ValueError):
        Card("1", Suit.CLUBS)
    with pytest.raises(TypeError):
        Card("2", "C")


def test_strength_follows_the_ranks():
    assert [Card(rank, Suit.CLUBS).strength for rank in RANKS] == list(range(13))
    assert Card("10", Suit.DIAMONDS).strength > Card("9", Suit.DIAMONDS).strength
    assert Card("A", Suit.SPADES).strength > Card("K", Suit.SPADES).strength


def test_every_heart_is_worth_one():
    assert all(Card(rank, Suit.HEARTS).points == 1 for rank in RANKS)


def test_queen_of_spades_is_worth_thirteen():
    assert Card("Q", Suit.SPADES).points == 13


def test_other_cards_are_worth_nothing():
    others = [c for c in full_deck() if c.suit is not Suit.HEARTS and c.notation != "QS"]
    assert len(others) == 38
    assert all(card.points == 0 for card in others)


def test_deck_holds_52_cards_worth_26():
    deck = full_deck()
    assert len(set(deck)) == 52
    assert sum(card.points for card in deck) == 26


def test_equal_cards_hash_alike():
    assert Card("Q", Suit.SPADES) == Card.from_notation("QS")
    assert hash(Card("Q", Suit.SPADES)) == hash(Card.from_notation("QS"))
    assert Card("Q", Suit.SPADES) != Card("Q", Suit.HEARTS)


def test_sort_key_orders_suits_then_ranks():
    shuffled = [Card.from_notation(t) for t in ("2H", "AS", "10C", "3D", "2C", "QS")]
    ordered = sorted(shuffled, key=lambda card: card.sort_key)
    assert [c.notation for c in ordered] == ["2C", "10C", "3D", "QS", "AS", "2H"]
