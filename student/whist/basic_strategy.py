"""The course's basic strategy, as a rule giving the allowed cards and a strategy using it.

``basic_choices`` is the rule as a pure function: the set of cards the basic strategy
may play, which holds more than one card only where the rule leaves a tie.  The
``BasicStrategy`` plays one of them, chosen by its random generator.  The rule, for the
player whose turn it is (``trick.next_player``):

1. **Leading** (the trick is empty): a card of the highest rank in the hand (Ace high),
   of any suit.
2. **The partner is winning the trick**: the lowest card of the led suit; without one,
   the lowest card that is not a trump (of any suit); holding only trumps, the lowest
   trump.
3. **Otherwise** (the partner has not played, or is losing):

   * holding the led suit: its highest card if that beats the card winning the trick,
     else its lowest card;
   * void in the led suit: the lowest trump that beats the card winning the trick;
     without one, the lowest card that is not a trump (of any suit), or the lowest trump
     when holding only trumps.

"Lowest" and "highest" compare ranks only, the Two lowest and the Ace highest.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from cards.card import Card
from cards.hand import Hand

from .player import Strategy
from .trick import Trick


def basic_choices(hand: Iterable[Card], trick: Trick) -> frozenset[Card]:
    """Return the cards the basic strategy allows for the player whose turn it is.

    Args:
        hand: The player's cards, at least one.
        trick: The trick in progress, not complete.

    Returns:
        The allowed cards: one card, or several tied ones (of one rank, in different
        suits) where the rule leaves a tie.

    Raises:
        ValueError: If ``hand`` is empty or ``trick`` is complete.
    """
    raise NotImplementedError("basic_choices is yours to write in this phase")


class BasicStrategy(Strategy):
    """Plays by ``basic_choices``, breaking ties with a random generator; learns nothing."""

    def __init__(self, rng: random.Random | None = None) -> None:
        """Make a basic strategy.

        Args:
            rng: The generator that breaks ties; a new ``random.Random()`` when None.
        """
        raise NotImplementedError("BasicStrategy.__init__ is yours to write in this phase")

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Return one of ``basic_choices(hand, trick)``.

        With a tie, the generator's ``choice`` picks among the tied cards sorted in the
        natural order (``sorted``).
        """
        raise NotImplementedError("BasicStrategy.choose_card is yours to write in this phase")

    def update_data(self, trick: Trick) -> None:
        """Do nothing: the basic strategy keeps no memory of past tricks."""
        raise NotImplementedError("BasicStrategy.update_data is yours to write in this phase")
