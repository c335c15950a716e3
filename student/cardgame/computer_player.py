"""Players the computer runs: given the trick so far, they choose a card to play."""

from __future__ import annotations

from abc import ABC, abstractmethod

from .card import Card
from .player import Player
from .trick import Trick


class ComputerPlayer(ABC):
    """A strategy that plays the cards of one player.

    It keeps the player it was made for, for a whole game: each choice reads that
    player's hand as it is then, and the trick it is handed, hand after hand.  A clone of
    a game has players of its own, so it needs computer players of its own too
    (``SimpleComputerPlayer(clone.player(d))``).

    Attributes:
        player: The player whose cards it plays (it reads the hand, never changes it).
    """

    def __init__(self, player: Player) -> None:
        """Play for ``player``.

        Args:
            player: The player whose hand the strategy plays from.
        """
        self.player = player

    @abstractmethod
    def next_card(self, trick: Trick) -> Card:
        """Choose the card to play to ``trick``, which it is this player's turn to play to.

        Args:
            trick: The trick so far (its trumps, leader and the cards already played).

        Returns:
            A card of the player's hand that the rules allow.
        """
