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
        raise NotImplementedError("HumanStrategy.__init__ is yours to write in this phase")

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Show the situation and ask until the person names a card they may play.

        Raises:
            EOFError: If the input ends before a card is chosen.
        """
        raise NotImplementedError("HumanStrategy.choose_card is yours to write in this phase")

    def update_data(self, trick: Trick) -> None:
        """Write the completed trick and its winner.

        The winner is named ``player N``, N from 1 to 4 (the seat plus one), as the
        console numbers players; the rest of the line is yours to word.
        """
        raise NotImplementedError("HumanStrategy.update_data is yours to write in this phase")
