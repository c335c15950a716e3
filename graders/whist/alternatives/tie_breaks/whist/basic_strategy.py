"""BasicStrategy written from the docstrings; ties broken at random, another way."""

from __future__ import annotations

import random

from cards.card import Card
from cards.hand import Hand

from .player import Strategy
from .trick import Trick, beats, partner_of


def basic_choices(hand, trick: Trick) -> frozenset[Card]:
    """The allowed cards (see the contract)."""
    cards = list(hand)
    if not cards:
        raise ValueError("no cards")
    me = trick.next_player
    if me is None:
        raise ValueError("complete trick")
    if len(trick) == 0:
        top = max(c.rank.strength for c in cards)
        return frozenset(c for c in cards if c.rank.strength == top)
    suit = trick.lead_suit
    following = sorted((c for c in cards if c.suit == suit), key=lambda c: c.rank.strength)
    best = trick.winning_card()

    def lowest_of(group):
        low = min(c.rank.strength for c in group)
        return frozenset(c for c in group if c.rank.strength == low)

    def discard():
        plain = [c for c in cards if c.suit != trick.trumps]
        return lowest_of(plain if plain else cards)

    if trick.winner() == partner_of(me):
        return frozenset([following[0]]) if following else discard()
    if following:
        return frozenset(
            [following[-1] if beats(following[-1], best, trick.trumps) else following[0]]
        )
    ruffs = sorted(
        (c for c in cards if c.suit == trick.trumps and beats(c, best, trick.trumps)),
        key=lambda c: c.rank.strength,
    )
    return frozenset([ruffs[0]]) if ruffs else discard()


class BasicStrategy(Strategy):
    """The basic rule; a tie is broken by shuffling the tied cards in hand order."""

    def __init__(self, rng: random.Random | None = None) -> None:
        """Keep the generator."""
        self.rng = rng or random.Random()

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """One allowed card: the tied cards, in the hand's order, shuffled; the first."""
        allowed = basic_choices(hand, trick)
        tied = [card for card in hand if card in allowed]
        if len(tied) > 1:
            self.rng.shuffle(tied)
        return tied[0]

    def update_data(self, trick: Trick) -> None:
        """Nothing to learn."""
