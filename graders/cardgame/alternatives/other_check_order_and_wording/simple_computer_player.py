"""A simple computer player: it plays to win the trick when it can, else it throws low.

The player ranks the cards it may play (its *eligible* cards, those the rules allow) by
``strength``: any trump above any other card, then by rank, and between two non-trumps
of the same rank, by suit (Hearts lowest, Spades highest).  Then:

* if no eligible card can win the trick, it plays its lowest eligible card;
* if it plays last, it plays its lowest eligible card that wins: it knows it is enough;
* otherwise it plays its highest eligible card, which is also the one most likely to win.

A leader can always win its trick, so it plays its highest card.
"""

from __future__ import annotations

from .card import Card, Suit
from .computer_player import ComputerPlayer
from .trick import CARDS_PER_TRICK, Trick, beats, legal_cards


def strength(card: Card, trumps: Suit | None) -> tuple[bool, int, int]:
    """Return the key that ranks cards for the simple computer player, weakest first.

    A trump is above every card that is not a trump.  Otherwise the higher rank is
    above; two cards of the same rank that are not trumps are ranked by suit, Hearts
    lowest and Spades highest.

    Args:
        card: A card.
        trumps: The trump suit, or None for no trumps.

    Returns:
        A key to compare: ``max(cards, key=lambda c: strength(c, trumps))`` is the
        strongest card.
    """
    return (card.suit is trumps, card.rank.value, card.suit.value)


class SimpleComputerPlayer(ComputerPlayer):
    """Plays high to win a trick it can win, the least winning card when last, else low."""

    def next_card(self, trick: Trick) -> Card:
        """Choose the card to play to ``trick``, which it is this player's turn to play to.

        Among the eligible cards (those ``legal_cards`` allows), ranked by ``strength``:
        when leading, the highest; when no eligible card beats the card winning so far,
        the lowest; when playing last, the lowest card that beats it; otherwise the
        highest.

        Args:
            trick: The trick so far (its trumps, leader and the cards already played).

        Returns:
            A card of the player's hand that the rules allow.
        """
        trumps = trick.trumps
        eligible = sorted(
            legal_cards(self.player.hand, trick.led_suit), key=lambda c: strength(c, trumps)
        )
        winning = trick.winning_card
        if winning is None:
            return eligible[-1]
        winners = [card for card in eligible if beats(card, winning, trumps)]
        if not winners:
            return eligible[0]
        if len(trick.cards) == CARDS_PER_TRICK - 1:
            return winners[0]
        return eligible[-1]
