"""A person choosing the cards at the console.

When it is the person's turn, the strategy writes the trumps, the trick so far and the
hand, numbered from 1, then asks "Your card (1-N): ".  The answer may be the number of a
card or its notation ("QS", "10h"), spaces around it ignored (" 2 " is card 2); an
answer that is neither, or a card that does not follow suit while the hand holds the led
suit, is explained and asked again.  After each trick the strategy writes who won it, as
``player N`` (players 1 to 4 are seats 0 to 3).
"""

from __future__ import annotations

from collections.abc import Callable

from cards.card import Card
from cards.hand import Hand

from .player import Strategy
from .trick import Trick

PROMPT = "Your card (1-{count}): "
"""The prompt, with the number of cards in the hand in place of ``{count}``."""


def _pick(answer: str, cards: list[Card]) -> Card | None:
    """Return the card an answer names, by number or notation, or None."""
    text = answer.strip()
    if text.isdigit():
        number = int(text)
        return cards[number - 1] if 1 <= number <= len(cards) else None
    try:
        card = Card.from_notation(text)
    except ValueError:
        return None
    return card if card in cards else None


class HumanStrategy(Strategy):
    """Asks a person which card to play."""

    def __init__(
        self, read: Callable[[str], str] = input, write: Callable[[str], object] = print
    ) -> None:
        """Make a strategy that talks to a person.

        Args:
            read: Shows a prompt and returns the person's answer (``input`` by default).
            write: Writes one line for the person (``print`` by default).
        """
        self._read = read
        self._write = write

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Show the situation and ask until the person names a card they may play.

        Raises:
            EOFError: If the input ends before a card is chosen.
        """
        cards = list(hand)
        self._write(f"Trumps: {trick.trumps.name.lower()}")
        self._write(f"Trick so far: {trick}" if len(trick) else "You lead.")
        self._write("Your hand: " + "  ".join(f"{n}) {card}" for n, card in enumerate(cards, 1)))
        while True:
            card = _pick(self._read(PROMPT.format(count=len(cards))), cards)
            if card is None:
                self._write("Please give the number of a card in your hand, or its notation (QS).")
            elif (
                trick.lead_suit is not None
                and card.suit is not trick.lead_suit
                and hand.has_suit(trick.lead_suit)
            ):
                self._write(f"You must follow suit: play a {trick.lead_suit.name.lower()[:-1]}.")
            else:
                return card

    def update_data(self, trick: Trick) -> None:
        """Write the completed trick and its winner.

        The winner is named ``player N``, N from 1 to 4 (the seat plus one), as the
        console numbers players; the rest of the line is yours to word.
        """
        self._write(f"Trick: {trick} -- won by player {trick.winner() + 1}")
