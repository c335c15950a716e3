"""The console game, written from the docstrings: suit letters, each card's number after it."""

import argparse
import random
import sys

from .auto_player import AutoPlayer
from .board import Board
from .deck import Deck
from .player import Player


def letters(card):
    return card.rank + card.suit.letter


def main(argv=None):
    options = parse_args(sys.argv[1:] if argv is None else argv)
    board, human, computer = new_game(options.seed, options.first == "human")
    try:
        play_game(board, human, computer)
    except EOFError:
        print("Game abandoned.")
        return 1
    except KeyboardInterrupt:
        print("Game abandoned.")
        return 1
    announce_result(board, human)
    return 0


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--first", choices=("human", "computer"), default="human")
    return parser.parse_args(argv)


def new_game(seed, human_first):
    rng = random.Random(seed)
    deck = Deck.shuffled(rng)
    human = Player("You")
    computer = AutoPlayer("Computer")
    board = Board([human, computer], deck, first=0 if human_first else 1)
    return board, human, computer


def play_game(board, human, computer):
    while True:
        if board.is_over:
            return
        if board.to_play is human:
            done = play_human_turn(board, human)
        else:
            done = play_computer_turn(board, computer)
        if done:
            announce_round(done, board, human)


def render_hand(hand):
    shown = []
    for number in range(len(hand)):
        shown.append(f"{letters(hand[number])} ({number + 1})")
    return ", ".join(shown)


def render_state(board, human):
    table = "(empty: your lead)"
    if board.table:
        table = "the computer led " + letters(board.table[0])
    lines = [
        "trump " + letters(board.trump_card) + " | stock " + str(board.stock_size),
        "table " + table,
        "hand  " + render_hand(human.hand),
    ]
    return "\n".join(lines)


def parse_choice(answer, count):
    try:
        value = int(answer.strip())
    except ValueError:
        return None
    if value < 1 or value > count:
        return None
    return value - 1


def ask_card(hand):
    while True:
        index = parse_choice(input("Card to play? "), len(hand))
        if index is None:
            print("?? type the number in brackets")
            continue
        return hand[index]


def play_human_turn(board, human):
    print(render_state(board, human))
    card = ask_card(human.hand)
    return board.play(card)


def play_computer_turn(board, computer):
    card = computer.choose(board.view_for(computer))
    print("computer: " + letters(card))
    return board.play(card)


def announce_round(completed, board, human):
    print(f"{completed.led} + {completed.followed} -> {completed.winner} (+{completed.points})")
    print(score_line(board, human))
    print()


def score_line(board, human):
    other = board.players[0] if board.players[1] is human else board.players[1]
    return "you " + str(human.points) + ", computer " + str(other.points)


def announce_result(board, human):
    winner = board.winner()
    print("Final score: " + score_line(board, human))
    if winner is human:
        print("You win!")
    elif winner is None:
        print("It's a tie.")
    else:
        print("The computer wins.")
