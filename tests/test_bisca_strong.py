"""The stronger bisca bot: the reference heuristic while the stock lasts, exact search after."""

from __future__ import annotations

import random

import pytest

from cardlab.judge.reference import Reference
from cardlab.play.bisca_strong import StrongPlayer
from cardlab.worker.codec import load_codec


@pytest.fixture
def ref(repo):
    reference = Reference(
        "bisca", repo.reference_dir("bisca"), load_codec(repo.graders_dir("bisca") / "codec.py")
    )
    yield reference
    reference.close()


def _games(ref, deals: int):
    """Every view the bot sees in duplicate deals against the reference, with its answer."""
    deck = ref.deck.Deck
    for deal in range(deals):
        for seat in (0, 1):
            heuristic = ref.auto_player.AutoPlayer("heuristic")
            bot = StrongPlayer(deck.standard().cards, heuristic.choose)
            me = ref.player.Player("strong")
            players = [ref.auto_player.AutoPlayer("reference")]
            players.insert(seat, me)
            board = ref.board.Board(players, deck(deck.shuffled(random.Random(deal)).cards), 0)
            while not board.is_over:
                player = board.to_play
                view = board.view_for(player)
                card = bot.choose(view) if player is me else player.choose(view)
                if player is me:
                    yield view, card, heuristic.choose(view)
                board.play(card)


def test_it_plays_the_heuristic_with_a_stock_and_searches_without_one(ref):
    searched = 0
    for view, card, heuristic in _games(ref, 30):
        assert card in view.hand
        if view.stock_size > 0:
            assert card == heuristic
        else:
            searched += card != heuristic
    assert searched > 0  # the search changes some endgame choices
