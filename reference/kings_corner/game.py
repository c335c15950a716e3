"""Rounds, penalties and games, and the console program of a person against the computer.

A round: the dealer's opponent is dealt first (``DrawPile.deal``) and moves first; the
players take whole turns in turn.  The round ends at once when a hand is empty.  With
the draw pile empty, players keep playing without drawing; if two turns in a row make
no move, neither player can or will move and the round ends in a stalemate.  Either
way, each player's penalty grows by the cards left in their hand (a King 10, any other
card 1).  A game ends after the round in which a player reaches ``GAME_LIMIT`` penalty
points; the player with fewer points wins, and equal points are a tie.  Dealers
alternate every round, across games too; the computer deals the very first round.

``play_round`` is the engine, silent and quick; ``Game`` adds the console around it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from .computer_player import ComputerPlayer
from .human_player import HumanPlayer
from .piles import DrawPile
from .player import Player, QuitGame
from .table import DRAW, LAY, Move, Table

GAME_LIMIT = 25
"""A game ends after the round in which a player's penalty reaches this total."""

STALEMATE_TURNS = 2
"""Turns in a row without a move, with the draw pile empty, that end a round."""

HUMAN_NAME = "You"
"""The name of the person's player."""

COMPUTER_NAME = "Computer"
"""The name of the computer's player."""

EXIT_OK = 0
"""Exit status after the person quits or declines another game."""

EXIT_ABANDONED = 1
"""Exit status when input ends or the person presses Ctrl-C."""

TurnHook = Callable[[Player, Sequence[Move]], None]
"""Called after each turn with the player and the moves the turn made."""


def game_winner(human: int, computer: int) -> str | None:
    """Decide a finished game from the penalty totals.

    Returns:
        ``HUMAN_NAME`` or ``COMPUTER_NAME`` for the player with fewer points, None for
        a tie.
    """
    if human == computer:
        return None
    return HUMAN_NAME if human < computer else COMPUTER_NAME


def is_game_over(totals: Sequence[int]) -> bool:
    """Return True once a penalty total has reached ``GAME_LIMIT``."""
    return max(totals) >= GAME_LIMIT


def play_round(
    table: Table, first: Player, second: Player, after_turn: TurnHook | None = None
) -> bool:
    """Play a dealt round to its end: whole turns, ``first`` then ``second`` and so on.

    Args:
        table: The dealt table.
        first: The player who moves first (the one who did not deal).
        second: The dealer.
        after_turn: Called after every turn with the player and its moves.

    Returns:
        True if the round ended in a stalemate, False if a hand was emptied.
    """
    players, turn, quiet_turns = (first, second), 0, 0
    while quiet_turns < STALEMATE_TURNS:
        player, opponent = players[turn % 2], players[(turn + 1) % 2]
        before = len(table.moves)
        player.take_turn(table, opponent)
        moves = table.moves[before:]
        if after_turn is not None:
            after_turn(player, moves)
        if player.hand.is_empty:
            return False
        quiet_turns = 0 if moves else quiet_turns + 1
        turn += 1
    return True


def describe_move(name: str, move: Move) -> str:
    """One line telling what a player did, e.g. ``Computer lays 7H on pile 3.``."""
    if move.kind == LAY:
        return f"{name} lays {move.card} on pile {move.target}."
    if move.kind == DRAW:
        return f"{name} draws a card."
    return f"{name} moves pile {move.source} onto pile {move.target}."


def penalty_line(label: str, human: int, computer: int) -> str:
    """``<label>: You N, Computer M``, e.g. ``Penalty points this round: You 3, Computer 0``."""
    return f"{label}: {HUMAN_NAME} {human}, {COMPUTER_NAME} {computer}"


def winner_line(human: int, computer: int) -> str:
    """``You win the game!``, ``The computer wins the game.`` or ``The game is a tie.``."""
    winner = game_winner(human, computer)
    if winner is None:
        return "The game is a tie."
    return "You win the game!" if winner == HUMAN_NAME else "The computer wins the game."


