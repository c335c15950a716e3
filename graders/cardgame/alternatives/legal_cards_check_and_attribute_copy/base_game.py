"""The rules the whist variations share: trumps, turns, tricks won and hands scored.

Trumps start as Hearts and change after every hand, in the order Hearts, Clubs,
Diamonds, Spades, no trumps, then Hearts again.  NORTH leads the first trick of every
hand; the winner of a trick leads the next.  When a hand is over, every player with the
most tricks (more than one on a tie) scores a point, and the trick counts start again
from zero.  A variation adds its name, how many cards each player is dealt, and when the
game is over.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Self

from .card import Card, Suit
from .game import CardGame
from .illegal_move import IllegalMove
from .player import Direction, Player
from .trick import Trick, legal_cards

TRUMP_ROTATION: tuple[Suit | None, ...] = (
    Suit.HEARTS,
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.SPADES,
    None,
)
"""Trumps hand by hand: the first hand is played with Hearts; None means no trumps."""

FIRST_LEADER = Direction.NORTH
"""The seat that leads the first trick of every hand, and receives the first card."""


def next_trumps(trumps: Suit | None) -> Suit | None:
    """Return the trumps of the hand after one played with ``trumps``.

    Args:
        trumps: This hand's trumps (None for no trumps).

    Returns:
        The next entry of ``TRUMP_ROTATION``, going back to Hearts after no trumps.
    """
    position = TRUMP_ROTATION.index(trumps)
    return TRUMP_ROTATION[(position + 1) % len(TRUMP_ROTATION)]


def hand_winners(tricks_won: Mapping[Direction, int]) -> set[Direction]:
    """Return the players who won the most tricks in a hand; each of them scores a point.

    Args:
        tricks_won: Tricks won by each player in the hand.

    Returns:
        Every player tied for the most tricks.
    """
    most = max(tricks_won.values())
    return {direction for direction, count in tricks_won.items() if count == most}


class BaseCardGame(CardGame):
    """The shared part of the whist variations; a variation adds ``name`` and when it ends."""

    def __init__(self) -> None:
        """Seat four players with empty hands, no points, and Hearts as trumps."""
        self._players = {direction: Player(direction) for direction in Direction}
        self._trumps: Suit | None = TRUMP_ROTATION[0]
        self._trick: Trick | None = None
        self._tricks_won = dict.fromkeys(Direction, 0)
        self._scores = dict.fromkeys(Direction, 0)
        self._hands_played = 0

    def __repr__(self) -> str:
        """Return the game's name, trumps and scores, for debugging."""
        scores = ", ".join(f"{d.name} {s}" for d, s in self._scores.items())
        return f"<{self.name}: trumps {self._trumps}, scores {scores}>"

    @property
    def trumps(self) -> Suit | None:
        """Suit | None: The trump suit of the current hand, or None for no trumps."""
        return self._trumps

    @property
    def trick(self) -> Trick | None:
        """Trick | None: The trick being played (or the last one played), None before a deal."""
        return self._trick

    @property
    def next_to_play(self) -> Direction | None:
        """Direction | None: Whose turn it is, or None when nobody may play (no cards)."""
        return self._trick.next_to_play if self._trick is not None else None

    @property
    def hands_played(self) -> int:
        """int: How many hands have been played to the end."""
        return self._hands_played

    def player(self, direction: Direction) -> Player:
        """Return the player in a seat.

        Args:
            direction: The seat.

        Returns:
            The player, whose hand is the game's own (changing it changes the game).
        """
        return self._players[direction]

    def legal_moves(self) -> list[Card]:
        """Return the cards the player whose turn it is may play, in increasing order.

        Returns:
            A new list, empty when nobody may play.
        """
        turn = self.next_to_play
        if turn is None:
            return []
        return legal_cards(self._players[turn].hand, self._trick.led_suit)

    def is_hand_finished(self) -> bool:
        """Return True when no player holds a card: the hand is over (or none was dealt)."""
        return all(len(player.hand) == 0 for player in self._players.values())

    def winners(self) -> set[Direction]:
        """Return the players with the highest score (more than one on a tie)."""
        return hand_winners(self._scores)

    def tricks_won(self) -> dict[Direction, int]:
        """Return a copy of how many tricks each player has won in the current hand."""
        return dict(self._tricks_won)

    def scores(self) -> dict[Direction, int]:
        """Return a copy of each player's points over the hands played."""
        return dict(self._scores)

    def cards_each(self, deck_size: int) -> int:
        """Return how many cards each player is dealt from a deck of ``deck_size`` cards.

        Args:
            deck_size: How many cards the deck given to ``deal`` holds.

        Returns:
            An equal share of the whole deck; a variation may deal fewer.
        """
        return deck_size // len(Direction)

    def play(self, direction: Direction, card: Card) -> None:
        """Play a card for a player, and move the game on when the trick is complete.

        Args:
            direction: The player's seat.
            card: The card played.

        Raises:
            IllegalMove: If the rules forbid the move; the game is then unchanged.
        """
        if self._trick is None:
            raise IllegalMove(f"{direction} cannot play {card}: no cards have been dealt")
        player = self._players[direction]
        self._trick.play(player, card)
        player.hand.remove(card)
        if self._trick.is_complete:
            self.end_round()

    def deal(self, cards: Sequence[Card]) -> None:
        """Deal a new hand from ``cards`` and start its first trick.

        Every hand is emptied and the trick counts start from zero.  Cards go one at a
        time clockwise from NORTH, until each player has ``cards_each(len(cards))``; the
        rest of the deck is not used.

        Args:
            cards: The shuffled deck.

        Raises:
            ValueError: If the deck holds fewer than four cards.
        """
        each = self.cards_each(len(cards))
        if each < 1 or each * len(Direction) > len(cards):
            raise ValueError(f"cannot deal {each} cards each from a deck of {len(cards)}")
        for player in self._players.values():
            player.hand.clear()
        self._tricks_won = dict.fromkeys(Direction, 0)
        seat = FIRST_LEADER
        for card in cards[: each * len(Direction)]:
            self._players[seat].hand.add(card)
            seat = seat.next()
        self._trick = None
        self.start_round()

    def start_round(self) -> None:
        """Start the next trick: NORTH leads the first of a hand, else the last trick's winner."""
        first_of_hand = self._trick is None or not any(self._tricks_won.values())
        leader = FIRST_LEADER if first_of_hand else self._trick.winner
        self._trick = Trick(leader, self._trumps)

    def end_round(self) -> None:
        """Finish a complete trick: credit its winner, then end the hand or start a trick."""
        self._tricks_won[self._trick.winner] += 1
        if self.is_hand_finished():
            self.end_hand()
        else:
            self.start_round()

    def end_hand(self) -> None:
        """Finish a hand: a point to each player with the most tricks, then the next trumps.

        The trick counts go back to zero; the last trick stays on the table until the
        next deal.
        """
        for direction in hand_winners(self._tricks_won):
            self._scores[direction] += 1
        self._tricks_won = dict.fromkeys(Direction, 0)
        self._trumps = next_trumps(self._trumps)
        self._hands_played += 1

    def clone(self) -> Self:
        """Return a deep copy: a new game that later moves on either side do not affect.

        The copy is of the same variation, with its own players and hands, its own trick,
        and its own counts of tricks and points.  Cards, suits and seats are immutable,
        so both games may share them.  The original keeps its own players and hands:
        ``player(d)`` gives the same objects after the copy as before.

        Returns:
            The copy.
        """
        twin = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, dict):
                setattr(twin, name, dict(value))
        twin._players = {
            seat: Player(seat, player.hand.copy()) for seat, player in self._players.items()
        }
        if self._trick is not None:
            twin._trick = self._trick.copy()
        return twin
