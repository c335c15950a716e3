"""A strategy of your own design that plays better than ``BasicStrategy``.

How it plays is up to you; describe it in ``ADVANCED.md``.  Two things are fixed: it
must beat the basic strategy (the grader measures it in a duplicate tournament of two
advanced players against two basic ones), and it may learn about the game only through
its two methods: the hand and the trick in progress given to ``choose_card``, and each
completed trick given to ``update_data``.  It may keep any memory it likes between calls.
Its cards must be legal: a card of the hand, following the led suit whenever it can.
"""

from __future__ import annotations

from cards.card import SUIT_ORDER, Card, Suit, full_deck
from cards.hand import Hand

from .player import Strategy
from .trick import NUM_PLAYERS, Trick, beats, partner_of

_FULL_HAND = 13


def _strength(card: Card) -> int:
    """Return the strength of the card's rank, the sort key of ``min``/``max`` here."""
    return card.rank.strength


class AdvancedStrategy(Strategy):
    """A strategy that beats ``BasicStrategy`` using what it has seen of the hand."""

    def __init__(self) -> None:
        """Make a strategy with no memory of any hand yet (it takes no arguments)."""
        self._unseen: set[Card] = set(full_deck())
        self._voids: set[tuple[int, Suit]] = set()

    def _start_hand(self, hand: Hand) -> None:
        """Forget the last hand: every card not in ``hand`` is unseen again."""
        self._unseen = set(full_deck()).difference(hand)
        self._voids = set()

    def update_data(self, trick: Trick) -> None:
        """Mark the trick's cards as seen and note who did not follow the led suit."""
        self._see(trick)

    def _see(self, trick: Trick) -> None:
        """Record the cards of a trick, complete or not."""
        led = trick.lead_suit
        for offset, card in enumerate(trick.cards):
            self._unseen.discard(card)
            if card.suit is not led:
                self._voids.add(((trick.lead_player + offset) % NUM_PLAYERS, led))

    def _is_master(self, card: Card) -> bool:
        """Return True if no unseen card of the card's suit is higher."""
        return not any(
            other.suit is card.suit and other.rank.strength > card.rank.strength
            for other in self._unseen
        )

    def _unseen_in(self, suit: Suit) -> int:
        """Return the number of unseen cards of ``suit``."""
        return sum(1 for card in self._unseen if card.suit is suit)

    def choose_card(self, hand: Hand, trick: Trick) -> Card:
        """Choose a legal card of ``hand`` for ``trick``; the seat is ``trick.next_player``.

        Returns:
            A card of ``hand``, of the led suit whenever the hand holds one.
        """
        # The reference's own play, in short: it remembers every card seen in the hand
        # and who has shown a void; a "master" is a card no unseen card can beat.
        # Leading: a plain master; else a low card of a suit the partner can trump; else,
        # with four trumps or more, a trump to draw the opponents'; else the lowest card
        # of its shortest plain suit, to become void in it.  Following: cheap winners
        # when last, masters or the highest winner third, low second; never overtake a
        # safe partner; void, the cheapest winning trump; discards from the shortest suit.
        if len(hand) == _FULL_HAND:
            self._start_hand(hand)
        self._see(trick)
        cards = list(hand)
        seat = trick.next_player
        if not trick.cards:
            return self._lead(cards, trick.trumps, seat)
        return self._follow(cards, trick, seat)

    def _lead(self, cards: list[Card], trumps: Suit, seat: int) -> Card:
        """Choose the card to lead."""
        plain = [card for card in cards if card.suit is not trumps]
        opponents = ((seat + 1) % NUM_PLAYERS, (seat + 3) % NUM_PLAYERS)
        safe = [
            card for card in plain
            if self._is_master(card) and not any((o, card.suit) in self._voids for o in opponents)
        ]
        if safe:
            return max(safe, key=_strength)
        partner = partner_of(seat)
        ruffs = [
            card for card in plain
            if (partner, card.suit) in self._voids and (partner, trumps) not in self._voids
        ]
        if ruffs:
            return min(ruffs, key=_strength)
        my_trumps = [card for card in cards if card.suit is trumps]
        if my_trumps and len(my_trumps) >= 4 and self._unseen_in(trumps):
            top = max(my_trumps, key=_strength)
            return top if self._is_master(top) else min(my_trumps, key=_strength)
        if not plain:
            return min(cards, key=_strength)
        lengths = {suit: sum(card.suit is suit for card in plain) for suit in SUIT_ORDER}
        shortest = min((suit for suit in SUIT_ORDER if lengths[suit]), key=lengths.__getitem__)
        return min((card for card in plain if card.suit is shortest), key=_strength)

    def _follow(self, cards: list[Card], trick: Trick, seat: int) -> Card:
        """Choose a card when someone has already led."""
        led = [card for card in cards if card.suit is trick.lead_suit]
        best = trick.winning_card()
        last = len(trick) == NUM_PLAYERS - 1
        partner = partner_of(seat)
        if trick.winner() == partner:
            if led and not last and not self._is_master(best) and best.suit is not trick.trumps:
                masters = [c for c in led if self._is_master(c) and beats(c, best, trick.trumps)]
                if masters:
                    return min(masters, key=_strength)
            return min(led, key=_strength) if led else self._discard(cards, trick.trumps)
        if led:
            winning = [card for card in led if beats(card, best, trick.trumps)]
            if not winning:
                return min(led, key=_strength)
            if last:
                return min(winning, key=_strength)
            masters = [card for card in winning if self._is_master(card)]
            if masters:
                return min(masters, key=_strength)
            return max(winning, key=_strength) if len(trick) == 2 else min(led, key=_strength)
        trumps = trick.trumps
        winning_trumps = [c for c in cards if c.suit is trumps and beats(c, best, trumps)]
        if winning_trumps:
            return min(winning_trumps, key=_strength)
        return self._discard(cards, trick.trumps)

    def _discard(self, cards: list[Card], trumps: Suit) -> Card:
        """Choose a card to throw away: a low non-master from the shortest plain suit."""
        plain = [card for card in cards if card.suit is not trumps]
        if not plain:
            return min(cards, key=_strength)
        spare = [card for card in plain if not self._is_master(card)] or plain
        length = {suit: sum(c.suit is suit for c in plain) for suit in {c.suit for c in spare}}
        return min(spare, key=lambda card: (length[card.suit], card.rank.strength))
