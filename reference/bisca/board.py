"""One game of bisca between two players: dealing, rounds, drawing and scoring.

The rules live in small pure pieces (``Card.beats`` and ``round_winner``); ``Board.play``
is the only method that moves the game forward.  A game goes like this:

1. The bottom card of the stock is shown; its suit is trump for the whole game.
2. Starting with player ``first``, the players are dealt one card at a time, alternately,
   until each holds ``HAND_SIZE`` cards.  Player ``first`` leads the first round.
3. In a round the leader plays any card from its hand, then the follower plays any card
   from its hand (following suit is not required).  ``round_winner`` decides who wins;
   the winner collects both cards, the led card first.
4. While the stock is not empty, each player draws one card, the round's leader first.
   The shown trump card is the last card drawn.
5. The round's winner leads the next round.  The game is over when the stock and both
   hands are empty; the player with more points wins (with the full deck, more than 60
   of the 120), and equal points are a tie.

Game-playing code must see only what its player may know, so ``Board.view_for`` hands it
a ``PlayerView``: its own hand and public information, never the stock or the other hand.
"""

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
    """Decide who wins a round, a pure function of the two cards and the trump suit.

    Args:
        led: The card played first.
        followed: The card played second.
        trump: The trump suit.

    Returns:
        ``FOLLOWER`` (1) if ``followed.beats(led, trump)``, otherwise ``LEADER`` (0).
    """
    return FOLLOWER if followed.beats(led, trump) else LEADER


class PlayerView(NamedTuple):
    """Everything one player may know when it is its turn to play.

    A view is an immutable named tuple: the board builds one at every move, and a named
    tuple is much quicker to build than a frozen dataclass.  Its fields can be given by
    keyword, e.g. ``PlayerView(hand=..., trump=..., ...)``, or in the order below.

    Attributes:
        hand: The player's cards, in the order they were received.
        trump: The trump suit.
        trump_card: The shown trump card while it is still at the bottom of the stock,
            None once it has been drawn.
        table: The cards already played in the round in progress: the led card when the
            player follows, empty when it leads.
        stock_size: The number of cards left in the stock.
        played: Every card already collected by either player, in the order collected
            (each round adds its led card, then its followed card).
        my_points: The player's points so far.
        opponent_points: The other player's points so far.
    """

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
        """tuple[Card, ...]: The cards the player may play: the whole hand, in bisca."""
        return self.hand

    @property
    def is_leading(self) -> bool:
        """bool: True when the player plays first in this round (the table is empty)."""
        return not self.table


class Round(NamedTuple):
    """A completed round, as recorded by the board.

    Like ``PlayerView``, a round is an immutable named tuple, quick to build.

    Attributes:
        leader: The name of the player who played first.
        led: The card played first.
        follower: The name of the player who played second.
        followed: The card played second.
        winner: The name of the player who won both cards (``leader`` or ``follower``).
    """

    leader: str
    led: Card
    follower: str
    followed: Card
    winner: str

    @property
    def points(self) -> int:
        """int: The points won in this round, those of the two cards together."""
        return self.led.points + self.followed.points


