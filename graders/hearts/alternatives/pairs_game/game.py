"""One whole game of hearts written from the contract: the trick a list of (seat, card)
pairs, the cards played in the hand kept to tell whether hearts are broken, the legal
plays asked of the ``Situation``, refusals worded its own way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .card import TWO_OF_CLUBS, Card, Suit
from .dealer import Dealer
from .player import Player, Situation
from .rules import (
    GAME_LIMIT,
    HAND_SIZE,
    NUM_PLAYERS,
    add_scores,
    hand_scores,
    is_game_over,
    shot_the_moon,
    trick_points,
    trick_winner,
    winners,
)

SEATS: tuple[str, ...] = ("North", "East", "South", "West")
"""The seats in playing order; seat ``i`` is ``players[i]``."""

DEAL, LEAD, PLAY, TAKE, MOON, SCORE, WIN = "deal", "lead", "play", "take", "moon", "score", "win"
"""The kinds of ``Event``."""


class Event(NamedTuple):
    """Something that happened in the game."""

    kind: str
    seat: int
    card: Card | None = None
    points: int = 0


class Hearts:
    """A game of hearts between four players; making one deals the first hand."""

    def __init__(self, players: Sequence[Player], limit: int = GAME_LIMIT) -> None:
        """Seat the players and deal the first hand."""
        seated = list(players)
        if len(seated) != NUM_PLAYERS:
            raise ValueError("a game of hearts is for four players")
        if any(seated[i] is seated[j] for i in range(4) for j in range(i + 1, 4)):
            raise ValueError("one player cannot hold two seats")
        dealers = [seat for seat in range(NUM_PLAYERS) if isinstance(seated[seat], Dealer)]
        if len(dealers) != 1:
            raise ValueError("one player, and only one, deals")
        self._seated = seated
        self._dealer_seat = dealers[0]
        self._limit = limit
        self._scores = [0] * NUM_PLAYERS
        self._log: list[Event] = []
        self._pairs: list[tuple[int, Card]] = []
        self._played_this_hand: list[Card] = []
        self._done_tricks = 0
        self._lead_seat = 0
        self._finished = False
        self._new_hand()

    # -- what the game shows -------------------------------------------------

    @property
    def players(self) -> tuple[Player, ...]:
        """tuple[Player, ...]: The players, by seat."""
        return tuple(self._seated)

    @property
    def dealer_seat(self) -> int:
        """int: The dealer's seat."""
        return self._dealer_seat

    @property
    def totals(self) -> tuple[int, ...]:
        """tuple[int, ...]: Each player's penalty points over the hands finished."""
        return tuple(self._scores)

    @property
    def trick(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards of the trick in progress, the led card first."""
        return tuple(card for _, card in self._pairs)

    @property
    def leader(self) -> int:
        """int: The seat that led, or will lead, the trick in progress."""
        return self._pairs[0][0] if self._pairs else self._lead_seat

    @property
    def hearts_broken(self) -> bool:
        """bool: True once a heart has been played in this hand."""
        return any(card.suit == Suit.HEARTS for card in self._played_this_hand)

    @property
    def tricks_played(self) -> int:
        """int: Tricks completed in this hand."""
        return self._done_tricks

    @property
    def to_play(self) -> int | None:
        """int | None: The seat whose turn it is, None once the game is over."""
        if self._finished:
            return None
        if not self._pairs:
            return self._lead_seat
        return (self._pairs[-1][0] + 1) % NUM_PLAYERS

    @property
    def is_over(self) -> bool:
        """bool: True once a hand has ended with a total at or over the limit."""
        return self._finished

    @property
    def events(self) -> tuple[Event, ...]:
        """tuple[Event, ...]: Everything that happened so far, in order."""
        return tuple(self._log)

    def winners(self) -> tuple[int, ...]:
        """Return the seats with the fewest points; ValueError before the end."""
        if not self._finished:
            raise ValueError("nobody has won yet: the game goes on")
        return winners(self._scores)

    def situation(self) -> Situation:
        """Return what the player to play may know; ValueError once the game is over."""
        seat = self._seat_or_refuse()
        return Situation(
            hand=self._seated[seat].hand,
            trick=self.trick,
            hearts_broken=self.hearts_broken,
            first_trick=self._done_tricks == 0,
        )

    def legal_plays(self) -> tuple[Card, ...]:
        """Return the cards the player to play may play, sorted."""
        return self.situation().legal_plays

    # -- moving the game forward -------------------------------------------------

    def play_turn(self) -> tuple[Event, ...]:
        """Let the player to play choose a card and play it."""
        seat = self._seat_or_refuse()
        chosen = self._seated[seat].choose(self.situation())
        return self.play(chosen)

    def play(self, card: Card) -> tuple[Event, ...]:
        """Play ``card`` for the player to play, and settle what follows from it."""
        seat = self._seat_or_refuse()
        if not isinstance(card, Card) or card not in self.legal_plays():
            raise ValueError(f"{SEATS[seat]} may not play {card!s} now")
        first = len(self._log)
        self._seated[seat].play(card)
        self._log.append(Event(LEAD if not self._pairs else PLAY, seat, card))
        self._pairs.append((seat, card))
        self._played_this_hand.append(card)
        if len(self._pairs) == NUM_PLAYERS:
            self._end_trick()
        return tuple(self._log[first:])

    def play_game(self) -> tuple[Event, ...]:
        """Play turns until the game is over; return all its events."""
        while not self.is_over:
            self.play_turn()
        return self.events

    # -- inside ------------------------------------------------------------------

    def _seat_or_refuse(self) -> int:
        """The seat to play; ValueError once the game is over."""
        seat = self.to_play
        if seat is None:
            raise ValueError("the game is over: nobody plays any more")
        return seat

    def _new_hand(self) -> None:
        """The dealer deals from the seat after it; the 2 of Clubs' holder leads."""
        dealer = self._seated[self._dealer_seat]
        assert isinstance(dealer, Dealer)
        after = [(self._dealer_seat + step) % NUM_PLAYERS for step in (1, 2, 3, 4)]
        deck = dealer.shuffled_deck()
        dealer.deal(deck, [self._seated[seat] for seat in after])
        self._log.append(Event(DEAL, self._dealer_seat))
        self._pairs = []
        self._played_this_hand = []
        self._done_tricks = 0
        for seat, player in enumerate(self._seated):
            if TWO_OF_CLUBS in player.hand:
                self._lead_seat = seat

    def _end_trick(self) -> None:
        """The highest card of the led suit takes the trick and leads next."""
        cards = [card for _, card in self._pairs]
        taker = self._pairs[trick_winner(cards)][0]
        self._seated[taker].collect(cards)
        self._log.append(Event(TAKE, taker, None, trick_points(cards)))
        self._pairs = []
        self._lead_seat = taker
        self._done_tricks += 1
        if self._done_tricks == HAND_SIZE:
            self._end_hand()

    def _end_hand(self) -> None:
        """Score the hand, then deal again or end the game."""
        taken = [player.points_taken for player in self._seated]
        moon = shot_the_moon(taken)
        if moon is not None:
            self._log.append(Event(MOON, moon))
        scores = hand_scores(taken)
        self._log.extend(Event(SCORE, seat, None, scores[seat]) for seat in range(NUM_PLAYERS))
        self._scores = list(add_scores(self._scores, scores))
        if is_game_over(self._scores, self._limit):
            self._finished = True
            self._log.extend(Event(WIN, seat) for seat in winners(self._scores))
        else:
            self._new_hand()
