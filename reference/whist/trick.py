"""One trick: four cards played in turn from the leader, won by the best of them.

The rule deciding a trick is the pure function ``beats``: a trump beats any card of
another suit, a higher card of the led suit beats a lower one, and any other card (a
discard) beats nothing.  A ``Trick`` records the cards as they are played and checks
that each comes from the player whose turn it is.

Seats are numbered 0 to 3 in playing order; seats 0 and 2 are partners, and so are 1
and 3.
"""

from __future__ import annotations

from cards.card import Card, Suit

NUM_PLAYERS = 4
"""Whist is played by four players, two partnerships of two."""


def partner_of(seat: int) -> int:
    """Return the seat of the partner of ``seat``: 2 for 0, 3 for 1, 0 for 2, 1 for 3."""
    return (seat + 2) % NUM_PLAYERS


def team_of(seat: int) -> int:
    """Return the partnership of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def beats(card: Card, best: Card, trumps: Suit) -> bool:
    """Tell whether ``card``, played after ``best``, takes the lead of the trick from it.

    ``best`` is the card winning the trick so far, so it is either of the led suit or
    a trump.

    Args:
        card: The card just played.
        best: The card winning the trick before it.
        trumps: The trump suit of the hand.

    Returns:
        True if ``card`` is of the same suit as ``best`` and of a higher rank, or is a
        trump while ``best`` is not; False otherwise.
    """
    if card.suit is best.suit:
        return card.rank.strength > best.rank.strength
    return card.suit is trumps


class Trick:
    """The cards of one trick, played in turn starting from the leader.

    Attributes:
        trumps: The trump suit of the hand.
        lead_player: The seat (0 to 3) of the player who plays first.
    """

    def __init__(self, trumps: Suit, lead_player: int) -> None:
        """Start an empty trick.

        Args:
            trumps: The trump suit of the hand.
            lead_player: The seat (0 to 3) of the player who plays first.

        Raises:
            TypeError: If ``trumps`` is not a ``Suit``.
            ValueError: If ``lead_player`` is not a seat from 0 to 3.
        """
        if not isinstance(trumps, Suit):
            raise TypeError(f"trumps must be a Suit, not {trumps!r}")
        if lead_player not in range(NUM_PLAYERS) or isinstance(lead_player, bool):
            raise ValueError(f"the lead player must be a seat from 0 to 3, not {lead_player!r}")
        self.trumps = trumps
        self.lead_player = lead_player
        self._cards: list[Card] = []
        self._winner = lead_player
        self._winning: Card | None = None  # the card winning so far, played by _winner

    @property
    def lead_suit(self) -> Suit | None:
        """Suit | None: The suit of the first card played, None while the trick is empty."""
        return self._cards[0].suit if self._cards else None

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards played so far, in the order they were played."""
        return tuple(self._cards)

    @property
    def next_player(self) -> int | None:
        """The seat of the player to play next (0 to 3), None once four cards are in."""
        if len(self._cards) == NUM_PLAYERS:
            return None
        return (self.lead_player + len(self._cards)) % NUM_PLAYERS

    @property
    def is_complete(self) -> bool:
        """bool: True once all four players have played."""
        return len(self._cards) == NUM_PLAYERS

    def __len__(self) -> int:
        """Return the number of cards played so far (0 to 4)."""
        return len(self._cards)

    def set_card(self, player: int, card: Card) -> None:
        """Record the card played by ``player``, whose turn it must be.

        Args:
            player: The seat of the player playing.
            card: The card played.

        Raises:
            TypeError: If ``card`` is not a ``Card`` (None included).
            ValueError: If the trick is complete, if it is not ``player``'s turn, or if
                ``card`` is already in the trick (each message names the player and
                the card).
        """
        if not isinstance(card, Card):
            raise TypeError(f"player {player} must play a Card, not {card!r}")
        expected = self.next_player
        if expected is None:
            raise ValueError(f"player {player} cannot play {card}: the trick is complete")
        if player != expected:
            raise ValueError(
                f"player {player} cannot play {card} now: it is player {expected}'s turn"
            )
        if card in self._cards:
            raise ValueError(f"player {player} cannot play {card}: it is already in the trick")
        if self._winning is None or beats(card, self._winning, self.trumps):
            self._winner, self._winning = player, card
        self._cards.append(card)

    def card_of(self, player: int) -> Card | None:
        """Return the card ``player`` has played in this trick, None if not yet.

        Raises:
            ValueError: If ``player`` is not a seat from 0 to 3.
        """
        if player not in range(NUM_PLAYERS) or isinstance(player, bool):
            raise ValueError(f"a player is a seat from 0 to 3, not {player!r}")
        position = (player - self.lead_player) % NUM_PLAYERS
        return self._cards[position] if position < len(self._cards) else None

    def winner(self) -> int:
        """Return the seat of the player winning the trick so far (the winner once complete).

        Raises:
            ValueError: If no card has been played yet.
        """
        if not self._cards:
            raise ValueError("an empty trick has no winner")
        return self._winner

    def winning_card(self) -> Card:
        """Return the card winning the trick so far.

        Raises:
            ValueError: If no card has been played yet.
        """
        if self._winning is None:
            raise ValueError("an empty trick has no winning card")
        return self._winning

    def __str__(self) -> str:
        """Return e.g. "K♥ (player 3), 9♥ (player 4)": each card and who played it (1 to 4)."""
        return ", ".join(
            f"{card} (player {(self.lead_player + index) % NUM_PLAYERS + 1})"
            for index, card in enumerate(self._cards)
        )