class Board:
    """The state of one game of bisca and the only place where it changes."""

    def __init__(self, players: Sequence[Player], deck: Deck, first: int = 0) -> None:
        """Set up a game: remember the trump, deal the hands, choose the first leader.

        The board takes ownership of ``deck`` (it draws from it) and of the players
        (it deals to them and gives them the cards they win).  The players should have
        empty hands and no won cards.

        Args:
            players: Exactly two players, with different names.
            deck: The stock, top card first; its bottom card is shown and gives the
                trump.  It must hold an even number of cards, at least
                ``NUM_PLAYERS * HAND_SIZE`` (the full deck has 40).
            first: The index in ``players`` (0 or 1) of the player dealt to first, who
                also leads the first round.

        Raises:
            ValueError: If there are not exactly two players, if they are the same player
                or share a name, if ``first`` is not 0 or 1, or if the deck is too small
                or odd in size.
        """
        _check_players(players)
        if first not in range(NUM_PLAYERS):
            raise ValueError(f"first must be 0 or 1, not {first!r}")
        self._players: tuple[Player, Player] = (players[0], players[1])
        self._deck = deck
        self._trump_card = _shown_trump_card(deck)
        self._trump = self._trump_card.suit
        self._round_count = len(deck) // NUM_PLAYERS  # each round plays one card per player
        self._leader = first
        self._to_play: Player | None = self._players[first]  # kept up to date by play()
        # Tuples, replaced but never changed, so that views can share them without a copy.
        self._table: tuple[Card, ...] = ()
        self._played: tuple[Card, ...] = ()
        self._rounds: list[Round] = []
        self._deal()

    def _deal(self) -> None:
        """Deal one card at a time, alternately, starting with the first leader."""
        for _ in range(HAND_SIZE):
            for player in self._in_playing_order():
                player.take(self._deck.draw())

    def _in_playing_order(self) -> tuple[Player, Player]:
        """Return the players, the one who leads the current round first."""
        leader = self._players[self._leader]
        return leader, self._players[1 - self._leader]

    @property
    def players(self) -> tuple[Player, Player]:
        """tuple[Player, Player]: The two players, in the order given."""
        return self._players

    @property
    def trump(self) -> Suit:
        """Suit: The trump suit, the suit of ``trump_card``."""
        return self._trump

    @property
    def trump_card(self) -> Card:
        """Card: The card shown at the start of the game (still given after it is drawn)."""
        return self._trump_card

    @property
    def stock_size(self) -> int:
        """int: The number of cards left in the stock."""
        return len(self._deck)

    @property
    def table(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The round in progress: empty, or the card led so far."""
        return self._table

    @property
    def to_play(self) -> Player | None:
        """Player | None: The player who must play next, or None when the game is over."""
        return self._to_play

    @property
    def is_over(self) -> bool:
        """bool: True when the stock and both hands are empty."""
        return len(self._rounds) == self._round_count

    @property
    def rounds(self) -> tuple[Round, ...]:
        """tuple[Round, ...]: The completed rounds, in the order they were played."""
        return tuple(self._rounds)

    @property
    def scores(self) -> tuple[int, int]:
        """tuple[int, int]: The points of ``players[0]`` and of ``players[1]``."""
        first, second = self._players
        return first.points, second.points

    def view_for(self, player: Player) -> PlayerView:
        """Return what ``player`` may know of the game right now.

        Args:
            player: One of the two players of this board (the same object).

        Returns:
            The player's view; see ``PlayerView`` for the meaning of each field.

        Raises:
            ValueError: If ``player`` does not play on this board.
        """
        opponent = self._opponent_of(player)
        # In field order, from hand to opponent_points: positional arguments make this,
        # the busiest call of a game, twice as quick as keywords.
        return PlayerView(
            player.hand,
            self._trump,
            self._deck.bottom,
            self._table,
            len(self._deck),
            self._played,
            player.points,
            opponent.points,
        )

    def _opponent_of(self, player: Player) -> Player:
        """Return the other player; raise ValueError if ``player`` is not on the board."""
        first, second = self._players
        if player is first:
            return second
        if player is second:
            return first
        raise ValueError(f"{player} does not play on this board")

    def play(self, card: Card) -> Round | None:
        """Play a card for the player whose turn it is (``to_play``).

        When the card completes a round, the round is settled: ``round_winner`` decides
        the winner, who collects both cards (the led card first); then, if the stock is
        not empty, each player draws one card, the round's leader first; the winner will
        lead the next round.

        Args:
            card: A card from the hand of ``to_play``.

        Returns:
            The completed ``Round`` if this card was played second, otherwise None.

        Raises:
            ValueError: If the game is over, or ``card`` is not in the hand of the
                player to play (the state is then unchanged).
        """
        player = self._to_play
        if player is None:
            raise ValueError(f"the game is over: {card.notation} cannot be played")
        self._table += (player.play(card),)
        if len(self._table) < NUM_PLAYERS:
            self._to_play = self._opponent_of(player)  # the follower's turn
            return None
        completed = self._settle_round()
        self._to_play = None if self.is_over else self._players[self._leader]
        return completed

    def _settle_round(self) -> Round:
        """Give the table to the round's winner, refill the hands, record the round."""
        leader, follower = self._in_playing_order()
        led, followed = self._table
        winner = (leader, follower)[round_winner(led, followed, self._trump)]
        winner.collect(self._table)
        self._played += self._table
        self._table = ()
        self._draw_after_round()
        self._leader = self._players.index(winner)
        completed = Round(leader.name, led, follower.name, followed, winner.name)
        self._rounds.append(completed)
        return completed

    def _draw_after_round(self) -> None:
        """Unless the stock is empty, give each player one card, the leader first."""
        if self._deck.is_empty:
            return
        for player in self._in_playing_order():
            player.take(self._deck.draw())

    def winner(self) -> Player | None:
        """Return the winner of a finished game.

        Returns:
            The player with more points (with the full deck, the one with more than
            60), or None if both have the same points (60 each with the full deck).

        Raises:
            ValueError: If the game is not over.
        """
        if not self.is_over:
            raise ValueError("the game is not over yet")
        first_points, second_points = self.scores
        if first_points == second_points:
            return None
        return self._players[0] if first_points > second_points else self._players[1]


def _check_players(players: Sequence[Player]) -> None:
    """Raise ValueError unless ``players`` are two different players with different names."""
    if len(players) != NUM_PLAYERS:
        raise ValueError(f"bisca needs exactly {NUM_PLAYERS} players, got {len(players)}")
    first, second = players
    if first is second or first.name == second.name:
        raise ValueError(f"the two players must differ, got {first.name!r} twice")


def _shown_trump_card(deck: Deck) -> Card:
    """Return the bottom card of ``deck``, after checking it can be dealt and drawn in pairs.

    Raises:
        ValueError: If the deck holds an odd number of cards, or too few to deal.
    """
    size, bottom = len(deck), deck.bottom
    if bottom is None or size < NUM_PLAYERS * HAND_SIZE or size % NUM_PLAYERS:
        raise ValueError(
            f"the deck must hold an even number of cards, at least "
            f"{NUM_PLAYERS * HAND_SIZE}; it holds {size}"
        )
    return bottom
