"""The exception raised when a player attempts a move the rules forbid."""

from __future__ import annotations


class IllegalMove(Exception):
    """A move the rules forbid: out of turn, a card not held, or not following suit.

    The message says what was wrong, in words a player can act on, e.g. "South cannot
    play: it is East's turn".  It names whose turn it is when a player plays out of turn,
    the card when the player does not hold it, and the suit led when the card does not
    follow it (a card in words, short form or notation; a suit by its name or symbol);
    the rest of the wording is yours.
    """
