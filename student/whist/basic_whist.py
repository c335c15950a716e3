"""The game of whist: hands of 13 tricks until a partnership has 7 points.

One hand goes like this, every random choice made by the game's generator in this
order, so that a seed always replays the same game:

1. A new ``Deck(rng)`` is shuffled, then the trumps are chosen (``Suit.random(rng)``)
   and then the first leader (``rng.randrange(4)``).
2. The 52 cards are dealt one at a time to seats 0, 1, 2, 3, 0, 1, ... (13 each), and
   every player is told the trumps.
3. Thirteen tricks are played.  In each, starting with the leader, every player in turn
   plays a card (``Player.play_card``) and the game adds it to the trick; the winner of
   the trick scores it for its partnership, every player is shown the completed trick
   (``Player.view_trick``, seats 0 to 3 in order) and the winner leads the next trick.
4. The partnership that took more tricks scores one point per trick over six.

The game is over once a partnership has 7 points or more.  The game does not check that
players follow suit; it refuses a card that is not a card or comes out of turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .player import Player

TRICKS_PER_HAND = 13
"""Each player holds 13 cards, so a hand has 13 tricks."""

BOOK = 6
"""Tricks a partnership must take before the next ones score: one point per trick over six."""

POINTS_TO_WIN = 7
"""The game ends once a partnership has this many points."""

Writer = Callable[[str], object]
"""Where the game writes its lines (``print`` by default)."""


class BasicWhist:
    """A game of whist between four players; seats 0 and 2 play against seats 1 and 3.

    Attributes:
        trumps: The trump suit of the hand being played or last played (None before
            the first hand).
        tricks: The completed tricks of the hand being played or last played, in order.
    """

    def __init__(
        self,
        players: Sequence[Player],
        rng: random.Random | None = None,
        write: Writer | None = print,
    ) -> None:
        """Seat four players for a game.

        Args:
            players: Four players; ``players[i].player_id`` must be ``i``.
            rng: The generator of the deals, trumps and leaders; a new
                ``random.Random()`` when None.
            write: Called with each line of the game's report (the trumps, each trick,
                the scores); None for a game played silently.

        Raises:
            ValueError: If there are not four players or their ids are not 0 to 3 in
                order.
        """
        raise NotImplementedError("BasicWhist.__init__ is yours to write in this phase")

    @property
    def scores(self) -> tuple[int, int]:
        """tuple[int, int]: The points of partnership 0 (seats 0, 2) and 1 (seats 1, 3)."""
        raise NotImplementedError("BasicWhist.scores is yours to write in this phase")

    def is_over(self) -> bool:
        """Return True once a partnership has ``POINTS_TO_WIN`` points or more."""
        raise NotImplementedError("BasicWhist.is_over is yours to write in this phase")

    def winner(self) -> int | None:
        """Return the partnership that won (0 or 1), None while the game goes on."""
        raise NotImplementedError("BasicWhist.winner is yours to write in this phase")

    def play_hand(self) -> tuple[int, int]:
        """Deal and play one hand of 13 tricks, and score it.

        The completed tricks are kept in ``tricks`` and the trumps in ``trumps``.

        Returns:
            The tricks taken by partnership 0 and by partnership 1 (they add up to 13).

        Raises:
            TypeError: If a player plays something that is not a card.
            ValueError: If a player cannot play, or plays a card twice.
        """
        raise NotImplementedError("BasicWhist.play_hand is yours to write in this phase")

    def play_game(self) -> int:
        """Play hands until the game is over, and report the winners.

        Returns:
            The winning partnership, 0 (seats 0 and 2) or 1 (seats 1 and 3).
        """
        raise NotImplementedError("BasicWhist.play_game is yours to write in this phase")


def basic_game(rng: random.Random | None = None, write: Writer | None = print) -> int:
    """Play a game between four basic players, reporting it with ``write``.

    Args:
        rng: The generator of the game and of the players' ties; a new one when None.
        write: Where the report goes; None for silence.

    Returns:
        The winning partnership, 0 or 1.
    """
    raise NotImplementedError("basic_game is yours to write in this phase")


def human_game(
    read: Callable[[str], str] = input,
    write: Writer = print,
    rng: random.Random | None = None,
) -> None:
    """Let a person in seat 0 play games with three basic players, as long as they like.

    After each game, the last line written before the question names the winners,
    ``players 1 and 3`` (the person and their partner) or ``players 2 and 4``, in any
    case and wording around them; then the person is asked "Play another game? (y/n) ",
    and anything but an answer starting with "y" ends.

    Args:
        read: Reads the person's answer to a prompt (``input`` by default).
        write: Where the game and the prompts' explanations go.
        rng: The generator of the games and of the basic players' ties.
    """
    raise NotImplementedError("human_game is yours to write in this phase")


def advanced_game(rng: random.Random | None = None, write: Writer | None = print) -> int:
    """Play a game of two advanced players (seats 0 and 2) against two basic ones.

    Args:
        rng: The generator of the game and of the players' ties; a new one when None.
        write: Where the report goes; None for silence.

    Returns:
        The winning partnership: 0 for the advanced players, 1 for the basic ones.
    """
    raise NotImplementedError("advanced_game is yours to write in this phase")


if __name__ == "__main__":
    basic_game()
