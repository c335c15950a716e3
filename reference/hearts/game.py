"""One whole game of hearts, moved forward one card at a time.

``Hearts`` holds the state of a game (hands are held by the players) and applies the
rules of ``rules``; it never reads input or prints.  What happens is recorded as
``Event`` values, which the console prints and graders compare.  A game goes like this:

1. The dealer shuffles and deals 13 cards to each player, starting with the player
   after the dealer in seat order (North, East, South, West, then North again).
2. Whoever holds the 2 of Clubs leads the first trick with it.  The others play in seat
   order after the leader; the highest card of the led suit takes the trick, and its
   taker leads the next one.
3. After 13 tricks the hand is scored (``rules.hand_scores``, shooting the moon
   included) and added to the totals.  If no total has reached 100, the dealer deals
   the next hand; otherwise the game is over, won by the fewest points.
"""

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
    legal_plays,
    shot_the_moon,
    trick_points,
    trick_winner,
    winners,
)

_HEARTS = Suit.HEARTS  # read at every card played: see ``rules._HEARTS``

SEATS: tuple[str, ...] = ("North", "East", "South", "West")
"""The seats in playing order; seat ``i`` is ``players[i]``."""

DEAL, LEAD, PLAY, TAKE, MOON, SCORE, WIN = "deal", "lead", "play", "take", "moon", "score", "win"
"""The kinds of ``Event``."""


class Event(NamedTuple):
    """Something that happened in the game.

    Attributes:
        kind: What happened: ``DEAL`` (``seat`` deals a hand), ``LEAD`` / ``PLAY``
            (``seat`` leads or plays ``card``), ``TAKE`` (``seat`` takes the trick,
            worth ``points``), ``MOON`` (``seat`` shot the moon), ``SCORE`` (``seat``
            scores ``points`` for the hand; one per seat, after each hand) or ``WIN``
            (``seat`` wins the game; one per winner).
        seat: The seat concerned, 0 to 3.
        card: The card led or played, None for other kinds.
        points: The points of a ``TAKE`` or ``SCORE``, 0 for other kinds.
    """

    kind: str
    seat: int
    card: Card | None = None
    points: int = 0


