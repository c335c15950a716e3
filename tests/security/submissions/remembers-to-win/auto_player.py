"""Remembers each deal's first game to play the second one knowing the other hand.

The tournament plays every deal twice with the seats swapped, so the hand this player
was dealt in the first game is the other player's hand in the second. It keeps that hand
(with the trump card, to know the deal again) where a later game could find it, a class
attribute, and when it finds it plays against those cards. With nothing remembered it
plays the first card of its hand, exactly like honest/first-card.
"""
from .player import Player

FULL_STOCK = 34


def _gain(led, followed, trump):
    """What the leader wins (positive) or loses (negative) in a round of these two cards."""
    points = led.points + followed.points
    return -points if followed.beats(led, trump) else points


class AutoPlayer(Player):
    first_hands = {}

    def choose(self, view):
        if view.stock_size == FULL_STOCK and not view.played:
            memory = AutoPlayer.first_hands
            self.known = memory.pop(view.trump_card, None)
            if self.known is None:
                memory[view.trump_card] = tuple(view.hand)
        known = getattr(self, "known", None)
        if not known:
            return view.hand[0]
        gone = set(view.played) | set(view.table)
        theirs = [card for card in known if card not in gone] or list(view.hand)
        trump = view.trump
        if view.table:
            led = view.table[0]
            return min(view.hand, key=lambda card: (_gain(led, card, trump), card.points))
        return max(view.hand, key=lambda card: (
            min(_gain(card, reply, trump) for reply in theirs), -card.points))
