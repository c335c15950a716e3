"""Looks for anything an earlier game left behind, in every place a process keeps it.

At the start of each game it counts a game in a class attribute, a module global, the
builtins, sys.modules, os.environ and a standard-library module; if any of them already
counted one, memory crossed between games, and it says so by playing a card named
REMEMBERED-<place>, which the report would show. Otherwise it plays its first card,
exactly like honest/first-card.
"""
import builtins
import os
import random
import sys

from .player import Player

FULL_STOCK = 34
GAMES = 0
_PLACES = ("class", "module", "builtins", "sys.modules", "environ", "random")


def _remembered():
    found = {
        "class": getattr(AutoPlayer, "games", 0),
        "module": GAMES,
        "builtins": getattr(builtins, "cardlab_games", 0),
        "sys.modules": getattr(sys.modules.get("cardlab_memory"), "games", 0),
        "environ": int(os.environ.get("CARDLAB_GAMES", "0")),
        "random": getattr(random, "cardlab_games", 0),
    }
    return [place for place in _PLACES if found[place]]


def _count_a_game():
    global GAMES
    GAMES += 1
    AutoPlayer.games = getattr(AutoPlayer, "games", 0) + 1
    builtins.cardlab_games = getattr(builtins, "cardlab_games", 0) + 1
    sys.modules.setdefault("cardlab_memory", type(sys)("cardlab_memory")).games = GAMES
    os.environ["CARDLAB_GAMES"] = str(GAMES)
    random.cardlab_games = GAMES


class AutoPlayer(Player):
    def choose(self, view):
        if view.stock_size == FULL_STOCK and not view.played and not getattr(self, "_began", 0):
            self._began = 1
            places = _remembered()
            _count_a_game()
            if places:
                return f"REMEMBERED-{places[0]}"
        return view.hand[0]
