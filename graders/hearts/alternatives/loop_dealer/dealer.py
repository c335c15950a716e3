"""The dealer, dealing card by card, written from the contract."""

from __future__ import annotations

from collections.abc import Sequence

from .card import Card, full_deck
from .player import Player


class Dealer(Player):
    """The player who shuffles and deals."""

    def shuffled_deck(self) -> list[Card]:
        """full_deck() shuffled with this player's rng."""
        cards = full_deck()
        self.rng.shuffle(cards)
        return cards

    def deal(self, deck: Sequence[Card], players: Sequence[Player]) -> None:
        """Deal card i to players[i % n], after a fresh start for everyone."""
        if len(deck) != 13 * len(players):
            raise ValueError("wrong number of cards")
        for player in players:
            player.start_hand()
        for index, card in enumerate(deck):
            players[index % len(players)].take_cards([card])
