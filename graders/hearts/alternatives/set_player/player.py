"""A computer player written from the contract: the hand a set sorted when read, the
cards taken kept trick by trick."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from .card import Card
from .rules import legal_plays, sorted_cards, trick_points


class Situation(NamedTuple):
    """What a player may know when it is its turn."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    hearts_broken: bool
    first_trick: bool

    @property
    def legal_plays(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: ``rules.legal_plays`` of this situation, sorted."""
        return legal_plays(
            hand=self.hand,
            trick=self.trick,
            hearts_broken=self.hearts_broken,
            first_trick=self.first_trick,
        )


class Player:
    """A computer player with a hand of cards and the cards it has taken this hand."""

    def __init__(self, name: str, rng: random.Random) -> None:
        """Make a player with an empty hand who has taken nothing."""
        self._name = name
        self._rng = rng
        self._held: set[Card] = set()
        self._tricks: list[tuple[Card, ...]] = []

    @property
    def name(self) -> str:
        """str: The player's name."""
        return self._name

    @property
    def rng(self) -> random.Random:
        """random.Random: The generator given when the player was made."""
        return self._rng

    @property
    def is_human(self) -> bool:
        """bool: False."""
        return False

    @property
    def hand(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards held, sorted."""
        return sorted_cards(list(self._held))

    def has_card(self, card: Card) -> bool:
        """Return True if ``card`` is in the player's hand."""
        return card in self._held

    def take_cards(self, cards: Iterable[Card]) -> None:
        """Add dealt cards to the hand; ValueError (nothing added) for a card held twice."""
        dealt: list[Card] = []
        for card in cards:
            if card in self._held or card in dealt:
                raise ValueError(f"{card.notation} would be held twice by {self._name}")
            dealt.append(card)
        self._held.update(dealt)

    def play(self, card: Card) -> Card:
        """Remove ``card`` from the hand and return it; ValueError if it is not held."""
        if card not in self._held:
            raise ValueError(f"{self._name} cannot play a card it does not hold")
        self._held.discard(card)
        return card

    def choose(self, situation: Situation) -> Card:
        """Choose ``rng.choice(situation.legal_plays)``."""
        allowed = situation.legal_plays
        return self._rng.choice(allowed)

    def collect(self, cards: Iterable[Card]) -> None:
        """Keep the cards of a trick this player took."""
        self._tricks.append(tuple(cards))

    @property
    def taken(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards taken this hand, in the order taken."""
        return tuple(card for trick in self._tricks for card in trick)

    @property
    def points_taken(self) -> int:
        """int: The penalty points of the cards taken this hand."""
        return sum(trick_points(trick) for trick in self._tricks)

    def start_hand(self) -> None:
        """Forget the hand and the cards taken."""
        self._held = set()
        self._tricks = []
