"""One game, written from the docstrings: whose turn it is is worked out, never stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .card import Card
from .deck import Deck
from .player import HAND_SIZE, Player
from .suit import Suit

NUM_PLAYERS = 2
"""Bisca is a game for exactly two players."""

LEADER = 0
"""Value of ``round_winner`` when the card led wins the round."""

FOLLOWER = 1
"""Value of ``round_winner`` when the card played second wins the round."""


def round_winner(led: Card, followed: Card, trump: Suit) -> int:
    """Return ``FOLLOWER`` if ``followed.beats(led, trump)``, otherwise ``LEADER``."""
    if followed.beats(led, trump):
        return FOLLOWER
    return LEADER


class PlayerView(NamedTuple):
    """Everything one player may know when it is its turn to play."""

    hand: tuple[Card, ...]
    trump: Suit
    trump_card: Card | None
    table: tuple[Card, ...]
    stock_size: int
    played: tuple[Card, ...]
    my_points: int
    opponent_points: int

    @property
    def legal_cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The whole hand."""
        return tuple(self.hand)

    @property
    def is_leading(self) -> bool:
        """bool: True when the table is empty."""
        return len(self.table) == 0


class Round(NamedTuple):
    """A completed round, as recorded by the board."""

    leader: str
    led: Card
    follower: str
    followed: Card
    winner: str

    @property
    def points(self) -> int:
        """int: The points of the two cards together."""
        return sum(card.points for card in (self.led, self.followed))


class Board:
    """The state of one game of bisca and the only place where it changes."""

    def __init__(self, players: Sequence[Player], deck: Deck, first: int = 0) -> None:
        """Set up a game: check, remember the trump, deal, choose the first leader."""
        if len(players) != NUM_PLAYERS:
            raise ValueError(f"a game of bisca has 2 players, not {len(players)}")
        one, two = players
        if one is two:
            raise ValueError(f"{one} cannot play against itself")
        if one.name == two.name:
            raise ValueError(f"both players are called {one.name!r}")
        if first not in (0, 1):
            raise ValueError(f"first is 0 or 1, not {first!r}")
        if len(deck) % 2 == 1 or len(deck) < NUM_PLAYERS * HAND_SIZE:
            raise ValueError(f"a stock of {len(deck)} cards cannot be played")
        self._players = (one, two)
        self._deck = deck
        shown = deck.bottom
        assert shown is not None  # the size was checked above
        self._shown = shown
        self._leader = first
        self._table: list[Card] = []
        self._played: list[Card] = []
        self._history: list[Round] = []
        for _ in range(HAND_SIZE):
            self._players[first].take(deck.draw())
            self._players[1 - first].take(deck.draw())

    @property
    def players(self) -> tuple[Player, Player]:
        """tuple[Player, Player]: The two players, in the order given."""
        return self._players

    @property
    def trump(self) -> Suit:
        """Suit: The trump suit."""
        return self._shown.suit

    @property
    def trump_card(self) -> Card:
        """Card: The card shown at the start of the game."""
        return self._shown

    @property
    def stock_size(self) -> int:
        """int: The number of cards left in the stock."""
        return len(self._deck)

    @property
    def table(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The round in progress."""
        return tuple(self._table)

    @property
    def to_play(self) -> Player | None:
        """Player | None: The player who must play next, or None when the game is over."""
        if self.is_over:
            return None
        return self._players[(self._leader + len(self._table)) % NUM_PLAYERS]

    @property
    def is_over(self) -> bool:
        """bool: True when the stock and both hands are empty."""
        return self._deck.is_empty and not any(player.hand for player in self._players)

    @property
    def rounds(self) -> tuple[Round, ...]:
        """tuple[Round, ...]: The completed rounds, in the order they were played."""
        return tuple(self._history)

    @property
    def scores(self) -> tuple[int, int]:
        """tuple[int, int]: The points of ``players[0]`` and of ``players[1]``."""
        return (self._players[0].points, self._players[1].points)

    def view_for(self, player: Player) -> PlayerView:
        """Return what ``player`` may know of the game right now."""
        seat = self._seat_of(player)
        opponent = self._players[1 - seat]
        return PlayerView(
            hand=player.hand,
            trump=self.trump,
            trump_card=self._deck.bottom,
            table=tuple(self._table),
            stock_size=len(self._deck),
            played=tuple(self._played),
            my_points=player.points,
            opponent_points=opponent.points,
        )

    def _seat_of(self, player: Player) -> int:
        """The index of ``player`` (the same object) in ``players``."""
        for seat, seated in enumerate(self._players):
            if seated is player:
                return seat
        raise ValueError(f"{player} does not play on this board")

    def play(self, card: Card) -> Round | None:
        """Play a card for the player whose turn it is; settle the round it completes."""
        player = self.to_play
        if player is None:
            raise ValueError(f"the game is over, {card} cannot be played")
        if card not in player.hand:
            raise ValueError(f"{player} does not hold {card}")
        self._table.append(player.play(card))
        if len(self._table) < NUM_PLAYERS:
            return None
        return self._settle()

    def _settle(self) -> Round:
        """Give the table to its winner, draw, and record the round."""
        led, followed = self._table
        leader = self._players[self._leader]
        follower = self._players[1 - self._leader]
        taker = (leader, follower)[round_winner(led, followed, self.trump)]
        taker.collect([led, followed])
        self._played.extend([led, followed])
        self._table.clear()
        if len(self._deck) > 0:
            leader.take(self._deck.draw())
            follower.take(self._deck.draw())
        self._leader = self._seat_of(taker)
        completed = Round(leader.name, led, follower.name, followed, taker.name)
        self._history.append(completed)
        return completed

    def winner(self) -> Player | None:
        """Return the player with more points, or None on a tie."""
        if not self.is_over:
            raise ValueError("the game is still being played")
        one, two = self._players
        if one.points == two.points:
            return None
        return max(self._players, key=lambda player: player.points)
