"""A computer player: its hand, the cards it has taken, and how it chooses a card.

A player never looks at the game or at another player: the game hands it a
``Situation``, everything the player may know when it must play, and the player answers
with a card.  The computer player plays legally but not well: it picks one of its legal
cards at random, with the ``random.Random`` it was given, so a game is repeatable from
its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from .card import Card
from .rules import legal_plays, sorted_cards, trick_points


class Situation(NamedTuple):
    """What a player may know when it is its turn.

    Attributes:
        hand: The player's cards, sorted by ``Card.sort_key``.
        trick: The cards already played in this trick, the led card first.
        hearts_broken: True once a heart has been played in this hand.
        first_trick: True during the first trick of the hand.
    """

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    hearts_broken: bool
    first_trick: bool

    @property
    def legal_plays(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: ``rules.legal_plays`` of this situation, sorted."""
        return legal_plays(self.hand, self.trick, self.hearts_broken, self.first_trick)


class Player:
    """A computer player with a hand of cards and the cards it has taken this hand.

    Args:
        name: The player's name, e.g. "North".
        rng: The generator of every random choice this player makes.
    """

    def __init__(self, name: str, rng: random.Random) -> None:
        """Make a player with an empty hand who has taken nothing."""
        self._name = name
        self._rng = rng
        self._hand: dict[Card, None] = {}  # in sort order: see ``hand``
        self._taken: list[Card] = []

    @property
    def name(self) -> str:
        """str: The player's name."""
        return self._name

    @property
    def rng(self) -> random.Random:
        """random.Random: The generator given when the player was made (its choices, shuffles)."""
        return self._rng

    @property
    def is_human(self) -> bool:
        """bool: False: the computer chooses this player's cards."""
        return False

    @property
    def hand(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards held, sorted by ``Card.sort_key``."""
        # A dict keeps its keys in the order they were added and finds a card at once:
        # the hand is sorted when cards are added, and playing a card keeps the order.
        return tuple(self._hand)

    def has_card(self, card: Card) -> bool:
        """Return True if ``card`` is in the player's hand."""
        return card in self._hand

    def take_cards(self, cards: Iterable[Card]) -> None:
        """Add dealt cards to the hand.

        Raises:
            ValueError: If a card is already in the hand (nothing is added then).
        """
        cards = list(cards)
        hand = dict.fromkeys(sorted_cards([*self._hand, *cards]))
        if len(hand) != len(self._hand) + len(cards):  # a card held or dealt twice
            held = [card for card in cards if card in self._hand]
            raise ValueError(f"{self._name} already holds {(held or cards)[0].notation}")
        self._hand = hand

    def play(self, card: Card) -> Card:
        """Remove ``card`` from the hand and return it.

        Raises:
            ValueError: If ``card`` is not in the hand.
        """
        try:
            del self._hand[card]
        except KeyError:
            raise ValueError(f"{self._name} does not hold {card.notation}") from None
        return card

    def choose(self, situation: Situation) -> Card:
        """Choose the card to play: ``rng.choice(situation.legal_plays)``.

        The choice is uniform among the legal cards in their sorted order, drawn with
        this player's generator, so the same seed always gives the same game.

        Args:
            situation: What the player knows; ``situation.hand`` is this player's hand.

        Returns:
            One of ``situation.legal_plays``; the hand is not changed (the game calls
            ``play`` with the card).
        """
        return self._rng.choice(situation.legal_plays)

    def collect(self, cards: Iterable[Card]) -> None:
        """Keep the cards of a trick this player took."""
        self._taken.extend(cards)

    @property
    def taken(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards taken this hand, in the order taken."""
        return tuple(self._taken)

    @property
    def points_taken(self) -> int:
        """int: The penalty points of the cards taken this hand."""
        return trick_points(self._taken)

    def start_hand(self) -> None:
        """Forget the hand and the cards taken, before a new deal."""
        self._hand.clear()
        self._taken.clear()
