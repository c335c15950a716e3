"""A bisca player: a name, a hand of cards and a pile of won cards.

The player only keeps its own cards; it does not know the rules of a round.  The board
decides whose turn it is, who wins a round and when cards are drawn, and calls ``take``,
``play`` and ``collect`` accordingly.  Hand and pile are exposed as tuples so that nobody
can change them from outside.
"""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card

HAND_SIZE = 3
"""The number of cards a player holds after the deal and after every draw."""


class Player:
    """A participant in a game of bisca.

    A new player has an empty hand, an empty pile of won cards and 0 points.
    """

    def __init__(self, name: str) -> None:
        """Create a player with no cards.

        Args:
            name: The name shown to people, e.g. "You" or "Computer".
        """
        self._name = name
        self._hand: list[Card] = []
        self._won: list[Card] = []

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
        """tuple[Card, ...]: A copy of the collected cards, in the order they were collected."""
        return tuple(self._won)

    @property
    def points(self) -> int:
        """int: The sum of the points of the collected cards."""
        return sum(card.points for card in self._won)

    def take(self, card: Card) -> None:
        """Add a card to the end of the hand.

        Args:
            card: The card drawn or dealt to this player.

        Raises:
            ValueError: If the hand already holds ``HAND_SIZE`` cards, or already holds
                ``card``; the message names the card and the player.
        """
        if len(self._hand) >= HAND_SIZE:
            raise ValueError(f"{self._name} cannot take {card}: the hand is full")
        if card in self._hand:
            raise ValueError(f"{self._name} already holds {card}")
        self._hand.append(card)

    def play(self, card: Card) -> Card:
        """Remove a card from the hand and return it.

        The other cards keep their order.

        Args:
            card: The card to play.

        Returns:
            The card played (``card`` itself).

        Raises:
            ValueError: If ``card`` is not in the hand; the message names the card and
                the player.
        """
        for position, held in enumerate(self._hand):
            if held == card:
                del self._hand[position]
                return card
        raise ValueError(f"{self._name} does not hold {card}")

    def collect(self, cards: Iterable[Card]) -> None:
        """Add cards to the end of the pile of won cards, in the order given.

        Args:
            cards: The cards won in a round.
        """
        self._won.extend(cards)

    def __str__(self) -> str:
        """Return the player's name."""
        return self._name
