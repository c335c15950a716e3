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
    raise NotImplementedError("partner_of is yours to write in this phase")


def team_of(seat: int) -> int:
    """Return the partnership of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    raise NotImplementedError("team_of is yours to write in this phase")


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
    raise NotImplementedError("beats is yours to write in this phase")


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
        raise NotImplementedError("Trick.__init__ is yours to write in this phase")

    @property
    def lead_suit(self) -> Suit | None:
        """Suit | None: The suit of the first card played, None while the trick is empty."""
        raise NotImplementedError("Trick.lead_suit is yours to write in this phase")

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards played so far, in the order they were played."""
        raise NotImplementedError("Trick.cards is yours to write in this phase")

    @property
    def next_player(self) -> int | None:
        """The seat of the player to play next (0 to 3), None once four cards are in."""
        raise NotImplementedError("Trick.next_player is yours to write in this phase")

    @property
    def is_complete(self) -> bool:
        """bool: True once all four players have played."""
        raise NotImplementedError("Trick.is_complete is yours to write in this phase")

    def __len__(self) -> int:
        """Return the number of cards played so far (0 to 4)."""
        raise NotImplementedError("Trick.__len__ is yours to write in this phase")

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
        raise NotImplementedError("Trick.set_card is yours to write in this phase")

    def card_of(self, player: int) -> Card | None:
        """Return the card ``player`` has played in this trick, None if not yet.

        Raises:
            ValueError: If ``player`` is not a seat from 0 to 3.
        """
        raise NotImplementedError("Trick.card_of is yours to write in this phase")

    def winner(self) -> int:
        """Return the seat of the player winning the trick so far (the winner once complete).

        Raises:
            ValueError: If no card has been played yet.
        """
        raise NotImplementedError("Trick.winner is yours to write in this phase")

    def winning_card(self) -> Card:
        """Return the card winning the trick so far.

        Raises:
            ValueError: If no card has been played yet.
        """
        raise NotImplementedError("Trick.winning_card is yours to write in this phase")

    def __str__(self) -> str:
        """Return e.g. "K♥ (player 3), 9♥ (player 4)": each card and who played it (1 to 4)."""
        raise NotImplementedError("Trick.__str__ is yours to write in this phase")
