"""The console game, written from the docstrings: cards in words, numbers in brackets."""

from __future__ import annotations

import argparse
import random

from .auto_player import AutoPlayer
from .board import Board
from .deck import Deck
from .player import Player

RANK_WORDS = {"A": "ace", "K": "king", "J": "jack", "Q": "queen", "7": "seven", "6": "six",
              "5": "five", "4": "four", "3": "three", "2": "two"}


def words(card):
    return f"{RANK_WORDS[card.rank]} of {card.suit.name.lower()}"


def main(argv=None):
    options = parse_args(argv)
    board, human, computer = new_game(options.seed, options.first == "human")
    try:
        play_game(board, human, computer)
    except (EOFError, KeyboardInterrupt):
        print("\nGame abandoned.")
        return 1
    announce_result(board, human)
    return 0


def parse_args(argv):
    parser = argparse.ArgumentParser(description="Bisca, you against the machine.")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--first", choices=["human", "computer"], default="human")
    return parser.parse_args(argv)


def new_game(seed, human_first):
    deck = Deck.shuffled(random.Random(seed))
    human, computer = Player("You"), AutoPlayer("Computer")
    return Board([human, computer], deck, first=0 if human_first else 1), human, computer


def play_game(board, human, computer):
    while not board.is_over:
        if board.to_play is human:
            completed = play_human_turn(board, human)
        else:
            completed = play_computer_turn(board, computer)
        if completed is not None:
            announce_round(completed, board, human)


def render_hand(hand):
    return " ".join(f"[{number}] {words(card)}" for number, card in enumerate(hand, 1))


def render_state(board, human):
    table = " and ".join(words(card) for card in board.table) or "nothing yet"
    return "\n".join([
        f"Trumps are {board.trump_card.suit.name.lower()}: the {words(board.trump_card)} "
        f"lies under a stock of {board.stock_size}.",
        f"On the table: {table}.",
        f"In your hand: {render_hand(human.hand)}",
    ])


def parse_choice(answer, count):
    text = answer.strip()
    if not text.isdigit():
        return None
    number = int(text)
    return number - 1 if 1 <= number <= count else None


def ask_card(hand):
    while (index := parse_choice(input(f"Card to play, 1 to {len(hand)}? "), len(hand))) is None:
        print(f"That is not one of your cards; answer with 1 to {len(hand)}.")
    return hand[index]


def play_human_turn(board, human):
    print("-" * 40)
    print(render_state(board, human))
    return board.play(ask_card(human.hand))


def play_computer_turn(board, computer):
    card = computer.choose(board.view_for(computer))
    print(f"The computer puts down the {words(card)}.")
    return board.play(card)


def announce_round(completed, board, human):
    taker = "you take" if completed.winner == human.name else "the computer takes"
    print(f"Round over: {taker} {completed.points} points. Now {score_line(board, human)}.")


def score_line(board, human):
    computer = next(player for player in board.players if player is not human)
    return f"you {human.points}, computer {computer.points}"


def announce_result(board, human):
    print(f"Final score: {score_line(board, human)}")
    winner = board.winner()
    print("It's a tie." if winner is None else "You win!" if winner is human
          else "The computer wins.")
