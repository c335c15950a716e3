"""Alternative Player: penalties from a table of ranks."""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card
from .piles import PlayerHand
from .table import Table

KING_PENALTY = 10
CARD_PENALTY = 1


def card_penalty(card: Card) -> int:
    return {"K": KING_PENALTY}.get(card.rank, CARD_PENALTY)


def hand_penalty(cards: Iterable[Card]) -> int:
    total = 0
    for card in cards:
        total += card_penalty(card)
    return total


class QuitGame(Exception):
    """The person typed Q."""


class Player:
    def __init__(self, name: str) -> None:
        self.__name = name
        self.__hand = PlayerHand()

    name = property(lambda self: self.__name)
    hand = property(lambda self: self.__hand)

    def penalty(self) -> int:
        return hand_penalty(self.__hand.cards)

    def take_turn(self, table: Table, opponent: Player) -> None:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.__name
