"""The exception raised when a player attempts a move the rules forbid."""

from __future__ import annotations


class IllegalMove(Exception):
    """A move the rules forbid: out of turn, a card not held, or not following suit.

    The message says what was wrong, in words a player can act on, e.g. "South cannot
    play: it is East's turn".
    """
