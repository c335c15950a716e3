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

from cards.card import Suit
from cards.deck import Deck

from .advanced_strategy import AdvancedStrategy
from .basic_player import BasicPlayer
from .basic_strategy import BasicStrategy
from .human_strategy import HumanStrategy
from .player import Player
from .trick import NUM_PLAYERS, Trick, team_of

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
        players = tuple(players)
        if len(players) != NUM_PLAYERS:
            raise ValueError(f"whist needs 4 players, not {len(players)}")
        for seat, player in enumerate(players):
            if player is None or player.player_id != seat:
                raise ValueError(
                    f"the player in seat {seat} must have player_id {seat}: {player!r}"
                )
        self._players = players
        self._rng = random.Random() if rng is None else rng
        self._write = write
        self._scores = [0, 0]
        self.trumps: Suit | None = None
        self.tricks: list[Trick] = []

    @property
    def scores(self) -> tuple[int, int]:
        """tuple[int, int]: The points of partnership 0 (seats 0, 2) and 1 (seats 1, 3)."""
        return self._scores[0], self._scores[1]

    def is_over(self) -> bool:
        """Return True once a partnership has ``POINTS_TO_WIN`` points or more."""
        return max(self._scores) >= POINTS_TO_WIN

    def winner(self) -> int | None:
        """Return the partnership that won (0 or 1), None while the game goes on."""
        if not self.is_over():
            return None
        return 0 if self._scores[0] > self._scores[1] else 1

    def _report(self, line: str) -> None:
        """Write one line of the game's report, unless the game is silent."""
        if self._write is not None:
            self._write(line)

    def play_hand(self) -> tuple[int, int]:
        """Deal and play one hand of 13 tricks, and score it.

        The completed tricks are kept in ``tricks`` and the trumps in ``trumps``.

        Returns:
            The tricks taken by partnership 0 and by partnership 1 (they add up to 13).

        Raises:
            TypeError: If a player plays something that is not a card.
            ValueError: If a player cannot play, or plays a card twice.
        """
        deck = Deck(self._rng)
        self.trumps = Suit.random(self._rng)
        leader = self._rng.randrange(NUM_PLAYERS)
        for _ in range(TRICKS_PER_HAND):
            for player in self._players:
                player.deal_card(deck.deal())
        for player in self._players:
            player.set_trumps(self.trumps)
        self._report(f"Trumps are {self.trumps.name.lower()}; player {leader + 1} leads.")
        taken = [0, 0]
        self.tricks = []
        for number in range(1, TRICKS_PER_HAND + 1):
            trick = self._play_trick(leader)
            leader = trick.winner()
            taken[team_of(leader)] += 1
            self.tricks.append(trick)
            if self._write is not None:  # a silent game does not even build the line
                self._report(
                    f"Trick {number}: {trick} -- won by player {leader + 1}; "
                    f"tricks {taken[0]} to {taken[1]}"
                )
        self._score(taken)
        return taken[0], taken[1]

    def _play_trick(self, leader: int) -> Trick:
        """Play one trick from ``leader``, show it to every player and return it."""
        trick = Trick(self.trumps, leader)
        for offset in range(NUM_PLAYERS):
            seat = (leader + offset) % NUM_PLAYERS
            trick.set_card(seat, self._players[seat].play_card(trick))
        for player in self._players:
            player.view_trick(trick)
        return trick

    def _score(self, taken: list[int]) -> None:
        """Give the partnership with more tricks its tricks over six, and report the scores."""
        team = 0 if taken[0] > taken[1] else 1
        self._scores[team] += taken[team] - BOOK
        self._report(
            f"Players {team + 1} and {team + 3} score {taken[team] - BOOK}; "
            f"the score is {self._scores[0]} to {self._scores[1]}."
        )

    def play_game(self) -> int:
        """Play hands until the game is over, and report the winners.

        Returns:
            The winning partnership, 0 (seats 0 and 2) or 1 (seats 1 and 3).
        """
        while not self.is_over():
            self.play_hand()
        team = self.winner()
        high, low = max(self._scores), min(self._scores)
        self._report(f"Players {team + 1} and {team + 3} win {high} to {low}.")
        return team


def basic_game(rng: random.Random | None = None, write: Writer | None = print) -> int:
    """Play a game between four basic players, reporting it with ``write``.

    Args:
        rng: The generator of the game and of the players' ties; a new one when None.
        write: Where the report goes; None for silence.

    Returns:
        The winning partnership, 0 or 1.
    """
    rng = random.Random() if rng is None else rng
    players = [BasicPlayer(seat, BasicStrategy(rng)) for seat in range(NUM_PLAYERS)]
    return BasicWhist(players, rng, write).play_game()


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
    rng = random.Random() if rng is None else rng
    while True:
        players = [BasicPlayer(0, HumanStrategy(read, write))]
        players += [BasicPlayer(seat, BasicStrategy(rng)) for seat in range(1, NUM_PLAYERS)]
        team = BasicWhist(players, rng, write).play_game()
        write(
            "Players 1 and 3 win: you and your partner!"
            if team == 0
            else "Players 2 and 4 win: your opponents."
        )
        if not read("Play another game? (y/n) ").strip().lower().startswith("y"):
            return


def advanced_game(rng: random.Random | None = None, write: Writer | None = print) -> int:
    """Play a game of two advanced players (seats 0 and 2) against two basic ones.

    Args:
        rng: The generator of the game and of the players' ties; a new one when None.
        write: Where the report goes; None for silence.

    Returns:
        The winning partnership: 0 for the advanced players, 1 for the basic ones.
    """
    rng = random.Random() if rng is None else rng
    players = [
        BasicPlayer(seat, AdvancedStrategy() if seat % 2 == 0 else BasicStrategy(rng))
        for seat in range(NUM_PLAYERS)
    ]
    return BasicWhist(players, rng, write).play_game()


if __name__ == "__main__":
    basic_game()
