"""Alternative Game: players kept in a list indexed by seat; one loop per round."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from .computer_player import ComputerPlayer
from .human_player import HumanPlayer
from .piles import DrawPile
from .player import Player, QuitGame
from .table import Move, Table

GAME_LIMIT = 25
STALEMATE_TURNS = 2
HUMAN_NAME = "You"
COMPUTER_NAME = "Computer"
EXIT_OK = 0
EXIT_ABANDONED = 1
TurnHook = Callable[[Player, Sequence[Move]], None]


def game_winner(human: int, computer: int) -> str | None:
    if human < computer:
        return HUMAN_NAME
    if computer < human:
        return COMPUTER_NAME
    return None


def is_game_over(totals: Sequence[int]) -> bool:
    return any(total >= GAME_LIMIT for total in totals)


def play_round(
    table: Table, first: Player, second: Player, after_turn: TurnHook | None = None
) -> bool:
    seats = [first, second]
    idle = 0
    seat = 0
    while True:
        player = seats[seat]
        count = len(table.moves)
        player.take_turn(table, seats[1 - seat])
        made = table.moves[count:]
        if after_turn:
            after_turn(player, made)
        if player.hand.is_empty:
            return False
        idle = idle + 1 if not made else 0
        if idle == STALEMATE_TURNS:
            return True
        seat = 1 - seat


def describe_move(name: str, move: Move) -> str:
    if move.kind == "D":
        return f"{name} drew."
    if move.kind == "M":
        return f"{name}: pile {move.source} onto pile {move.target}."
    return f"{name}: {move.card} onto pile {move.target}."


def penalty_line(label: str, human: int, computer: int) -> str:
    return f"{label}: You {human}, Computer {computer}"


def winner_line(human: int, computer: int) -> str:
    return {
        HUMAN_NAME: "You win the game!",
        COMPUTER_NAME: "The computer wins the game.",
        None: "The game is a tie.",
    }[game_winner(human, computer)]


class Game:
    def __init__(self, human: HumanPlayer, computer: ComputerPlayer, rng: random.Random) -> None:
        self._seats = [human, computer]
        self._rng = rng
        self._dealer_seat = 1
        self._totals = [0, 0]

    dealer = property(lambda self: self._seats[self._dealer_seat])
    penalties = property(lambda self: (self._totals[0], self._totals[1]))
    is_over = property(lambda self: is_game_over(self._totals))

    def deal(self) -> Table:
        for player in self._seats:
            player.hand.clear()
        stock = DrawPile.shuffled(self._rng)
        table = Table(stock)
        stock.deal(self._seats[1 - self._dealer_seat].hand, self.dealer.hand, table.piles[:4])
        return table

    def play_round(self) -> tuple[int, int]:
        print(f"Dealer: {self.dealer.name}")
        table = self.deal()
        first = self._seats[1 - self._dealer_seat]
        stalemate = play_round(table, first, self.dealer, self._tell)
        if stalemate:
            print("Stalemate.")
        scores = [player.penalty() for player in self._seats]
        self._totals = [a + b for a, b in zip(self._totals, scores, strict=True)]
        self._dealer_seat = 1 - self._dealer_seat
        print(penalty_line("Penalty points this round", *scores))
        print(penalty_line("Penalty points in this game", *self._totals))
        return scores[0], scores[1]

    def _tell(self, player: Player, moves: Sequence[Move]) -> None:
        if player is self._seats[1]:
            print("\n".join(describe_move(player.name, m) for m in moves))

    def play_game(self) -> None:
        while not self.is_over:
            self.play_round()
        print(winner_line(*self._totals))

    def new_game(self) -> None:
        self._totals = [0, 0]


def ask_again() -> bool:
    while True:
        reply = input("Play another game? (y/n) ").strip().lower()
        if reply in {"y", "yes"}:
            return True
        if reply in {"n", "no"}:
            return False
        print("y or n, please.")


def main(argv: Sequence[str] | None = None) -> int:
    options = argparse.ArgumentParser(prog="kings_corner")
    options.add_argument("--seed", type=int)
    seed = options.parse_args(argv).seed
    rng = random.Random(seed)
    game = Game(HumanPlayer(HUMAN_NAME), ComputerPlayer(COMPUTER_NAME, rng), rng)
    try:
        game.play_game()
        while ask_again():
            game.new_game()
            game.play_game()
        print("Goodbye.")
        return EXIT_OK
    except QuitGame:
        return EXIT_OK
    except (EOFError, KeyboardInterrupt):
        print("\nGame abandoned.")
        return EXIT_ABANDONED
