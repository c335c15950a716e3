"""The stock of cards still to be drawn, with the trump card shown at its bottom.

A deck is an ordered pile: cards are drawn from the top, and the bottom card is the one
turned face up at the start of the game, whose suit is trump.  That card is therefore
the last one drawn.

Shuffling goes through a ``random.Random`` given by the caller, never the global random
generator, so a seed replays the same deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .card import Card


class Deck:
    """An ordered stock of cards; the first card is on top, the last at the bottom."""

    def __init__(self, cards: Iterable[Card]) -> None:
        """Create a stock holding the given cards in the given order.

        The cards are not checked: a partial deck (useful in tests) is accepted.

        Args:
            cards: The cards, the top card first and the bottom card last.
        """
        raise NotImplementedError("Deck.__init__ is yours to write in this phase")

    @classmethod
    def standard(cls) -> Deck:
        """Return a full, unshuffled deck of 40 cards.

        The cards come suit by suit in ``Suit`` order (Spades, Hearts, Clubs, Diamonds)
        and, within a suit, in ``RANKS`` order from the 2 to the Ace.  So the top card is
        the 2 of Spades and the bottom card the Ace of Diamonds.

        Returns:
            A new deck in standard order.
        """
        raise NotImplementedError("Deck.standard is yours to write in this phase")

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """Return a full deck in an order chosen by ``rng``.

        The recipe is fixed, so that a seed always gives the same deal: take the cards
        of ``Deck.standard()`` as a list, call ``rng.shuffle`` on that list exactly
        once, and build the deck from the list (its first card on top).  Take nothing
        else from ``rng``: the next deal from the same generator then comes out the same
        for every deck that follows the recipe.

        Args:
            rng: The source of randomness, e.g. ``random.Random(seed)``.

        Returns:
            A new shuffled deck of 40 cards.
        """
        raise NotImplementedError("Deck.shuffled is yours to write in this phase")

    def __len__(self) -> int:
        """Return the number of cards left in the stock."""
        raise NotImplementedError("Deck.__len__ is yours to write in this phase")

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: A copy of the cards left, the top card first."""
        raise NotImplementedError("Deck.cards is yours to write in this phase")

    @property
    def is_empty(self) -> bool:
        """bool: True when no card is left to draw."""
        raise NotImplementedError("Deck.is_empty is yours to write in this phase")

    @property
    def bottom(self) -> Card | None:
        """Card | None: The bottom card (the shown trump card), or None when empty."""
        raise NotImplementedError("Deck.bottom is yours to write in this phase")

    def draw(self) -> Card:
        """Remove the top card from the stock and return it.

        Returns:
            The card that was on top.

        Raises:
            ValueError: If the stock is empty.
        """
        raise NotImplementedError("Deck.draw is yours to write in this phase")
