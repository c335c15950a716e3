"""Trick written from the docstrings: the cards kept in a dictionary by seat."""

from __future__ import annotations

from cards.card import Card, Suit

NUM_PLAYERS = 4


def partner_of(seat: int) -> int:
    """The partner's seat."""
    return {0: 2, 1: 3, 2: 0, 3: 1}[seat]


def team_of(seat: int) -> int:
    """0 for seats 0 and 2, 1 for seats 1 and 3."""
    return 0 if seat in (0, 2) else 1


def beats(card: Card, best: Card, trumps: Suit) -> bool:
    """Whether card takes the lead from best."""
    if card.suit == best.suit:
        return card.rank.strength > best.rank.strength
    return card.suit == trumps


class Trick:
    """One trick."""

    def __init__(self, trumps: Suit, lead_player: int) -> None:
        """An empty trick."""
        if not isinstance(trumps, Suit):
            raise TypeError("trumps must be a Suit")
        if type(lead_player) is not int or not 0 <= lead_player < NUM_PLAYERS:
            raise ValueError(f"bad lead player {lead_player!r}")
        self.trumps = trumps
        self.lead_player = lead_player
        self._by_seat: dict[int, Card] = {}

    def _order(self):
        return [(self.lead_player + i) % NUM_PLAYERS for i in range(len(self._by_seat))]

    @property
    def lead_suit(self):
        """The suit led."""
        first = self._by_seat.get(self.lead_player)
        return None if first is None else first.suit

    @property
    def cards(self):
        """Cards in playing order."""
        return tuple(self._by_seat[seat] for seat in self._order())

    @property
    def next_player(self):
        """Whose turn."""
        count = len(self._by_seat)
        return None if count == NUM_PLAYERS else (self.lead_player + count) % NUM_PLAYERS

    @property
    def is_complete(self) -> bool:
        """Four cards in."""
        return len(self._by_seat) == NUM_PLAYERS

    def __len__(self) -> int:
        """Cards played."""
        return len(self._by_seat)

    def set_card(self, player: int, card: Card) -> None:
        """Record a card."""
        if not isinstance(card, Card):
            raise TypeError(f"player {player} played {card!r}, not a card")
        if self.next_player is None:
            raise ValueError(f"the trick is complete; player {player} cannot play {card}")
        if player != self.next_player:
            raise ValueError(f"not player {player}'s turn to play {card}")
        if card in self._by_seat.values():
            raise ValueError(f"{card} was already played")
        self._by_seat[player] = card

    def card_of(self, player: int):
        """The card of player, or None."""
        if player not in (0, 1, 2, 3) or isinstance(player, bool):
            raise ValueError(f"bad seat {player!r}")
        return self._by_seat.get(player)

    def winner(self) -> int:
        """The seat winning so far."""
        if not self._by_seat:
            raise ValueError("empty trick")
        order = self._order()
        best = order[0]
        for seat in order[1:]:
            if beats(self._by_seat[seat], self._by_seat[best], self.trumps):
                best = seat
        return best

    def winning_card(self) -> Card:
        """The card winning so far."""
        return self._by_seat[self.winner()]

    def __str__(self) -> str:
        """Cards and players."""
        return ", ".join(f"{self._by_seat[s]} (player {s + 1})" for s in self._order())