class Game:
    """A sitting of games between a person and the computer, with rounds and penalties."""

    def __init__(self, human: Player, computer: Player, rng: random.Random) -> None:
        """Set up the first game; the computer deals its first round.

        Args:
            human: The person's player, a ``HumanPlayer`` in ``main`` (any ``Player``
                will do: with a ``ComputerPlayer`` here, two computers play).
            computer: The computer's player, a ``ComputerPlayer``, whose moves
                ``play_round`` announces.
            rng: Shuffles the draw pile at every round (``DrawPile.shuffled(rng)``).
        """
        self._human, self._computer, self._rng = human, computer, rng
        self._dealer: Player = computer
        self._totals = [0, 0]

    @property
    def dealer(self) -> Player:
        """Player: The player who deals the next round."""
        return self._dealer

    @property
    def penalties(self) -> tuple[int, int]:
        """tuple[int, int]: The penalty totals of this game, the human's first."""
        return self._totals[0], self._totals[1]

    @property
    def is_over(self) -> bool:
        """bool: True once a total has reached ``GAME_LIMIT``."""
        return is_game_over(self._totals)

    def deal(self) -> Table:
        """Empty both hands and deal a new round from ``DrawPile.shuffled(rng)``.

        Returns:
            The table of the round: piles 1 to 4 hold one card each, 34 cards to draw.
        """
        dealer = self._dealer
        other = self._human if dealer is self._computer else self._computer
        for player in (self._human, self._computer):
            player.hand.clear()
        draw_pile = DrawPile.shuffled(self._rng)
        table = Table(draw_pile)
        draw_pile.deal(other.hand, dealer.hand, table.piles[:4])
        return table

    def play_round(self) -> tuple[int, int]:
        """Deal, play and score one round, then pass the deal to the other player.

        Prints who deals, each of the computer's moves in one line, and at the end the
        two lines ``penalty_line("Penalty points this round", ...)`` and
        ``penalty_line("Penalty points in this game", ...)``.

        Returns:
            The penalty points of the round, the human's first.

        Raises:
            QuitGame: If the person quits.
            EOFError: If input ends.
        """
        dealer = self._dealer
        first = self._human if dealer is self._computer else self._computer
        print(f"\n{dealer.name} {'deal' if dealer is self._human else 'deals'} a new round.")
        table = self.deal()
        if play_round(table, first, dealer, self._announce):
            print("Nobody can move and the draw pile is empty: the round is a stalemate.")
        scores = self._human.penalty(), self._computer.penalty()
        self._totals = [self._totals[0] + scores[0], self._totals[1] + scores[1]]
        self._dealer = first
        print(penalty_line("Penalty points this round", *scores))
        print(penalty_line("Penalty points in this game", *self._totals))
        return scores

    def _announce(self, player: Player, moves: Sequence[Move]) -> None:
        """Print the computer's moves of a turn, one line each."""
        if player is self._computer:
            for move in moves:
                print(describe_move(player.name, move))

    def play_game(self) -> None:
        """Play rounds until the game is over, then print ``winner_line``.

        Raises:
            QuitGame: If the person quits.
            EOFError: If input ends.
        """
        while not self.is_over:
            self.play_round()
        print(winner_line(*self._totals))

    def new_game(self) -> None:
        """Set both penalty totals back to 0 (the deal keeps alternating)."""
        self._totals = [0, 0]


def ask_again() -> bool:
    """Ask ``Play another game? (y/n) `` until the answer is y, yes, n or no (any case).

    Raises:
        EOFError: If input ends.
    """
    while True:
        answer = input("Play another game? (y/n) ").strip().lower()
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        print("Please answer y or n.")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console program: games of the person against the computer.

    The recipe is fixed, so that a seed replays the same games:
    ``rng = random.Random(seed)``, ``human = HumanPlayer("You")``,
    ``computer = ComputerPlayer("Computer", rng)``, ``game = Game(human, computer, rng)``;
    then ``game.play_game()``, ``ask_again()`` and ``game.new_game()`` until the person
    declines.

    Args:
        argv: The arguments without the program name; ``--seed INT`` (default: none).

    Returns:
        ``EXIT_OK`` (0) when the person declines another game (after ``Goodbye.``) or
        quits with ``Q``.  ``EXIT_ABANDONED`` (1), after the line ``Game abandoned.``
        and no traceback, if input ends or the person presses Ctrl-C.

    Raises:
        SystemExit: From argparse when the options are wrong (status 2) or ``--help``.
    """
    parser = argparse.ArgumentParser(
        prog="python -m kings_corner.game", description="Play Kings in the Corner."
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the shuffles")
    seed = parser.parse_args(argv).seed
    rng = random.Random(seed)
    game = Game(HumanPlayer(HUMAN_NAME), ComputerPlayer(COMPUTER_NAME, rng), rng)
    print("Kings in the Corner: you against the computer. Type H for help.")
    try:
        while True:
            game.play_game()
            if not ask_again():
                print("Goodbye.")
                return EXIT_OK
            game.new_game()
    except QuitGame:
        return EXIT_OK
    except (EOFError, KeyboardInterrupt):
        print()
        print("Game abandoned.")
        return EXIT_ABANDONED


if __name__ == "__main__":
    raise SystemExit(main())
