"""BasicWhist written from the docstrings, one loop per hand."""

from __future__ import annotations

import random

from cards.card import Suit
from cards.deck import Deck

from .advanced_strategy import AdvancedStrategy
from .basic_player import BasicPlayer
from .basic_strategy import BasicStrategy
from .human_strategy import HumanStrategy
from .trick import Trick

TRICKS_PER_HAND = 13
BOOK = 6
POINTS_TO_WIN = 7


class BasicWhist:
    """A game of whist."""

    def __init__(self, players, rng=None, write=print) -> None:
        """Seat four players."""
        players = list(players)
        if len(players) != 4 or [p.player_id for p in players] != [0, 1, 2, 3]:
            raise ValueError("four players with ids 0 to 3 in order are needed")
        self.players = players
        self.rng = rng or random.Random()
        self.say = write or (lambda line: None)
        self.points = [0, 0]
        self.trumps = None
        self.tricks = []

    @property
    def scores(self):
        """The two partnerships' points."""
        return tuple(self.points)

    def is_over(self) -> bool:
        """A side has 7 points."""
        return any(p >= POINTS_TO_WIN for p in self.points)

    def winner(self):
        """The winning side, or None."""
        if not self.is_over():
            return None
        return self.points.index(max(self.points))

    def play_hand(self):
        """One hand of 13 tricks."""
        deck = Deck(self.rng)
        self.trumps = Suit.random(self.rng)
        lead = self.rng.randrange(4)
        for count in range(52):
            self.players[count % 4].deal_card(deck.deal())
        for player in self.players:
            player.set_trumps(self.trumps)
        won = [0, 0]
        self.tricks = []
        while len(self.tricks) < TRICKS_PER_HAND:
            trick = Trick(self.trumps, lead)
            for step in range(4):
                seat = (lead + step) % 4
                trick.set_card(seat, self.players[seat].play_card(trick))
            for player in self.players:
                player.view_trick(trick)
            lead = trick.winner()
            won[lead % 2] += 1
            self.tricks.append(trick)
            self.say(f"{trick} -> player {lead + 1}")
        side = 0 if won[0] > won[1] else 1
        self.points[side] += won[side] - BOOK
        self.say(f"scores {self.points[0]} - {self.points[1]}")
        return (won[0], won[1])

    def play_game(self) -> int:
        """Hands until a side has 7 points."""
        while not self.is_over():
            self.play_hand()
        return self.winner()


def basic_game(rng=None, write=print) -> int:
    """Four basic players."""
    rng = rng or random.Random()
    game = BasicWhist([BasicPlayer(i, BasicStrategy(rng)) for i in range(4)], rng, write)
    return game.play_game()


def human_game(read=input, write=print, rng=None) -> None:
    """A person and three basic players, game after game."""
    rng = rng or random.Random()
    again = True
    while again:
        players = [BasicPlayer(0, HumanStrategy(read, write))]
        players += [BasicPlayer(i, BasicStrategy(rng)) for i in (1, 2, 3)]
        side = BasicWhist(players, rng, write).play_game()
        write(f"Winners: players {side + 1} and {side + 3}")
        again = read("Play another game? (y/n) ").strip().lower().startswith("y")


def advanced_game(rng=None, write=print) -> int:
    """Advanced (seats 0, 2) against basic (1, 3)."""
    rng = rng or random.Random()
    players = [
        BasicPlayer(i, AdvancedStrategy() if i % 2 == 0 else BasicStrategy(rng)) for i in range(4)
    ]
    return BasicWhist(players, rng, write).play_game()