class Hearts:
    """A game of hearts between four players; making one deals the first hand.

    Args:
        players: The four players in seat order (North, East, South, West); exactly one
            is a ``Dealer``.
        limit: The total that ends the game (``GAME_LIMIT``, 100).

    Raises:
        ValueError: Unless there are four different players, exactly one a ``Dealer``.
    """

    def __init__(self, players: Sequence[Player], limit: int = GAME_LIMIT) -> None:
        """Seat the players and deal the first hand."""
        dealers = [seat for seat, player in enumerate(players) if isinstance(player, Dealer)]
        if len(players) != NUM_PLAYERS or len({id(p) for p in players}) != NUM_PLAYERS:
            raise ValueError(f"hearts needs {NUM_PLAYERS} different players")
        if len(dealers) != 1:
            raise ValueError(f"exactly one player must be the Dealer, not {len(dealers)}")
        self._players = tuple(players)
        self._dealer = dealers[0]
        self._limit = limit
        self._totals = (0,) * NUM_PLAYERS
        self._over = False
        self._allowed: tuple[Card, ...] | None = None
        self._events: list[Event] = []
        self._deal()

    # -- what the game shows -------------------------------------------------

    @property
    def players(self) -> tuple[Player, ...]:
        """tuple[Player, ...]: The players, by seat."""
        return self._players

    @property
    def dealer_seat(self) -> int:
        """int: The dealer's seat."""
        return self._dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """tuple[int, ...]: Each player's penalty points over the hands finished, by seat."""
        return self._totals

    @property
    def trick(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards of the trick in progress, the led card first."""
        return self._trick

    @property
    def leader(self) -> int:
        """int: The seat that led, or will lead, the trick in progress."""
        return self._leader

    @property
    def hearts_broken(self) -> bool:
        """bool: True once a heart has been played in this hand."""
        return self._hearts_broken

    @property
    def tricks_played(self) -> int:
        """int: Tricks completed in this hand, 0 to 12."""
        return self._tricks_played

    @property
    def to_play(self) -> int | None:
        """Int | None: The seat whose turn it is, None once the game is over."""
        if self._over:
            return None
        return self._seat_to_play()

    @property
    def is_over(self) -> bool:
        """bool: True once a hand has ended with a total at or over the limit."""
        return self._over

    @property
    def events(self) -> tuple[Event, ...]:
        """tuple[Event, ...]: Everything that happened so far, in order."""
        return tuple(self._events)

    def winners(self) -> tuple[int, ...]:
        """Return the seats with the fewest points (``rules.winners``).

        Raises:
            ValueError: If the game is not over.
        """
        if not self.is_over:
            raise ValueError("the game is not over yet")
        return winners(self._totals)

    def situation(self) -> Situation:
        """Return what the player to play may know (its hand, the trick, the hand's state).

        Raises:
            ValueError: If the game is over.
        """
        return self._situation(self._seat_to_play())

    def legal_plays(self) -> tuple[Card, ...]:
        """Return the cards the player to play may play, sorted (``rules.legal_plays``).

        Raises:
            ValueError: If the game is over.
        """
        if self._allowed is None:  # worked out once per turn: the game asks for it often
            self._allowed = legal_plays(*self._situation(self._seat_to_play()))
        return self._allowed

    # -- moving the game forward -------------------------------------------------

    def play_turn(self) -> tuple[Event, ...]:
        """Let the player to play choose a card (``Player.choose``) and play it.

        Returns:
            The events of that play, as ``play`` returns them.

        Raises:
            ValueError: If the game is over, or the player chose a card it may not play
                (one not among ``legal_plays()``, None, or anything that is not a card);
                nothing changes then.  An exception the player's ``choose`` raises
                passes through unchanged, and nothing changes either.
        """
        start = len(self._events)
        self._play_turn()
        return self._events_since(start)

    def play(self, card: Card) -> tuple[Event, ...]:
        """Play ``card`` for the player to play, and settle what follows from it.

        The card leaves the player's hand and joins the trick.  The fourth card settles
        the trick (its taker collects it and leads next); the thirteenth trick settles
        the hand (scores added, then the next deal unless the game is over).

        Returns:
            The events this play caused, in order: the ``LEAD`` or ``PLAY`` of the card,
            then, if it ended a trick, the ``TAKE``; if it ended a hand, a ``MOON``
            (when someone shot it) and four ``SCORE``; then one ``WIN`` per winner if
            the game is over, or the ``DEAL`` of the next hand.

        Raises:
            ValueError: If the game is over, or ``card`` is not among ``legal_plays()``
                (the message says why; nothing changes then).
        """
        start = len(self._events)
        self._play(self._seat_to_play(), card, self.legal_plays())
        return self._events_since(start)

    def play_game(self) -> tuple[Event, ...]:
        """Play turns (``play_turn``) until the game is over; return all its events."""
        while not self._over:
            self._play_turn()
        return self.events

    # -- inside ------------------------------------------------------------------

    def _situation(self, seat: int) -> Situation:
        return Situation(
            self._players[seat].hand, self._trick, self._hearts_broken, self._tricks_played == 0
        )

    def _play_turn(self) -> None:
        """``play_turn``, without collecting its events (``play_game`` needs none)."""
        seat = self._seat_to_play()
        situation = self._situation(seat)
        card = self._players[seat].choose(situation)
        self._play(seat, card, legal_plays(*situation))

    def _play(self, seat: int, card: Card, allowed: tuple[Card, ...]) -> None:
        """``play`` for ``seat``, the player to play, whose legal plays are ``allowed``."""
        if card not in allowed:
            if not isinstance(card, Card):  # a list, say, which no hand could be asked about
                raise ValueError(f"{SEATS[seat]} must play a card, not {card!r}")
            raise ValueError(self._refusal(seat, card, allowed))
        self._players[seat].play(card)
        self._allowed = None
        self._events.append(Event(PLAY if self._trick else LEAD, seat, card))
        self._trick += (card,)
        self._hearts_broken = self._hearts_broken or card.suit is _HEARTS
        if len(self._trick) == NUM_PLAYERS:
            self._settle_trick()

    def _events_since(self, start: int) -> tuple[Event, ...]:
        """The events recorded from number ``start`` on."""
        return tuple(self._events[start:])

    def _seat_to_play(self) -> int:
        """``to_play``, or ValueError if the game is over."""
        if self._over:
            raise ValueError("the game is over")
        return (self._leader + len(self._trick)) % NUM_PLAYERS

    def _deal(self) -> None:
        """Deal a hand from the seat after the dealer; the 2 of Clubs' holder leads."""
        dealer = self._players[self._dealer]
        order = [self._players[(self._dealer + 1 + i) % NUM_PLAYERS] for i in range(NUM_PLAYERS)]
        dealer.deal(dealer.shuffled_deck(), order)
        self._allowed = None
        self._events.append(Event(DEAL, self._dealer))
        self._trick: tuple[Card, ...] = ()
        self._hearts_broken = False
        self._tricks_played = 0
        self._leader = next(
            seat for seat, player in enumerate(self._players) if player.has_card(TWO_OF_CLUBS)
        )

    def _settle_trick(self) -> None:
        taker = (self._leader + trick_winner(self._trick)) % NUM_PLAYERS
        self._players[taker].collect(self._trick)
        self._events.append(Event(TAKE, taker, points=trick_points(self._trick)))
        self._trick = ()
        self._leader = taker
        self._tricks_played += 1
        if self._tricks_played == HAND_SIZE:
            self._settle_hand()

    def _settle_hand(self) -> None:
        taken = [player.points_taken for player in self._players]
        shooter = shot_the_moon(taken)
        if shooter is not None:
            self._events.append(Event(MOON, shooter))
        scores = hand_scores(taken)
        for seat, points in enumerate(scores):
            self._events.append(Event(SCORE, seat, points=points))
        self._totals = add_scores(self._totals, scores)
        self._over = is_game_over(self._totals, self._limit)
        if self._over:
            for seat in winners(self._totals):
                self._events.append(Event(WIN, seat))
        else:
            self._deal()

    def _refusal(self, seat: int, card: Card, allowed: tuple[Card, ...]) -> str:
        """Why ``card`` may not be played now, in one line."""
        name = SEATS[seat]
        if not self._players[seat].has_card(card):
            return f"{name} does not hold {card}"
        shown = " ".join(str(c) for c in allowed)
        if self._tricks_played == 0 and not self._trick:
            return f"the first trick is led with the 2 of Clubs (allowed: {shown})"
        if not self._trick:
            return f"hearts are not broken yet: lead another suit (allowed: {shown})"
        if allowed[0].suit is self._trick[0].suit:
            return f"follow suit: play a {self._trick[0].suit.name.lower()[:-1]} (allowed: {shown})"
        return f"no heart or Queen of Spades on the first trick (allowed: {shown})"
