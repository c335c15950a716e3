"""Alternative Player: penalties counted with a table of ranks, the hand kept for life."""

from __future__ import annotations

from collections.abc import Iterable

from .card import KING, Card
from .piles import PlayerHand
from .table import Table

KING_PENALTY = 10
CARD_PENALTY = 1

_PENALTIES = {KING: KING_PENALTY}


def card_penalty(card: Card) -> int:
    """A King 10, any other card 1."""
    return _PENALTIES.get(card.rank, CARD_PENALTY)


def hand_penalty(cards: Iterable[Card]) -> int:
    """The penalty points of the cards."""
    total = 0
    for card in cards:
        total += card_penalty(card)
    return total


class QuitGame(Exception):
    """Raised by a player's turn when the person asks to quit the program."""


class Player:
    """A participant in the game, with a name and a hand."""

    def __init__(self, name: str) -> None:
        """Create a player with an empty hand."""
        self.__name = name
        self.__hand = PlayerHand([])

    @property
    def name(self) -> str:
        """The name given when the player was created."""
        return self.__name

    @property
    def hand(self) -> PlayerHand:
        """The same hand for the player's whole life."""
        return self.__hand

    def penalty(self) -> int:
        """The penalty of the cards in hand now."""
        return hand_penalty(self.__hand.cards)

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Subclasses play a turn."""
        raise NotImplementedError("a Player subclass plays the turns")

    def __str__(self) -> str:
        """The player's name."""
        return self.__name
