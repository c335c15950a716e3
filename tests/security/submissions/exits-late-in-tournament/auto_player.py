"""Plays its first card, but ends its worker once the stock is empty in a real game."""
import os

from .player import Player


class AutoPlayer(Player):
    def choose(self, view):
        if view.stock_size == 0 and len(view.played) >= 30:
            os._exit(3)
        return view.hand[0]
