"""The user's player: chooses cards at the console.

This is the one player that reads input.  It shows the hand numbered from 1 and the
cards allowed, and asks for a card by its number or its notation ("QS", "10h") until
the answer is a legal card; an answer that is not, gets a one-line reason and the
question again.
"""

from __future__ import annotations

import random

from .card import Card
from .player import Player, Situation

PROMPT = "Your card: "
"""The question asked for every card, printed without a line break."""


class Human(Player):
    """A player whose cards the user chooses.

    Args:
        name: The player's name, e.g. "South".
        rng: Unused by a human's own choices, kept so every player is made alike.
    """

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        """Make the user's player."""
        raise NotImplementedError("Human.__init__ is yours to write in this phase")

    @property
    def is_human(self) -> bool:
        """bool: True: the user chooses this player's cards."""
        raise NotImplementedError("Human.is_human is yours to write in this phase")

    def choose(self, situation: Situation) -> Card:
        """Ask the user for a card until the answer is one of the legal plays.

        Prints the hand, each card right after its number from 1 (``1:Q♠``, ``[1] Q♠``
        or ``1) Q♠``; a card may be written with its suit's symbol or in notation,
        ``1:QS``), then a line showing the cards allowed and no other card of the hand,
        then asks with ``PROMPT``.  Answers are read as ``read_card`` reads them.  An
        answer that is neither a number of the hand nor a card's notation, or a card
        that may not be played, is refused with a line starting ``Refused:`` that says
        why, and asked again.

        Returns:
            One of ``situation.legal_plays``.

        Raises:
            EOFError: If input ends.
        """
        raise NotImplementedError("Human.choose is yours to write in this phase")


def read_card(answer: str, hand: tuple[Card, ...]) -> Card | None:
    """Return the card an answer names: a number of ``hand`` from 1, or a notation.

    Spaces around the answer do not matter (3 typed between spaces is the number 3),
    nor the case of a notation (``Card.from_notation``: ``qs`` is the Queen of Spades).

    Returns:
        The card, or None if the answer names none (a card out of the hand is still
        returned when written in notation).
    """
    raise NotImplementedError("read_card is yours to write in this phase")


def refusal(answer: str, card: Card | None, allowed: tuple[Card, ...]) -> str:
    """Return why an answer is refused, in one line."""
    raise NotImplementedError("refusal is yours to write in this phase")
