"""A computer player, written with a sorted list from the contract."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from .card import Card
from .rules import legal_plays, sorted_cards


class Situation(NamedTuple):
    """What a player knows."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    hearts_broken: bool
    first_trick: bool

    @property
    def legal_plays(self) -> tuple[Card, ...]:
        """The legal plays of this situation."""
        return legal_plays(self.hand, self.trick, self.hearts_broken, self.first_trick)


class Player:
    """A computer player."""

    def __init__(self, name: str, rng: random.Random) -> None:
        """A player with an empty hand."""
        self.__name = name
        self.__rng = rng
        self.__cards: list[Card] = []
        self.__pile: list[Card] = []

    @property
    def name(self) -> str:
        """The name."""
        return self.__name

    @property
    def rng(self) -> random.Random:
        """The generator."""
        return self.__rng

    @property
    def is_human(self) -> bool:
        """Not a human."""
        return False

    @property
    def hand(self) -> tuple[Card, ...]:
        """The sorted hand."""
        return tuple(self.__cards)

    def has_card(self, card: Card) -> bool:
        """Whether the card is held."""
        return card in self.__cards

    def take_cards(self, cards: Iterable[Card]) -> None:
        """Add cards, refusing any already held."""
        new = list(cards)
        if len(set(new)) != len(new) or any(c in self.__cards for c in new):
            raise ValueError("a card is already held")
        self.__cards = list(sorted_cards(self.__cards + new))

    def play(self, card: Card) -> Card:
        """Remove and return a held card."""
        if card not in self.__cards:
            raise ValueError(f"{card} not held")
        self.__cards.remove(card)
        return card

    def choose(self, situation: Situation) -> Card:
        """rng.choice of the legal plays."""
        return self.__rng.choice(situation.legal_plays)

    def collect(self, cards: Iterable[Card]) -> None:
        """Keep taken cards."""
        self.__pile += list(cards)

    @property
    def taken(self) -> tuple[Card, ...]:
        """Cards taken."""
        return tuple(self.__pile)

    @property
    def points_taken(self) -> int:
        """Points taken."""
        return sum(card.points for card in self.__pile)

    def start_hand(self) -> None:
        """Empty hand and pile."""
        self.__cards = []
        self.__pile = []
