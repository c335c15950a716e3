"""Plays its first card, but raises once it holds more than 40 points, late in a game.

Short views, like those of the AutoPlayer tests, rarely reach that; the tournament's
real games do, and each such game is forfeited. A crash in a real game is a failure of
the AutoPlayer, not only a lost game: the auto-player part must charge it.
"""
from .player import Player


class AutoPlayer(Player):
    def choose(self, view):
        if view.my_points > 40 and view.stock_size == 0:
            raise RuntimeError("out of ideas")
        return view.hand[0]
