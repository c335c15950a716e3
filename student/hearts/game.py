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

from .card import Card
from .player import Player, Situation
from .rules import (
    GAME_LIMIT,
)

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
        raise NotImplementedError("Hearts.__init__ is yours to write in this phase")

    # -- what the game shows -------------------------------------------------

    @property
    def players(self) -> tuple[Player, ...]:
        """tuple[Player, ...]: The players, by seat."""
        raise NotImplementedError("Hearts.players is yours to write in this phase")

    @property
    def dealer_seat(self) -> int:
        """int: The dealer's seat."""
        raise NotImplementedError("Hearts.dealer_seat is yours to write in this phase")

    @property
    def totals(self) -> tuple[int, ...]:
        """tuple[int, ...]: Each player's penalty points over the hands finished, by seat."""
        raise NotImplementedError("Hearts.totals is yours to write in this phase")

    @property
    def trick(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards of the trick in progress, the led card first."""
        raise NotImplementedError("Hearts.trick is yours to write in this phase")

    @property
    def leader(self) -> int:
        """int: The seat that led, or will lead, the trick in progress."""
        raise NotImplementedError("Hearts.leader is yours to write in this phase")

    @property
    def hearts_broken(self) -> bool:
        """bool: True once a heart has been played in this hand."""
        raise NotImplementedError("Hearts.hearts_broken is yours to write in this phase")

    @property
    def tricks_played(self) -> int:
        """int: Tricks completed in this hand, 0 to 12."""
        raise NotImplementedError("Hearts.tricks_played is yours to write in this phase")

    @property
    def to_play(self) -> int | None:
        """Int | None: The seat whose turn it is, None once the game is over."""
        raise NotImplementedError("Hearts.to_play is yours to write in this phase")

    @property
    def is_over(self) -> bool:
        """bool: True once a hand has ended with a total at or over the limit."""
        raise NotImplementedError("Hearts.is_over is yours to write in this phase")

    @property
    def events(self) -> tuple[Event, ...]:
        """tuple[Event, ...]: Everything that happened so far, in order."""
        raise NotImplementedError("Hearts.events is yours to write in this phase")

    def winners(self) -> tuple[int, ...]:
        """Return the seats with the fewest points (``rules.winners``).

        Raises:
            ValueError: If the game is not over.
        """
        raise NotImplementedError("Hearts.winners is yours to write in this phase")

    def situation(self) -> Situation:
        """Return what the player to play may know (its hand, the trick, the hand's state).

        Raises:
            ValueError: If the game is over.
        """
        raise NotImplementedError("Hearts.situation is yours to write in this phase")

    def legal_plays(self) -> tuple[Card, ...]:
        """Return the cards the player to play may play, sorted (``rules.legal_plays``).

        Raises:
            ValueError: If the game is over.
        """
        raise NotImplementedError("Hearts.legal_plays is yours to write in this phase")

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
        raise NotImplementedError("Hearts.play_turn is yours to write in this phase")

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
        raise NotImplementedError("Hearts.play is yours to write in this phase")

    def play_game(self) -> tuple[Event, ...]:
        """Play turns (``play_turn``) until the game is over; return all its events."""
        raise NotImplementedError("Hearts.play_game is yours to write in this phase")

    # -- inside ------------------------------------------------------------------
