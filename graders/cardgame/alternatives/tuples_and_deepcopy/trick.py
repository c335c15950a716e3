"""One trick: four cards played in turn, and the rules that decide who wins it.

The leader plays first and the others follow clockwise.  A player holding a card of the
led suit must play one; a player who holds none may play any card.  The trick is won
by the highest card of the led suit, unless a trump was played, in which case the
highest trump wins.  A trick may be played with no trumps.

The rules are small pure functions (``beats``, ``legal_cards``) that the trick, the game
and the computer players share; ``Trick.play`` is the one method that changes a trick.
"""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card, Suit
from .illegal_move import IllegalMove
from .player import Direction, Player

CARDS_PER_TRICK = len(Direction)
"""Every player plays one card to each trick."""


def beats(card: Card, winning: Card, trumps: Suit | None) -> bool:
    """Tell whether ``card`` takes the lead from ``winning``, the card winning so far.

    A card wins over a card of its own suit by a higher rank, and a trump wins over any
    card that is not a trump.  Any other card loses.

    Args:
        card: The card just played.
        winning: The card winning the trick before it.
        trumps: The trump suit, or None when there are no trumps.

    Returns:
        True if ``card`` is now winning the trick.
    """
    if card.suit is winning.suit:
        return card.rank.value > winning.rank.value
    return card.suit is trumps


def legal_cards(hand: Iterable[Card], led_suit: Suit | None) -> list[Card]:
    """Return the cards of a hand that may be played to a trick.

    Args:
        hand: The cards the player holds.
        led_suit: The suit of the trick's first card, or None when the player leads.

    Returns:
        The cards of ``led_suit`` if the hand holds any, else every card of the hand.
    """
    cards = list(hand)
    following = [card for card in cards if card.suit is led_suit]
    return following or cards


class Trick:
    """A trick in progress or complete: who led, the trumps, and the cards played.

    Attributes:
        leader: The seat that plays first.
        trumps: The trump suit, or None for no trumps.
    """

    def __init__(self, leader: Direction, trumps: Suit | None) -> None:
        """Start a trick with no card played.

        Args:
            leader: The seat that plays first.
            trumps: The trump suit, or None for no trumps.
        """
        self.leader = leader
        self.trumps = trumps
        self._cards: list[Card] = []

    def __repr__(self) -> str:
        """Return the leader, the trumps and the cards, e.g. "Trick(NORTH, HEARTS: 2♥ Q♥)"."""
        trumps = self.trumps.name if self.trumps else "no trumps"
        played = " ".join(card.short_name for card in self._cards)
        return f"Trick({self.leader.name}, {trumps}: {played})"

    @property
    def cards(self) -> list[Card]:
        """list[Card]: A copy of the cards played so far, in the order they were played."""
        return list(self._cards)

    @property
    def players(self) -> list[Direction]:
        """list[Direction]: The four seats in the order they play, from the leader."""
        order = [self.leader]
        while len(order) < CARDS_PER_TRICK:
            order.append(order[-1].next())
        return order

    @property
    def is_complete(self) -> bool:
        """bool: True once all four cards are played."""
        return len(self._cards) == CARDS_PER_TRICK

    @property
    def next_to_play(self) -> Direction | None:
        """Direction | None: The seat that plays next, or None when the trick is complete."""
        return None if self.is_complete else self.players[len(self._cards)]

    @property
    def led_suit(self) -> Suit | None:
        """Suit | None: The suit of the first card, or None before it is played."""
        return self._cards[0].suit if self._cards else None

    def card_played_by(self, direction: Direction) -> Card | None:
        """Return the card a seat played to this trick.

        Args:
            direction: The seat.

        Returns:
            Its card, or None if it has not played yet.
        """
        turn = self.players.index(direction)
        return self._cards[turn] if turn < len(self._cards) else None

    def _winning_turn(self) -> int | None:
        """The position in playing order of the card winning so far, None before any."""
        best = None
        for turn, card in enumerate(self._cards):
            if best is None or beats(card, self._cards[best], self.trumps):
                best = turn
        return best

    @property
    def winning_card(self) -> Card | None:
        """Card | None: The card winning the trick so far, or None before the first card."""
        turn = self._winning_turn()
        return None if turn is None else self._cards[turn]

    @property
    def winner(self) -> Direction | None:
        """Direction | None: Who is winning so far (the winner once complete), None if empty."""
        turn = self._winning_turn()
        return None if turn is None else self.players[turn]

    def copy(self) -> Trick:
        """Return a new trick with the same leader, trumps and cards played."""
        twin = Trick(self.leader, self.trumps)
        twin._cards = list(self._cards)
        return twin

    def play(self, player: Player, card: Card) -> None:
        """Add a player's card to the trick, if the rules allow it.

        The card is not taken out of the player's hand: the game does that.

        Args:
            player: The player playing, with the hand they hold.
            card: The card they play.

        Raises:
            IllegalMove: If the trick is complete, it is not ``player``'s turn,
                ``player`` does not hold ``card``, or ``card`` does not follow the led
                suit while ``player`` holds a card of it.  The trick is then unchanged.
        """
        turn = self.next_to_play
        if turn is None or player.direction != turn:
            waiting = "the trick is complete" if turn is None else f"it is {turn}'s turn"
            raise IllegalMove(f"{player.direction} may not play now: {waiting}")
        if card not in player.hand:
            raise IllegalMove(f"{card} is not in the hand of {player.direction}")
        led = self.led_suit
        if led is not None and card.suit != led and any(True for _ in player.hand.cards_of(led)):
            raise IllegalMove(f"{player.direction} must follow {led}")
        self._cards.append(card)
