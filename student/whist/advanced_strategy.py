"""A strategy of your own design that plays better than ``BasicStrategy``.

How it plays is up to you; describe it in ``ADVANCED.md``.  Two things are fixed: it
must beat the basic strategy (the grader measures it in a duplicate tournament of two
advanced players against two basic ones), and it may learn about the game only through
its two methods: the hand and the trick in progress given to ``choose_card``, and each
completed trick given to ``update_data``.  It may keep any memory it likes between calls.
Its cards must be legal: a card of the hand, following the led suit whenever it can.
"""

from __future__ import annotations

from cards.card import Card
from cards.hand import Hand

from .player import Strategy
from .trick import Trick


class AdvancedStrategy(Strategy):
    """A strategy that beats ``BasicStrategy`` using what it has seen of the hand."""

    def __init__(self) -> None:
        """Make a strategy with no memory of any hand yet (it takes no arguments)."""
        raise NotImplementedError("AdvancedStrategy.__init__ is yours to write in this phase")

    def update_data(self, trick: Trick) -> None:
        """Mark the trick's cards as seen and note who did not follow the led suit."""
        raise NotImplementedError("AdvancedStrategy.update_data is yours to write in this phase")

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Choose a legal card of ``hand`` for ``trick``; the seat is ``trick.next_player``.

        Returns:
            A card of ``hand``, of the led suit whenever the hand holds one.
        """
        raise NotImplementedError("AdvancedStrategy.choose_card is yours to write in this phase")
