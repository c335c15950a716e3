"""Alternative Game: totals in a dictionary by player, turns taken with itertools.cycle.

The dealer line comes before the deal, and each of the computer's moves is announced
as the turn's hook sees it.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections.abc import Callable, Sequence

from .computer_player import ComputerPlayer
from .human_player import HumanPlayer
from .piles import DrawPile
from .player import Player, QuitGame
from .table import LAY, MOVE, Move, Table

GAME_LIMIT = 25
STALEMATE_TURNS = 2
HUMAN_NAME = "You"
COMPUTER_NAME = "Computer"
EXIT_OK = 0
EXIT_ABANDONED = 1

TurnHook = Callable[[Player, Sequence[Move]], None]


def game_winner(human: int, computer: int) -> str | None:
    """The player with fewer points, None for a tie."""
    return None if human == computer else min((human, HUMAN_NAME), (computer, COMPUTER_NAME))[1]


def is_game_over(totals: Sequence[int]) -> bool:
    """True once a total has reached ``GAME_LIMIT``."""
    return max(totals) >= GAME_LIMIT


def play_round(
    table: Table, first: Player, second: Player, after_turn: TurnHook | None = None
) -> bool:
    """Play whole turns in turn until a hand is empty or two turns in a row make no move."""
    quiet = 0
    for player, opponent in itertools.cycle(((first, second), (second, first))):
        seen = len(table.moves)
        player.take_turn(table, opponent)
        moves = table.moves[seen:]
        if after_turn is not None:
            after_turn(player, moves)
        if player.hand.is_empty:
            return False
        quiet = 0 if len(moves) else quiet + 1
        if quiet >= STALEMATE_TURNS:
            return True
    raise AssertionError("unreachable")


def describe_move(name: str, move: Move) -> str:
    """One line telling what a player did."""
    if move.kind == LAY:
        return f"{name}: {move.card} on pile {move.target}."
    if move.kind == MOVE:
        return f"{name}: pile {move.source} moved onto pile {move.target}."
    return f"{name}: draws."


def penalty_line(label: str, human: int, computer: int) -> str:
    """``<label>: You N, Computer M``."""
    return f"{label}: {HUMAN_NAME} {human}, {COMPUTER_NAME} {computer}"


def winner_line(human: int, computer: int) -> str:
    """The line that ends a game."""
    winner = game_winner(human, computer)
    if winner == HUMAN_NAME:
        return "You win the game!"
    if winner == COMPUTER_NAME:
        return "The computer wins the game."
    return "The game is a tie."


class Game:
    """A sitting of games between a person and the computer."""

    def __init__(self, human: Player, computer: Player, rng: random.Random) -> None:
        """Set up the first game; the computer deals first."""
        self._players = (human, computer)
        self._rng = rng
        self._totals = {id(human): 0, id(computer): 0}
        self._dealer_seat = 1

    @property
    def dealer(self) -> Player:
        """The player who deals the next round."""
        return self._players[self._dealer_seat]

    @property
    def penalties(self) -> tuple[int, int]:
        """The penalty totals of this game, the human's first."""
        human, computer = self._players
        return self._totals[id(human)], self._totals[id(computer)]

    @property
    def is_over(self) -> bool:
        """True once a total has reached ``GAME_LIMIT``."""
        return is_game_over(list(self._totals.values()))

    def deal(self) -> Table:
        """Empty both hands and deal a new round."""
        for player in self._players:
            player.hand.clear()
        table = Table(DrawPile.shuffled(self._rng))
        first = self._players[1 - self._dealer_seat]
        table.draw_pile.deal(first.hand, self.dealer.hand, table.piles[:4])
        return table

    def play_round(self) -> tuple[int, int]:
        """Deal, play and score one round, then pass the deal."""
        dealer = self.dealer
        first = self._players[1 - self._dealer_seat]
        print(f"{dealer.name} to deal.")
        table = self.deal()
        play_round(table, first, dealer, self._announce)
        round_points = tuple(player.penalty() for player in self._players)
        for player, points in zip(self._players, round_points, strict=True):
            self._totals[id(player)] += points
        self._dealer_seat = 1 - self._dealer_seat
        print(penalty_line("Penalty points this round", *round_points))
        print(penalty_line("Penalty points in this game", *self.penalties))
        return round_points[0], round_points[1]

    def _announce(self, player: Player, moves: Sequence[Move]) -> None:
        """Print each of the computer's moves."""
        if player is self._players[1]:
            for move in moves:
                print(describe_move(player.name, move))

    def play_game(self) -> None:
        """Play rounds until the game is over, then print ``winner_line``."""
        while not self.is_over:
            self.play_round()
        print(winner_line(*self.penalties))

    def new_game(self) -> None:
        """Both totals back to 0; the deal keeps alternating."""
        for key in self._totals:
            self._totals[key] = 0


def ask_again() -> bool:
    """Ask ``Play another game? (y/n) `` until the answer is y, yes, n or no."""
    answer = ""
    while answer not in ("y", "yes", "n", "no"):
        answer = input("Play another game? (y/n) ").strip().casefold()
    return answer in ("y", "yes")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console program: games of the person against the computer."""
    parser = argparse.ArgumentParser(prog="kings_corner")
    parser.add_argument("--seed", type=int, default=None)
    seed = parser.parse_args(argv).seed
    rng = random.Random(seed)
    human = HumanPlayer(HUMAN_NAME)
    computer = ComputerPlayer(COMPUTER_NAME, rng)
    game = Game(human, computer, rng)
    try:
        again = True
        while again:
            game.play_game()
            again = ask_again()
            if again:
                game.new_game()
        print("Goodbye.")
        return EXIT_OK
    except QuitGame:
        return EXIT_OK
    except (KeyboardInterrupt, EOFError):
        print()
        print("Game abandoned.")
        return EXIT_ABANDONED


if __name__ == "__main__":
    raise SystemExit(main())
