"""The console game, written from the docstrings: dashed numbers, the score before the winner.

Free choices this console makes differently: the hand is numbered ``1 - Q♠``, the trump
line puts the stock before the trump card, the person's own card is not echoed, the
score line of a round comes before the line that says who won it, and the messages and
the table line have their own wording.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

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


def main(argv: Sequence[str] | None = None) -> int:
    """Run one game from the command line; see the stub's docstring for the recipe."""
    options = parse_args(argv)
    board, human, computer = new_game(options.seed, options.first == FIRST_CHOICES[0])
    finished = _play_to_the_end(board, human, computer)
    if not finished:
        print("Game abandoned.")
        return EXIT_ABANDONED
    announce_result(board, human)
    return EXIT_OK


def _play_to_the_end(board: Board, human: Player, computer: AutoPlayer) -> bool:
    """Play the game; False if the person closed the input or pressed Ctrl-C."""
    try:
        play_game(board, human, computer)
    except EOFError:
        print()
        return False
    except KeyboardInterrupt:
        print()
        return False
    return True


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read ``--seed`` and ``--first``."""
    parser = argparse.ArgumentParser(description="Bisca: you against the computer.")
    parser.add_argument("--seed", type=int, help="replay the deal of this seed")
    parser.add_argument("--first", choices=FIRST_CHOICES, default="human", help="who leads")
    return parser.parse_args(argv)


def new_game(seed: int | None, human_first: bool) -> tuple[Board, Player, AutoPlayer]:
    """Set up a game with the recipe of ``main``."""
    rng = random.Random(seed)
    deck = Deck.shuffled(rng)
    human = Player(HUMAN_NAME)
    computer = AutoPlayer(COMPUTER_NAME)
    first = 0 if human_first else 1
    return Board([human, computer], deck, first=first), human, computer


def play_game(board: Board, human: Player, computer: AutoPlayer) -> None:
    """Play turns until the game is over, announcing every completed round."""
    turns: dict[int, Callable[[], Round | None]] = {
        id(human): lambda: play_human_turn(board, human),
        id(computer): lambda: play_computer_turn(board, computer),
    }
    while board.to_play is not None:
        completed = turns[id(board.to_play)]()
        if completed:
            announce_round(completed, board, human)


def render_hand(hand: Sequence[Card]) -> str:
    """Number the cards from 1 as ``1 - Q♠``."""
    parts = []
    for index in range(len(hand)):
        parts.append(str(index + 1) + " - " + str(hand[index]))
    return "    ".join(parts)


def render_state(board: Board, human: Player) -> str:
    """Three lines: stock and trump card, the table, the numbered hand."""
    if board.table:
        table = "The computer has put down " + str(board.table[0]) + "; your answer."
    else:
        table = "Nothing on the table: your lead."
    lines = [
        f"{board.stock_size} left in the stock, trump {board.trump_card}",
        table,
        "Hand: " + render_hand(human.hand),
    ]
    return "\n".join(lines)


def parse_choice(answer: str, count: int) -> int | None:
    """Read a whole number from 1 to ``count`` as an index from 0."""
    text = answer.strip()
    if not text.isdecimal() or not text.isascii():
        return None
    number = int(text)
    if number < 1 or number > count:
        return None
    return number - 1


def ask_card(hand: Sequence[Card]) -> Card:
    """Ask until the person types the number of a card."""
    while (index := parse_choice(input(f"Card to play [1-{len(hand)}] > "), len(hand))) is None:
        print(f"Not one of your cards; answer with 1 to {len(hand)}.")
    return hand[index]


def play_human_turn(board: Board, human: Player) -> Round | None:
    """Show the state, ask for a card and play it."""
    print("")
    print(render_state(board, human))
    return board.play(ask_card(human.hand))


def play_computer_turn(board: Board, computer: AutoPlayer) -> Round | None:
    """Let the computer play and say which card."""
    card = computer.choose(board.view_for(computer))
    verb = "leads with" if not board.table else "answers with"
    print(f"The computer {verb} {card}.")
    return board.play(card)


def announce_round(completed: Round, board: Board, human: Player) -> None:
    """Print the score so far, then who took the round and for how many points."""
    print(f"Score so far: {score_line(board, human)}")
    taker = "you" if completed.winner == human.name else "the computer"
    print(
        f"The round ({completed.led} then {completed.followed}) goes to {taker}: "
        f"{completed.points} points."
    )


def score_line(board: Board, human: Player) -> str:
    """The score from the person's side, ``you N, computer M``."""
    scores = dict(zip((player.name for player in board.players), board.scores, strict=True))
    mine = scores.pop(human.name)
    (theirs,) = scores.values()
    return f"you {mine}, computer {theirs}"


def announce_result(board: Board, human: Player) -> None:
    """Print the final score and the outcome."""
    print("Final score: " + score_line(board, human))
    winner = board.winner()
    outcome = {None: "It's a tie.", human.name: "You win!"}
    print(outcome.get(None if winner is None else winner.name, "The computer wins."))


if __name__ == "__main__":
    raise SystemExit(main())
