"""A person choosing the cards at the console.

When it is the person's turn, the strategy writes the trumps, the trick so far and the
hand, numbered from 1, then asks "Your card (1-N): ".  The answer may be the number of a
card or its notation ("QS", "10h"); an answer that is neither, or a card that does not
follow suit while the hand holds the led suit, is explained and asked again.  After each
trick the strategy writes who won it, as ``player N`` (players 1 to 4 are seats 0 to 3).

This version lists the hand one card a line and words its lines its own way.
"""

from __future__ import annotations

from collections.abc import Callable

from cards.card import Card
from cards.hand import Hand

from .player import Strategy
from .trick import Trick

PROMPT = "Your card (1-{count}): "
"""The prompt, with the number of cards in the hand in place of ``{count}``."""


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
        self.read = read
        self.write = write

    def _show(self, cards: list[Card], trick: Trick) -> None:
        """Write the trumps, the cards played so far and the numbered hand."""
        self.write(f"{trick.trumps.symbol} {trick.trumps.name.title()} are trumps.")
        if len(trick) == 0:
            self.write("Nobody has played yet: you lead this trick.")
        for seat in range(4):
            played = trick.card_of(seat)
            if played is not None:
                self.write(f"  player {seat + 1} played {played}")
        self.write("You hold:")
        for number, card in enumerate(cards, start=1):
            self.write(f"  {number:>2}. {card}")

    def _named(self, answer: str, cards: list[Card]) -> Card | None:
        """Return the card of ``cards`` an answer names (by number or notation), or None."""
        word = answer.strip()
        try:
            number = int(word)
        except ValueError:
            number = None
        if number is not None:
            return cards[number - 1] if 0 < number <= len(cards) else None
        try:
            card = Card.from_notation(word)
        except ValueError:
            return None
        return card if card in cards else None

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Show the situation and ask until the person names a card they may play.

        Raises:
            EOFError: If the input ends before a card is chosen.
        """
        cards = list(hand)
        self._show(cards, trick)
        led = trick.lead_suit
        while True:
            answer = self.read(PROMPT.format(count=len(cards)))
            card = self._named(answer, cards)
            if card is None:
                self.write(
                    f"{answer.strip()!r} is not one of your cards: type 1 to {len(cards)}"
                    " or a card such as 10h."
                )
            elif led is not None and card.suit != led and any(c.suit == led for c in cards):
                self.write(f"{led.name.title()} were led and you hold some: follow suit.")
            else:
                return card

    def update_data(self, trick: Trick) -> None:
        """Write the completed trick and its winner, named ``player N`` (seat plus one)."""
        self.write(f"player {trick.winner() + 1} takes the trick ({trick}).")
