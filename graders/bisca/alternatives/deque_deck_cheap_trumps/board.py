"""One game, written from the docstrings: seats as indexes, rounds counted down."""

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
    return int(bool(followed.beats(led, trump)))


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
        return self.hand

    @property
    def is_leading(self) -> bool:
        """bool: True when the table is empty."""
        return not self.table


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
        return self.led.points + self.followed.points


class Board:
    """The state of one game of bisca and the only place where it changes."""

    def __init__(self, players: Sequence[Player], deck: Deck, first: int = 0) -> None:
        """Set up a game: check, remember the trump, deal, choose the first leader."""
        seats = tuple(players)
        if len(seats) != NUM_PLAYERS or seats[0] is seats[1] or seats[0].name == seats[1].name:
            raise ValueError("bisca needs two different players with different names")
        if first != 0 and first != 1:
            raise ValueError(f"the first player is 0 or 1, not {first!r}")
        size = len(deck)
        if size < NUM_PLAYERS * HAND_SIZE or size % NUM_PLAYERS != 0:
            raise ValueError(f"the stock must hold an even number of cards, at least 6: {size}")
        self._seats: tuple[Player, Player] = (seats[0], seats[1])
        self._deck = deck
        self._trump_card: Card = deck.cards[-1]
        self._rounds_left = size // NUM_PLAYERS
        self._turn: int | None = first
        self._lead_seat = first
        self._led: Card | None = None
        self._played: tuple[Card, ...] = ()
        self._rounds: tuple[Round, ...] = ()
        for card_number in range(NUM_PLAYERS * HAND_SIZE):
            self._seats[(first + card_number) % NUM_PLAYERS].take(deck.draw())

    @property
    def players(self) -> tuple[Player, Player]:
        """tuple[Player, Player]: The two players, in the order given."""
        return self._seats

    @property
    def trump(self) -> Suit:
        """Suit: The trump suit."""
        return self._trump_card.suit

    @property
    def trump_card(self) -> Card:
        """Card: The card shown at the start of the game."""
        return self._trump_card

    @property
    def stock_size(self) -> int:
        """int: The number of cards left in the stock."""
        return len(self._deck)

    @property
    def table(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The round in progress."""
        return () if self._led is None else (self._led,)

    @property
    def to_play(self) -> Player | None:
        """Player | None: The player who must play next, or None when the game is over."""
        return None if self._turn is None else self._seats[self._turn]

    @property
    def is_over(self) -> bool:
        """bool: True when the stock and both hands are empty."""
        return self._rounds_left == 0

    @property
    def rounds(self) -> tuple[Round, ...]:
        """tuple[Round, ...]: The completed rounds, in the order they were played."""
        return self._rounds

    @property
    def scores(self) -> tuple[int, int]:
        """tuple[int, int]: The points of ``players[0]`` and of ``players[1]``."""
        first, second = self._seats
        return first.points, second.points

    def view_for(self, player: Player) -> PlayerView:
        """Return what ``player`` may know of the game right now."""
        if not any(seated is player for seated in self._seats):
            raise ValueError(f"{player} is not a player of this game")
        opponent = self._seats[1] if self._seats[0] is player else self._seats[0]
        return PlayerView(
            player.hand,
            self.trump,
            self._deck.bottom,
            self.table,
            len(self._deck),
            self._played,
            player.points,
            opponent.points,
        )

    def play(self, card: Card) -> Round | None:
        """Play a card for the player whose turn it is; settle the round it completes."""
        if self._turn is None:
            raise ValueError("the game is over")
        player = self._seats[self._turn]
        player.play(card)  # raises ValueError, with nothing changed, if card is not held
        if self._led is None:
            self._led = card
            self._turn = 1 - self._turn
            return None
        return self._settle(self._led, card)

    def _settle(self, led: Card, followed: Card) -> Round:
        """Give both cards to the round's winner, draw, and record the round."""
        leader = self._seats[self._lead_seat]
        follower = self._seats[1 - self._lead_seat]
        won_by_follower = round_winner(led, followed, self.trump) == FOLLOWER
        winner = follower if won_by_follower else leader
        winner.collect((led, followed))
        self._played += (led, followed)
        self._led = None
        if not self._deck.is_empty:
            for player in (leader, follower):
                player.take(self._deck.draw())
        self._lead_seat = self._seats.index(winner)
        self._rounds_left -= 1
        self._turn = None if self._rounds_left == 0 else self._lead_seat
        completed = Round(leader.name, led, follower.name, followed, winner.name)
        self._rounds += (completed,)
        return completed

    def winner(self) -> Player | None:
        """Return the player with more points, or None on a tie."""
        if not self.is_over:
            raise ValueError("the game is not over")
        first, second = self.scores
        if first > second:
            return self._seats[0]
        if second > first:
            return self._seats[1]
        return None
