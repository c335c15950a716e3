"""The user's player written from the contract: the hand one card a line as ``[1] Q♠``,
the allowed cards in notation on a line of their own, an answer read as a notation
first and as a number after, refusals worded its own way."""

from __future__ import annotations

import random

from .card import Card
from .player import Player, Situation

PROMPT = "Your card: "
"""The question asked for every card, printed without a line break."""


class Human(Player):
    """A player whose cards the user chooses."""

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        """Make the user's player."""
        super().__init__(name, random.Random() if rng is None else rng)

    @property
    def is_human(self) -> bool:
        """bool: True."""
        return True

    def choose(self, situation: Situation) -> Card:
        """Ask the user for a card until the answer is one of the legal plays."""
        print(f"{self.name}, your cards:")
        for number, card in enumerate(situation.hand, start=1):
            print(f"[{number}] {card}")
        allowed = situation.legal_plays
        print("Allowed now: " + ", ".join(card.notation for card in allowed))
        answer = input(PROMPT)
        card = read_card(answer, situation.hand)
        while card not in allowed:
            print(f"Refused: {refusal(answer, card, allowed)}")
            answer = input(PROMPT)
            card = read_card(answer, situation.hand)
        assert card is not None
        return card


def read_card(answer: str, hand: tuple[Card, ...]) -> Card | None:
    """Return the card an answer names: a notation, or a number of ``hand`` from 1."""
    try:
        return Card.from_notation(answer)
    except ValueError:
        pass
    text = answer.strip()
    if not text.isdecimal() or not text.isascii():
        return None
    index = int(text) - 1
    if index < 0 or index >= len(hand):
        return None
    return hand[index]


def refusal(answer: str, card: Card | None, allowed: tuple[Card, ...]) -> str:
    """Return why an answer is refused, in one line."""
    choices = ", ".join(card.notation for card in allowed)
    if card is None:
        return f"no card is called {answer.strip() or 'nothing'}; choose from {choices}"
    return f"not {card.notation} now; choose from {choices}"
