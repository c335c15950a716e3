"""The console game, written from the docstrings: bracketed numbers, one line per round.

Free choices this console makes differently: the prompt is ``Card to play? ``, the hand
is numbered ``[1] Q♠``, no blank lines are printed, the table line names the computer's
led card with ``led``, the person's card is echoed, and a whole round (both cards, the
winner, the points and the score so far) is told on one line.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from .auto_player import AutoPlayer
from .board import Board, Round
from .card import Card
from .deck import Deck
from .player import Player

HUMAN_NAME = "You"
"""The name of the person's player, used in the board's rounds."""

COMPUTER_NAME = "Computer"
"""The name of the computer's player."""

FIRST_CHOICES = ("human", "computer")
"""Values of the ``--first`` option: who is dealt first and leads the first round."""

EXIT_OK = 0
"""Exit status of a game played to the end."""

EXIT_ABANDONED = 1
"""Exit status when input ends (end of file) or the person interrupts the game."""

PROMPT = "Card to play? "
"""The question asked at every turn."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one game from the command line; see the stub's docstring for the recipe."""
    options = parse_args(argv)
    game = new_game(options.seed, human_first=options.first != "computer")
    try:
        play_game(*game)
    except (KeyboardInterrupt, EOFError):
        print("\nGame abandoned.")
        return EXIT_ABANDONED
    board, human, _ = game
    announce_result(board, human)
    return EXIT_OK


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read ``--seed`` and ``--first``."""
    parser = argparse.ArgumentParser(prog="bisca")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--first", choices=list(FIRST_CHOICES), default=FIRST_CHOICES[0])
    return parser.parse_args(argv)


def new_game(seed: int | None, human_first: bool) -> tuple[Board, Player, AutoPlayer]:
    """Set up a game with the recipe of ``main``."""
    rng = random.Random(seed)
    deck = Deck.shuffled(rng)
    human = Player(HUMAN_NAME)
    computer = AutoPlayer(COMPUTER_NAME)
    board = Board([human, computer], deck, first=int(not human_first))
    return board, human, computer


def play_game(board: Board, human: Player, computer: AutoPlayer) -> None:
    """Play turns until the game is over, announcing every completed round."""
    while not board.is_over:
        person_to_play = board.to_play is human
        completed = (
            play_human_turn(board, human) if person_to_play else play_computer_turn(board, computer)
        )
        if completed is not None:
            announce_round(completed, board, human)


def render_hand(hand: Sequence[Card]) -> str:
    """Number the cards from 1 as ``[1] Q♠``."""
    return " ".join(f"[{number}] {card}" for number, card in enumerate(hand, 1))


def render_state(board: Board, human: Player) -> str:
    """Three lines: trump card and stock, the table, the numbered hand."""
    trump = f"Trump {board.trump_card} | stock {board.stock_size}"
    table = f"Computer led {board.table[0]}" if board.table else "You lead."
    return "\n".join((trump, table, render_hand(human.hand)))


def parse_choice(answer: str, count: int) -> int | None:
    """Read a whole number from 1 to ``count`` as an index from 0."""
    choices = {str(number): number - 1 for number in range(1, count + 1)}
    return choices.get(answer.strip())


def ask_card(hand: Sequence[Card]) -> Card:
    """Ask until the person types the number of a card."""
    index = parse_choice(input(PROMPT), len(hand))
    while index is None:
        print("Type the number in brackets of one of your cards.")
        index = parse_choice(input(PROMPT), len(hand))
    return hand[index]


def play_human_turn(board: Board, human: Player) -> Round | None:
    """Show the state, ask for a card and play it."""
    print(render_state(board, human))
    card = ask_card(human.hand)
    print(f"You put down {card}")
    return board.play(card)


def play_computer_turn(board: Board, computer: AutoPlayer) -> Round | None:
    """Let the computer play and say which card."""
    card = computer.choose(board.view_for(computer))
    print(f"Computer: {card}")
    return board.play(card)


def announce_round(completed: Round, board: Board, human: Player) -> None:
    """Tell the round on one line, with its winner, its points and the score so far."""
    taker = "You take" if completed.winner == human.name else "Computer takes"
    print(
        f"{taker} {completed.led} {completed.followed} for {completed.points}"
        f" - {score_line(board, human)}"
    )


def score_line(board: Board, human: Player) -> str:
    """The score from the person's side, ``you N, computer M``."""
    first, second = board.players
    other = second if first is human else first
    return f"you {human.points}, computer {other.points}"


def announce_result(board: Board, human: Player) -> None:
    """Print the final score and the outcome."""
    print(f"Final score: {score_line(board, human)}")
    winner = board.winner()
    if winner is human:
        print("You win!")
    elif winner is None:
        print("It's a tie.")
    else:
        print("The computer wins.")


if __name__ == "__main__":
    raise SystemExit(main())
