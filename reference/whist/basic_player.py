"""A player that asks its strategy for every card it plays."""

from __future__ import annotations

from cards.card import Card, Suit
from cards.hand import Hand

from .basic_strategy import BasicStrategy
from .player import Player, Strategy
from .trick import NUM_PLAYERS, Trick


class BasicPlayer(Player):
    """A player holding a hand and a strategy (a ``BasicStrategy`` unless set otherwise)."""

    def __init__(self, player_id: int, strategy: Strategy | None = None) -> None:
        """Seat a player with an empty hand.

        Args:
            player_id: The player's seat, 0 to 3.
            strategy: The strategy choosing its cards; a new ``BasicStrategy()`` when None.

        Raises:
            ValueError: If ``player_id`` is not a seat from 0 to 3.
        """
        if player_id not in range(NUM_PLAYERS) or isinstance(player_id, bool):
            raise ValueError(f"a player's id is a seat from 0 to 3, not {player_id!r}")
        self._id = player_id
        self._strategy = BasicStrategy() if strategy is None else strategy
        self._hand = Hand()
        self._trumps: Suit | None = None

    @property
    def player_id(self) -> int:
        """int: The player's seat, 0 to 3."""
        return self._id

    @property
    def hand(self) -> Hand:
        """Hand: A copy of the player's cards, in the order dealt."""
        return Hand(self._hand)

    @property
    def trumps(self) -> Suit | None:
        """Suit | None: The trump suit last set, None before the first hand."""
        return self._trumps

    def deal_card(self, card: Card) -> None:
        """Add a dealt card to the player's hand.

        Raises:
            TypeError: If ``card`` is not a ``Card``.
        """
        self._hand.add(card)

    def set_strategy(self, strategy: Strategy) -> None:
        """Make ``strategy`` choose the player's cards from now on."""
        self._strategy = strategy

    def set_trumps(self, trumps: Suit) -> None:
        """Remember the trump suit of the hand about to be played."""
        self._trumps = trumps

    def play_card(self, trick: Trick) -> Card:
        """Ask the strategy for a card (giving it a copy of the hand), remove it, return it.

        Raises:
            ValueError: If the player holds no card, or the strategy chose a card the
                player does not hold (None, or anything that is not a card, included);
                the message names both, and the hand is as it was.  An exception the
                strategy raises passes through unchanged, the hand as it was.
        """
        if not len(self._hand):
            raise ValueError(f"player {self._id} has no card left to play")
        card = self._strategy.choose_card(Hand(self._hand), trick)
        if not self._hand.remove(card):
            chosen = str(card) if isinstance(card, Card) else repr(card)
            raise ValueError(
                f"player {self._id}'s strategy chose {chosen}, "
                f"which is not in its hand {self._hand}"
            )
        return card

    def view_trick(self, trick: Trick) -> None:
        """Pass the completed trick to the strategy's ``update_data``."""
        self._strategy.update_data(trick)
