"""A player, written from the docstrings: the hand as an ordered dict, points summed."""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card

HAND_SIZE = 3
"""The number of cards a player holds after the deal and after every draw."""


class Player:
    """A participant in a game of bisca."""

    def __init__(self, name: str) -> None:
        """Create a player with no cards."""
        self._name = name
        self._hand: dict[Card, None] = {}  # a dict keeps the order the cards came in
        self._won: tuple[Card, ...] = ()

    @property
    def name(self) -> str:
        """str: The name given when the player was created."""
        return self._name

    @property
    def hand(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the cards in hand, in the order they were taken."""
        return tuple(self._hand)

    @property
    def won(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the collected cards, in the order collected."""
        return self._won

    @property
    def points(self) -> int:
        """int: The sum of the points of the collected cards."""
        return sum(card.points for card in self._won)

    def take(self, card: Card) -> None:
        """Add a card to the end of the hand."""
        if card in self._hand:
            raise ValueError(f"{card} is already in the hand of {self._name}")
        if len(self._hand) == HAND_SIZE:
            raise ValueError(f"{self._name} holds {HAND_SIZE} cards and cannot take {card}")
        self._hand[card] = None

    def play(self, card: Card) -> Card:
        """Remove a card from the hand and return it."""
        if card not in self._hand:
            raise ValueError(f"{self._name} does not hold {card}")
        del self._hand[card]
        return card

    def collect(self, cards: Iterable[Card]) -> None:
        """Add cards to the end of the pile of won cards, in the order given."""
        self._won = (*self._won, *cards)

    def __str__(self) -> str:
        """Return the player's name."""
        return self._name
