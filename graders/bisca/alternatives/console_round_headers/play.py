"""The console game, written from the docstrings: round headers, colons, blank lines."""

from __future__ import annotations

import argparse
import random

from .auto_player import AutoPlayer
from .board import Board
from .deck import Deck
from .player import Player


def main(argv=None):
    options = parse_args(argv)
    board, human, computer = new_game(options.seed, options.first == "human")
    try:
        play_game(board, human, computer)
    except (EOFError, KeyboardInterrupt):
        print()
        print("Game abandoned.")
        return 1
    print()
    announce_result(board, human)
    return 0


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="bisca")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--first", default="human", choices=["human", "computer"])
    return parser.parse_args(argv)


def new_game(seed, human_first):
    human = Player("You")
    computer = AutoPlayer("Computer")
    board = Board([human, computer], Deck.shuffled(random.Random(seed)),
                  first=0 if human_first else 1)
    return board, human, computer


def play_game(board, human, computer):
    number = 1
    print(f"=== Round {number} ===")
    while not board.is_over:
        turn = play_human_turn if board.to_play is human else play_computer_turn
        completed = turn(board, human if board.to_play is human else computer)
        if completed is not None:
            announce_round(completed, board, human)
            number += 1
            if not board.is_over:
                print(f"\n=== Round {number} ===")


def render_hand(hand):
    return " | ".join(f"{number}: {card}" for number, card in enumerate(hand, start=1))


def render_state(board, human):
    table = f"Led by the computer: {board.table[0]}" if board.table else "You lead this round."
    return "\n".join([f"Trump: {board.trump_card} ({board.stock_size} left to draw)", table,
                      f"Yours: {render_hand(human.hand)}"])


def parse_choice(answer, count):
    try:
        chosen = int(answer)
    except ValueError:
        return None
    return chosen - 1 if chosen in range(1, count + 1) else None


def ask_card(hand):
    index = parse_choice(input(f"Card to play [1-{len(hand)}]> "), len(hand))
    while index is None:
        print(f"No card has that number (1 to {len(hand)}); try again.")
        index = parse_choice(input(f"Card to play [1-{len(hand)}]> "), len(hand))
    return hand[index]


def play_human_turn(board, human):
    print()
    print(render_state(board, human))
    print()
    card = ask_card(list(human.hand))
    print(f"  -> you: {card}")
    return board.play(card)


def play_computer_turn(board, computer):
    card = computer.choose(board.view_for(computer))
    print(f"  -> computer: {card}")
    return board.play(card)


def announce_round(completed, board, human):
    if completed.winner == human.name:
        print(f"You take {completed.led} and {completed.followed}, worth {completed.points}.")
    else:
        print(f"The computer takes {completed.led} and {completed.followed}, "
              f"worth {completed.points}.")
    print(f"  ({score_line(board, human)})")


def score_line(board, human):
    points = {player.name: player.points for player in board.players}
    return f"you {points[human.name]}, computer {points['Computer']}"


def announce_result(board, human):
    print("Final score: " + score_line(board, human))
    winner = board.winner()
    if winner is None:
        print("It's a tie.")
    else:
        print("You win!" if winner is human else "The computer wins.")
