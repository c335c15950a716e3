"""One trick: four cards played in turn from the leader, won by the best of them.

The rule deciding a trick is the pure function ``beats``: a trump beats any card of
another suit, a higher card of the led suit beats a lower one, and any other card (a
discard) beats nothing.  A ``Trick`` records the cards as they are played and checks
that each comes from the player whose turn it is.  This version works out the winner
when it is asked, from the cards played, and its messages name the player by seat
(0 to 3) and the card in notation.

Seats are numbered 0 to 3 in playing order; seats 0 and 2 are partners, and so are 1
and 3.
"""

from __future__ import annotations

from cards.card import Card, Suit

NUM_PLAYERS = 4
"""Whist is played by four players, two partnerships of two."""

_SEATS = (0, 1, 2, 3)


def partner_of(seat: int) -> int:
    """Return the seat of the partner of ``seat``: 2 for 0, 3 for 1, 0 for 2, 1 for 3."""
    return {0: 2, 1: 3, 2: 0, 3: 1}[seat]


def team_of(seat: int) -> int:
    """Return the partnership of ``seat``: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return 0 if seat in (0, 2) else 1


def beats(card: Card, best: Card, trumps: Suit) -> bool:
    """Tell whether ``card``, played after ``best``, takes the lead of the trick from it.

    Returns:
        True if ``card`` is of the same suit as ``best`` and of a higher rank, or is a
        trump while ``best`` is not; False otherwise.
    """
    if card.suit == best.suit:
        return card.rank.strength > best.rank.strength
    return card.suit == trumps and best.suit != trumps


def _is_seat(value: object) -> bool:
    """Return True for an int seat from 0 to 3 (a bool is not a seat)."""
    return type(value) is int and value in _SEATS


class Trick:
    """The cards of one trick, played in turn starting from the leader.

    Attributes:
        trumps: The trump suit of the hand.
        lead_player: The seat (0 to 3) of the player who plays first.
    """

    def __init__(self, trumps: Suit, lead_player: int) -> None:
        """Start an empty trick.

        Raises:
            TypeError: If ``trumps`` is not a ``Suit``.
            ValueError: If ``lead_player`` is not a seat from 0 to 3.
        """
        if not isinstance(trumps, Suit):
            raise TypeError(f"the trumps are a Suit, and {trumps!r} is not")
        if not _is_seat(lead_player):
            raise ValueError(f"{lead_player!r} is not a seat (0 to 3)")
        self.trumps = trumps
        self.lead_player = lead_player
        self._played: list[tuple[int, Card]] = []

    @property
    def lead_suit(self) -> Suit | None:
        """Suit | None: The suit of the first card played, None while the trick is empty."""
        for _, card in self._played:
            return card.suit
        return None

    @property
    def cards(self) -> tuple[Card, ...]:
        """tuple[Card, ...]: The cards played so far, in the order they were played."""
        return tuple(card for _, card in self._played)

    @property
    def next_player(self) -> int | None:
        """The seat of the player to play next (0 to 3), None once four cards are in."""
        if self.is_complete:
            return None
        if not self._played:
            return self.lead_player
        return (self._played[-1][0] + 1) % NUM_PLAYERS

    @property
    def is_complete(self) -> bool:
        """bool: True once all four players have played."""
        return len(self._played) >= NUM_PLAYERS

    def __len__(self) -> int:
        """Return the number of cards played so far (0 to 4)."""
        return len(self._played)

    def set_card(self, player: int, card: Card) -> None:
        """Record the card played by ``player``, whose turn it must be.

        Raises:
            TypeError: If ``card`` is not a ``Card`` (None included).
            ValueError: If the trick is complete, if it is not ``player``'s turn, or if
                ``card`` is already in the trick (each message names the player and
                the card).
        """
        if not isinstance(card, Card):
            raise TypeError(f"seat {player} played {card!r}, which is not a card")
        if self.is_complete:
            raise ValueError(f"seat {player} played {card.notation} into a complete trick")
        if player != self.next_player:
            raise ValueError(
                f"seat {player} played {card.notation} out of turn "
                f"(seat {self.next_player} is to play)"
            )
        if card in self.cards:
            raise ValueError(f"seat {player} played {card.notation}, already in this trick")
        self._played.append((player, card))

    def card_of(self, player: int) -> Card | None:
        """Return the card ``player`` has played in this trick, None if not yet.

        Raises:
            ValueError: If ``player`` is not a seat from 0 to 3.
        """
        if not _is_seat(player):
            raise ValueError(f"{player!r} is not a seat (0 to 3)")
        return dict(self._played).get(player)

    def _best(self) -> tuple[int, Card]:
        """Return the seat and card winning so far, going through the cards played."""
        if not self._played:
            raise ValueError("no card has been played in this trick")
        best = self._played[0]
        for seat, card in self._played[1:]:
            if beats(card, best[1], self.trumps):
                best = (seat, card)
        return best

    def winner(self) -> int:
        """Return the seat of the player winning the trick so far (the winner once complete).

        Raises:
            ValueError: If no card has been played yet.
        """
        return self._best()[0]

    def winning_card(self) -> Card:
        """Return the card winning the trick so far.

        Raises:
            ValueError: If no card has been played yet.
        """
        return self._best()[1]

    def __str__(self) -> str:
        """Return e.g. "K♥ (player 3), 9♥ (player 4)": each card and who played it (1 to 4)."""
        return ", ".join(f"{card} (player {seat + 1})" for seat, card in self._played)
