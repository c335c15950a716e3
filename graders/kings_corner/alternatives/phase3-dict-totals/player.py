"""Alternative Player: penalties by a comprehension, the name and hand in slots."""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card
from .piles import PlayerHand
from .table import Table

KING_PENALTY = 10
CARD_PENALTY = 1


def card_penalty(card: Card) -> int:
    """A King 10, any other card 1."""
    if card.is_king:
        return KING_PENALTY
    return CARD_PENALTY


def hand_penalty(cards: Iterable[Card]) -> int:
    """The penalty points of the cards."""
    return sum([card_penalty(card) for card in cards])


class QuitGame(Exception):
    """Raised by a player's turn when the person asks to quit the program."""


class Player:
    """A participant in the game, with a name and a hand."""

    __slots__ = ("_hand", "_name")

    def __init__(self, name: str) -> None:
        """Create a player with an empty hand."""
        self._name = name
        self._hand = PlayerHand()

    @property
    def name(self) -> str:
        """The player's name."""
        return self._name

    @property
    def hand(self) -> PlayerHand:
        """The same hand for the player's whole life."""
        return self._hand

    def penalty(self) -> int:
        """The penalty of the cards in hand now."""
        return hand_penalty(iter(self._hand))

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Subclasses play a turn."""
        raise NotImplementedError

    def __str__(self) -> str:
        """The player's name."""
        return self.name
