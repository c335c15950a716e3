"""The three variations of whist: classic, single hand and knock-out.

* Classic whist deals the whole deck, 13 cards each, hand after hand, and ends as soon
  as a player's score reaches ``ClassicWhist.WINNING_SCORE``.
* Single-hand whist is one hand: whoever wins most tricks scores the game's only point.
* Knock-out whist plays 13 hands of 13, 12, ... down to 1 card each, and ends after the
  hand of one card.  Nobody is knocked out in this version: all four play every hand.
"""

from __future__ import annotations

from .base_game import BaseCardGame

_FULL_HAND = 13


class ClassicWhist(BaseCardGame):
    """Whist hand after hand until a player reaches ``WINNING_SCORE`` points."""

    WINNING_SCORE = 5
    """The score that ends the game."""

    @property
    def name(self) -> str:
        """str: "Classic Whist"."""
        return "Classic Whist"

    def is_game_finished(self) -> bool:
        """Return True once a player's score reaches ``WINNING_SCORE``."""
        return max(self.scores().values()) >= self.WINNING_SCORE


class SingleHandWhist(BaseCardGame):
    """Whist over a single hand: the game ends when that hand is scored."""

    @property
    def name(self) -> str:
        """str: "Single Hand Whist"."""
        return "Single Hand Whist"

    def is_game_finished(self) -> bool:
        """Return True once the hand has been played and scored."""
        return self.hands_played >= 1


class KnockOutWhist(BaseCardGame):
    """Thirteen hands, the first of 13 cards each, every later one a card shorter."""

    HANDS = _FULL_HAND
    """How many hands the game lasts."""

    @property
    def name(self) -> str:
        """str: "Knock-Out Whist"."""
        return "Knock-Out Whist"

    def cards_each(self, deck_size: int) -> int:
        """Return the size of the next hand: 13 for the first, one fewer for each later.

        Args:
            deck_size: How many cards the deck holds (a full deck has enough).

        Returns:
            ``13 - hands_played``.
        """
        return _FULL_HAND - self.hands_played

    def is_game_finished(self) -> bool:
        """Return True once all ``HANDS`` hands have been played."""
        return self.hands_played >= self.HANDS


VARIATIONS: dict[str, type[BaseCardGame]] = {
    "classic": ClassicWhist,
    "single": SingleHandWhist,
    "knockout": KnockOutWhist,
}
"""Every variation by a short name, for command lines and tests."""
