"""Tests of Hearts, the game: dealing, turns, tricks, hands, the end of the game."""

import random

import pytest
from hearts.card import Card, Suit, full_deck
from hearts.dealer import Dealer
from hearts.game import DEAL, LEAD, MOON, PLAY, SCORE, TAKE, WIN, Hearts
from hearts.player import Player
from hearts.rules import legal_plays, trick_winner

SUITS_DEAL = {0: Suit.CLUBS, 1: Suit.HEARTS, 2: Suit.SPADES, 3: Suit.DIAMONDS}


class RiggedDealer(Dealer):
    """A dealer whose deck is always the one given (in dealing order)."""

    def __init__(self, name, deck):
        super().__init__(name, random.Random(0))
        self._rigged = list(deck)

    def shuffled_deck(self):
        return list(self._rigged)


def deck_for(hands):
    """The dealing order giving ``hands[seat]`` to each seat when North (0) deals."""
    deck = [None] * 52
    for seat, hand in hands.items():
        for k, card in enumerate(hand):
            deck[4 * k + (seat - 1) % 4] = card
    return deck


def suit_hands():
    """North all clubs, East all hearts, South all spades, West all diamonds."""
    return {seat: [c for c in full_deck() if c.suit is suit] for seat, suit in SUITS_DEAL.items()}


def rigged_game(hands, limit=100, seed=3):
    players = [RiggedDealer("North", deck_for(hands))]
    players += [Player(name, random.Random(seed + i)) for i, name in enumerate(("E", "S", "W"))]
    return Hearts(players, limit)


def seeded_game(seed):
    players = [Dealer("North", random.Random(seed))]
    players += [Player(name, random.Random(seed * 7 + i)) for i, name in enumerate("ESW")]
    return Hearts(players)


def play_to_the_end(game):
    """Play the game out, failing if it has not ended after 40 hands."""
    for _ in range(40 * 52):
        if game.is_over:
            return game.events
        game.play_turn()
    raise AssertionError(f"no end after 40 hands; totals {game.totals}")


def test_needs_exactly_one_dealer():
    with pytest.raises(ValueError):
        Hearts([Player(n, random.Random(0)) for n in "NESW"])
    with pytest.raises(ValueError):
        Hearts([Dealer(n, random.Random(0)) for n in "NESW"])


def test_deal_starts_after_the_dealer():
    deck = full_deck()
    game = Hearts([RiggedDealer("North", deck)] + [Player(n, random.Random(0)) for n in "ESW"])
    for seat, player in enumerate(game.players):
        assert set(player.hand) == set(deck[(seat + 3) % 4::4])
    assert game.events[0].kind == DEAL and game.events[0].seat == 0


def test_two_of_clubs_holder_leads_first():
    for seed in range(10):
        game = seeded_game(seed)
        holder = next(s for s, p in enumerate(game.players) if p.has_card(Card("2", Suit.CLUBS)))
        assert game.to_play == holder
        assert game.legal_plays() == (Card("2", Suit.CLUBS),)
        assert game.situation().first_trick is True


def test_turns_go_clockwise_from_the_leader():
    game = seeded_game(4)
    leader = game.to_play
    for step in range(4):
        assert game.to_play == (leader + step) % 4
        assert len(game.trick) == step
        game.play_turn()


def test_illegal_card_is_refused_and_nothing_changes():
    game = seeded_game(5)
    seat = game.to_play
    wrong = next(c for c in game.players[seat].hand if c not in game.legal_plays())
    with pytest.raises(ValueError):
        game.play(wrong)
    assert game.to_play == seat and game.trick == ()
    assert len(game.players[seat].hand) == 13


def test_taker_leads_the_next_trick_and_collects_it():
    game = seeded_game(6)
    for _ in range(13):
        leader = game.to_play
        events = ()
        for _ in range(4):
            events = game.play_turn()
        played = [e.card for e in game.events if e.kind in (LEAD, PLAY)][-4:]
        taker = (leader + trick_winner(played)) % 4
        take = next(e for e in events if e.kind == TAKE)
        assert take.seat == taker
        assert take.points == sum(card.points for card in played)
        if game.tricks_played:
            assert game.to_play == taker
            assert set(played) <= set(game.players[taker].taken)


def test_hearts_break_when_a_heart_is_played():
    game = seeded_game(8)
    seen_heart = False
    while game.tricks_played < 12 and game.totals == (0, 0, 0, 0):
        assert game.hearts_broken is seen_heart
        assert game.situation().hearts_broken is seen_heart
        events = game.play_turn()
        seen_heart = seen_heart or events[0].card.suit is Suit.HEARTS


def test_first_trick_flag_only_on_the_first_trick():
    game = seeded_game(9)
    for _ in range(4):
        assert game.situation().first_trick is True
        game.play_turn()
    assert game.situation().first_trick is False


def test_every_play_of_random_games_is_legal():
    for seed in range(6):
        game = seeded_game(seed)
        for _ in range(52 * 3):
            situation = game.situation()
            assert game.legal_plays() == legal_plays(*situation)
            game.play_turn()


def test_hand_scores_are_added_to_the_totals():
    for seed in range(8):
        game = seeded_game(seed)
        events = play_to_the_end(game)
        scores = [e for e in events if e.kind == SCORE]
        for start in range(0, len(scores), 4):
            assert sum(e.points for e in scores[start:start + 4]) in (26, 78)
        expected = [sum(e.points for e in scores if e.seat == seat) for seat in range(4)]
        assert list(game.totals) == expected
        assert max(game.totals) >= 100


def test_a_new_hand_is_dealt_after_13_tricks():
    game = seeded_game(11)
    for _ in range(52):
        game.play_turn()
    assert [e.kind for e in game.events].count(DEAL) == 2
    assert all(len(player.hand) == 13 for player in game.players)
    assert game.tricks_played == 0 and game.hearts_broken is False
    assert game.players[game.to_play].has_card(Card("2", Suit.CLUBS))


def test_shooting_the_moon():
    game = rigged_game(suit_hands())
    events = ()
    for _ in range(52):
        events = game.play_turn()
    assert (MOON, 0) in [(e.kind, e.seat) for e in events]
    assert [e.points for e in events if e.kind == SCORE] == [0, 26, 26, 26]
    assert game.totals == (0, 26, 26, 26)


def test_totals_run_over_hands():
    game = rigged_game(suit_hands())
    for _ in range(104):
        game.play_turn()
    assert game.totals == (0, 52, 52, 52)


def test_game_ends_when_a_total_reaches_the_limit():
    game = rigged_game(suit_hands(), limit=26)
    events = play_to_the_end(game)
    assert game.is_over and game.to_play is None
    assert game.totals == (0, 26, 26, 26)
    assert game.winners() == (0,)
    assert [e.seat for e in events if e.kind == WIN] == [0]


def test_game_goes_on_below_the_limit():
    game = rigged_game(suit_hands(), limit=27)
    for _ in range(52):
        game.play_turn()
    assert not game.is_over
    with pytest.raises(ValueError):
        game.winners()


def test_seeded_game_is_repeatable():
    assert play_to_the_end(seeded_game(12)) == seeded_game(12).play_game()
