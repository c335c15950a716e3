"""Searches every object of the worker for the deck, the board or the other hand."""
import gc
import random

from .player import Player

SECRET_TYPES = {"Deck", "Board", "Reference", "Games", "GameRecord"}


def _secrets(me):
    found = []
    for obj in gc.get_objects():
        name = type(obj).__name__
        if name in SECRET_TYPES:
            found.append(name)
        elif isinstance(obj, Player) and obj is not me:
            found.append(f"Player {obj.name}")
        elif isinstance(obj, random.Random) and obj is not random._inst:
            found.append("a random generator")
    return found


class AutoPlayer(Player):
    def __init__(self, name):
        super().__init__(name)
        self.turns = 0

    def choose(self, view):
        self.turns += 1
        if self.turns % 40 == 1:  # every object of the worker, a few times per tournament
            found = _secrets(self)
            if found:
                raise RuntimeError(f"SPY-FOUND {sorted(set(found))}")
        return view.hand[0]
