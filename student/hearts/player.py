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
        raise NotImplementedError("Situation.legal_plays is yours to write in this phase")


class Player:
    """A computer player with a hand of cards and the cards it has taken this hand.

    Args:
        name: The player's name, e.g. "North".
        rng: The generator of every random choice this player makes.
    """

    def __init__(self, name: str, rng: random.Random) -> None:
        """Make a player with an empty hand who has taken nothing."""
        raise NotImplementedError("Player.__init__ is yours to write in this phase")

    @property
    def name(self) -> str:
        """str: The player's name."""
        raise NotImplementedError("Player.name is yours to write in this phase")

    @property
    def rng(self) -> random.Random:
        """random.Random: The generator given when the player was made (its choices, shuffles)."""
        raise NotImplementedError("Player.rng is yours to write in this phase")

    @property
    def is_human(self) -> bool:
        """bool: False: the computer chooses this player's cards."""
        raise NotImplementedError("Player.is_human is yours to write in this phase")

    @property
    def hand(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards held, sorted by ``Card.sort_key``."""
        raise NotImplementedError("Player.hand is yours to write in this phase")

    def has_card(self, card: Card) -> bool:
        """Return True if ``card`` is in the player's hand."""
        raise NotImplementedError("Player.has_card is yours to write in this phase")

    def take_cards(self, cards: Iterable[Card]) -> None:
        """Add dealt cards to the hand.

        Raises:
            ValueError: If a card is already in the hand (nothing is added then).
        """
        raise NotImplementedError("Player.take_cards is yours to write in this phase")

    def play(self, card: Card) -> Card:
        """Remove ``card`` from the hand and return it.

        Raises:
            ValueError: If ``card`` is not in the hand.
        """
        raise NotImplementedError("Player.play is yours to write in this phase")

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
        raise NotImplementedError("Player.choose is yours to write in this phase")

    def collect(self, cards: Iterable[Card]) -> None:
        """Keep the cards of a trick this player took."""
        raise NotImplementedError("Player.collect is yours to write in this phase")

    @property
    def taken(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards taken this hand, in the order taken."""
        raise NotImplementedError("Player.taken is yours to write in this phase")

    @property
    def points_taken(self) -> int:
        """int: The penalty points of the cards taken this hand."""
        raise NotImplementedError("Player.points_taken is yours to write in this phase")

    def start_hand(self) -> None:
        """Forget the hand and the cards taken, before a new deal."""
        raise NotImplementedError("Player.start_hand is yours to write in this phase")
