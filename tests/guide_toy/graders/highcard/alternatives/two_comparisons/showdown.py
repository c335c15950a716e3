"""Who wins when two cards are turned up: the stronger rank; equal ranks tie."""

from __future__ import annotations

from .card import Card

TIE = -1
"""What ``winner`` returns when both cards have the same rank."""


def winner(first: Card, second: Card) -> int:
    """Decide a showdown between two cards; suits do not matter.

    Args:
        first: The first player's card.
        second: The second player's card.

    Returns:
        0 if ``first`` is stronger, 1 if ``second`` is stronger, ``TIE`` (-1) if their
        ranks are equal.
    """
    if first.strength > second.strength:
        return 0
    if second.strength > first.strength:
        return 1
    return TIE
