"""The dealer: a computer player who also shuffles and deals."""

from __future__ import annotations

from collections.abc import Sequence

from .card import Card, full_deck
from .player import Player
from .rules import HAND_SIZE


class Dealer(Player):
    """The computer player who shuffles and deals the cards of every hand.

    The dealer's generator (given when it is made, as for every ``Player``) shuffles the
    deck and also makes the dealer's own choices of cards.
    """

    def shuffled_deck(self) -> list[Card]:
        """Return the 52 cards of ``full_deck()`` shuffled with ``self.rng.shuffle``."""
        deck = full_deck()
        self.rng.shuffle(deck)
        return deck

    def deal(self, deck: Sequence[Card], players: Sequence[Player]) -> None:
        """Deal ``deck`` one card at a time to ``players`` in turn, from the first.

        Card ``i`` of ``deck`` goes to ``players[i % len(players)]``; with 52 cards and
        four players, each receives 13.  Every player starts a new hand first
        (``start_hand``), so nothing of the last hand is kept.

        Args:
            deck: The cards in dealing order.
            players: Who receives them, the first card to ``players[0]``.

        Raises:
            ValueError: If ``deck`` does not hold ``HAND_SIZE`` cards for each player.
        """
        if len(deck) != HAND_SIZE * len(players):
            raise ValueError(
                f"{len(players)} players need {HAND_SIZE * len(players)} cards, not {len(deck)}"
            )
        for player in players:
            player.start_hand()
        for position, player in enumerate(players):
            player.take_cards(deck[position :: len(players)])
