"""Leaves a file in /tmp for the next game to find.

A game that finds the file plays a card named REMEMBERED-tmp, which the report would
show. Otherwise it plays its first card, exactly like honest/first-card.
"""
import os

from .player import Player

FULL_STOCK = 34
MEMORY = "/tmp/cardlab-remembers-in-tmp"


class AutoPlayer(Player):
    def choose(self, view):
        if view.stock_size == FULL_STOCK and not view.played and not getattr(self, "_began", 0):
            self._began = 1
            found = os.path.exists(MEMORY)
            with open(MEMORY, "a", encoding="utf-8") as memory:
                memory.write("a game\n")
            if found:
                return "REMEMBERED-tmp"
        return view.hand[0]
