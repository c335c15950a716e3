"""Alternative Game: its own wording for every free line, announced in its own order.

The computer's moves of a turn are announced under a heading line, the dealer is named
after the deal, and the stalemate, welcome and re-asking lines are worded differently
from other solutions: all free text.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from .computer_player import ComputerPlayer
from .human_player import HumanPlayer
from .piles import DrawPile
from .player import Player, QuitGame
from .table import DRAW, MOVE, Move, Table

GAME_LIMIT = 25
STALEMATE_TURNS = 2
HUMAN_NAME = "You"
COMPUTER_NAME = "Computer"
EXIT_OK = 0
EXIT_ABANDONED = 1

TurnHook = Callable[[Player, Sequence[Move]], None]


def game_winner(human: int, computer: int) -> str | None:
    """The player with fewer points, None for a tie."""
    if human < computer:
        return HUMAN_NAME
    if computer < human:
        return COMPUTER_NAME
    return None


def is_game_over(totals: Sequence[int]) -> bool:
    """True once a total has reached ``GAME_LIMIT``."""
    return any(total >= GAME_LIMIT for total in totals)


def play_round(
    table: Table, first: Player, second: Player, after_turn: TurnHook | None = None
) -> bool:
    """Play whole turns, ``first`` then ``second``, until a hand is empty or a stalemate."""
    mover, waiter = first, second
    still = 0
    while True:
        count = len(table.moves)
        mover.take_turn(table, waiter)
        made = tuple(table.moves[count:])
        if after_turn:
            after_turn(mover, made)
        if not mover.hand.cards:
            return False
        still = still + 1 if not made else 0
        if still == STALEMATE_TURNS:
            return True
        mover, waiter = waiter, mover


def describe_move(name: str, move: Move) -> str:
    """One line telling what a player did."""
    if move.kind == DRAW:
        return f"{name} takes a card from the draw pile."
    if move.kind == MOVE:
        return f"{name} shifts pile {move.source} onto pile {move.target}."
    return f"{name} puts {move.card} on pile {move.target}."


def penalty_line(label: str, human: int, computer: int) -> str:
    """``<label>: You N, Computer M``."""
    return label + ": " + HUMAN_NAME + " " + str(human) + ", " + COMPUTER_NAME + " " + str(computer)


def winner_line(human: int, computer: int) -> str:
    """The line that ends a game."""
    return {
        HUMAN_NAME: "You win the game!",
        COMPUTER_NAME: "The computer wins the game.",
        None: "The game is a tie.",
    }[game_winner(human, computer)]


class Game:
    """A sitting of games between a person and the computer."""

    def __init__(self, human: Player, computer: Player, rng: random.Random) -> None:
        """Set up the first game; the computer deals first."""
        self._human = human
        self._computer = computer
        self._rng = rng
        self._dealer_is_computer = True
        self._human_total = 0
        self._computer_total = 0

    @property
    def dealer(self) -> Player:
        """The player who deals the next round."""
        return self._computer if self._dealer_is_computer else self._human

    def _opponent_of_dealer(self) -> Player:
        return self._human if self._dealer_is_computer else self._computer

    @property
    def penalties(self) -> tuple[int, int]:
        """The penalty totals of this game, the human's first."""
        return (self._human_total, self._computer_total)

    @property
    def is_over(self) -> bool:
        """True once a total has reached ``GAME_LIMIT``."""
        return is_game_over(self.penalties)

    def deal(self) -> Table:
        """Empty both hands and deal a new round."""
        self._human.hand.clear()
        self._computer.hand.clear()
        stock = DrawPile.shuffled(self._rng)
        table = Table(stock)
        stock.deal(self._opponent_of_dealer().hand, self.dealer.hand, table.piles[0:4])
        return table

    def play_round(self) -> tuple[int, int]:
        """Deal, play and score one round, then pass the deal."""
        dealer, first = self.dealer, self._opponent_of_dealer()
        table = self.deal()
        print()
        print(f"New round, dealt by {dealer.name}; {first.name} to start.")
        stalemate = play_round(table, first, dealer, self._tell)
        if stalemate:
            print("Stuck: no one has a move left and the draw pile is gone.")
        human, computer = self._human.penalty(), self._computer.penalty()
        self._human_total += human
        self._computer_total += computer
        self._dealer_is_computer = not self._dealer_is_computer
        print(penalty_line("Penalty points this round", human, computer))
        print(penalty_line("Penalty points in this game", *self.penalties))
        return human, computer

    def _tell(self, player: Player, moves: Sequence[Move]) -> None:
        """Announce the computer's moves under a heading line."""
        if player is not self._computer:
            return
        print(f"-- {player.name}'s turn --")
        for move in moves:
            print(describe_move(player.name, move))

    def play_game(self) -> None:
        """Play rounds until the game is over, then print ``winner_line``."""
        while True:
            self.play_round()
            if self.is_over:
                break
        print(winner_line(*self.penalties))

    def new_game(self) -> None:
        """Both totals back to 0; the deal keeps alternating."""
        self._human_total = self._computer_total = 0


def ask_again() -> bool:
    """Ask ``Play another game? (y/n) `` until the answer is y, yes, n or no."""
    answers = {"y": True, "yes": True, "n": False, "no": False}
    while True:
        answer = input("Play another game? (y/n) ").strip().lower()
        if answer in answers:
            return answers[answer]
        print(f"{answer!r}? Type y or n, please.")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console program: games of the person against the computer."""
    parser = argparse.ArgumentParser(description="Kings in the Corner against the computer")
    parser.add_argument("--seed", type=int, help="replay the same shuffles")
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    human = HumanPlayer(HUMAN_NAME)
    computer = ComputerPlayer(COMPUTER_NAME, rng)
    game = Game(human, computer, rng)
    print("Welcome! H lists the commands at any prompt.")
    try:
        game.play_game()
        while ask_again():
            game.new_game()
            game.play_game()
        print("Goodbye.")
    except QuitGame:
        pass
    except (EOFError, KeyboardInterrupt):
        print("\nGame abandoned.")
        return EXIT_ABANDONED
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
