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

The game is over once a partnership has 7 points or more.  This version words its
report its own way and keeps the points in a dictionary by partnership.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from cards.card import Suit
from cards.deck import Deck

from .advanced_strategy import AdvancedStrategy
from .basic_player import BasicPlayer
from .basic_strategy import BasicStrategy
from .human_strategy import HumanStrategy
from .player import Player
from .trick import Trick, team_of

TRICKS_PER_HAND = 13
"""Each player holds 13 cards, so a hand has 13 tricks."""

BOOK = 6
"""Tricks a partnership must take before the next ones score: one point per trick over six."""

POINTS_TO_WIN = 7
"""The game ends once a partnership has this many points."""

Writer = Callable[[str], object]
"""Where the game writes its lines (``print`` by default)."""

_SIDES = {0: "players 1 and 3", 1: "players 2 and 4"}


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

        Raises:
            ValueError: If there are not four players or their ids are not 0 to 3 in
                order.
        """
        seated = list(players)
        if [getattr(player, "player_id", None) for player in seated] != [0, 1, 2, 3]:
            raise ValueError("four players are needed, with ids 0, 1, 2 and 3 in that order")
        self._seated = seated
        self._rng = rng if rng is not None else random.Random()
        self._say = write
        self._points = {0: 0, 1: 0}
        self.trumps: Suit | None = None
        self.tricks: list[Trick] = []

    def _line(self, text: str) -> None:
        """Write a line of the report unless the game is silent."""
        if self._say is not None:
            self._say(text)

    @property
    def scores(self) -> tuple[int, int]:
        """tuple[int, int]: The points of partnership 0 (seats 0, 2) and 1 (seats 1, 3)."""
        return (self._points[0], self._points[1])

    def is_over(self) -> bool:
        """Return True once a partnership has ``POINTS_TO_WIN`` points or more."""
        return any(points >= POINTS_TO_WIN for points in self._points.values())

    def winner(self) -> int | None:
        """Return the partnership that won (0 or 1), None while the game goes on."""
        if self.is_over():
            return max(self._points, key=self._points.__getitem__)
        return None

    def play_hand(self) -> tuple[int, int]:
        """Deal and play one hand of 13 tricks, and score it.

        Returns:
            The tricks taken by partnership 0 and by partnership 1 (they add up to 13).
        """
        deck = Deck(self._rng)
        trumps = Suit.random(self._rng)
        leader = self._rng.randrange(4)
        self.trumps = trumps
        self.tricks = []
        for player in itertools.islice(itertools.cycle(self._seated), 52):
            player.deal_card(deck.deal())
        for player in self._seated:
            player.set_trumps(trumps)
        self._line(f"New hand. Trumps: {trumps.symbol}. First to lead: player {leader + 1}.")
        won = {0: 0, 1: 0}
        while len(self.tricks) < TRICKS_PER_HAND:
            trick = Trick(trumps, leader)
            while not trick.is_complete:
                seat = trick.next_player
                assert seat is not None
                trick.set_card(seat, self._seated[seat].play_card(trick))
            for player in self._seated:
                player.view_trick(trick)
            leader = trick.winner()
            won[team_of(leader)] += 1
            self.tricks.append(trick)
            self._line(f"  {trick}: player {leader + 1} wins it")
        side = 0 if won[0] > won[1] else 1
        self._points[side] += won[side] - BOOK
        self._line(
            f"{_SIDES[side].capitalize()} took {won[side]} tricks and score "
            f"{won[side] - BOOK}. Points: {self._points[0]} - {self._points[1]}"
        )
        return won[0], won[1]

    def play_game(self) -> int:
        """Play hands until the game is over, and report the winners.

        Returns:
            The winning partnership, 0 (seats 0 and 2) or 1 (seats 1 and 3).
        """
        while self.winner() is None:
            self.play_hand()
        side = self.winner()
        assert side is not None
        self._line(f"Game over: {_SIDES[side]} have won.")
        return side


def _basic_players(rng: random.Random, first: Player | None = None) -> list[Player]:
    """Seat basic players with ``rng`` breaking their ties, ``first`` in seat 0 if given."""
    players: list[Player] = [BasicPlayer(seat, BasicStrategy(rng)) for seat in range(4)]
    if first is not None:
        players[0] = first
    return players


def basic_game(rng: random.Random | None = None, write: Writer | None = print) -> int:
    """Play a game between four basic players, reporting it with ``write``.

    Returns:
        The winning partnership, 0 or 1.
    """
    rng = rng or random.Random()
    return BasicWhist(_basic_players(rng), rng, write).play_game()


def human_game(
    read: Callable[[str], str] = input,
    write: Writer = print,
    rng: random.Random | None = None,
) -> None:
    """Let a person in seat 0 play games with three basic players, as long as they like.

    After each game, the last line written before the question names the winners,
    ``players 1 and 3`` (the person and their partner) or ``players 2 and 4``; then the
    person is asked "Play another game? (y/n) ", and anything but an answer starting
    with "y" ends.
    """
    rng = rng or random.Random()
    again = True
    while again:
        person = BasicPlayer(0, HumanStrategy(read, write))
        side = BasicWhist(_basic_players(rng, person), rng, write).play_game()
        write("Well played, you won (players 1 and 3)!" if side == 0 else "Players 2 and 4 won.")
        again = read("Play another game? (y/n) ").lstrip().lower()[:1] == "y"


def advanced_game(rng: random.Random | None = None, write: Writer | None = print) -> int:
    """Play a game of two advanced players (seats 0 and 2) against two basic ones.

    Returns:
        The winning partnership: 0 for the advanced players, 1 for the basic ones.
    """
    rng = rng or random.Random()
    players = _basic_players(rng)
    for seat in (0, 2):
        players[seat].set_strategy(AdvancedStrategy())
    return BasicWhist(players, rng, write).play_game()


if __name__ == "__main__":
    basic_game()
