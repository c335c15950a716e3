"""An honest, simple AutoPlayer: it plays the first card of its hand. The baseline."""

from .player import Player


class AutoPlayer(Player):
    def choose(self, view):
        return view.hand[0]
