"""Walks up the call stack looking at every caller's variables for the game's secrets."""
import sys

from .player import Player

SECRET_NAMES = {"deck", "order", "board", "players", "opponent", "ref", "games", "stock"}


class AutoPlayer(Player):
    def choose(self, view):
        frame = sys._getframe(1)
        while frame is not None:
            leaked = SECRET_NAMES & set(frame.f_locals)
            if leaked:
                raise RuntimeError(f"SPY-FOUND {sorted(leaked)} in {frame.f_code.co_name}")
            frame = frame.f_back
        return view.hand[0]
