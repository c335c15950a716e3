"""Answers with a card it does not hold, or an object that equals any card."""
from .player import Player


class Joker:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class AutoPlayer(Player):
    def __init__(self, name):
        super().__init__(name)
        self.turn = 0

    def choose(self, view):
        self.turn += 1
        if self.turn % 2:
            return Joker()
        return view.trump_card or view.hand[0]
