"""The console game: a person plays bisca against the computer.

This is the program students write in the first phase, on top of the provided classes.
It only talks to people through ``input()`` and ``print()``, so a whole game can be
replayed by piping the answers into it::

    python -m bisca.play --seed 1 --first computer

Each human turn shows the trump card, the number of cards in the stock, the card on the
table (if any) and the hand, numbered from 1; the person types the number of a card.
Entries that are not a number in range are asked again, never crash the program.  The
computer's cards and the outcome of every round are announced, and the final score is
printed at the end.

What the graders read (the wording of everything else is yours):

* **The prompt.**  Every request for a card is one ``input()`` call whose prompt starts
  with ``Card to play`` and holds no line break (``Card to play (1-3): `` or
  ``Card to play? ``); those words appear nowhere else.  The graders cut the output at
  these prompts, and read each turn from the text between two of them.
* **The turn.**  The last three non-blank lines printed before a turn's first prompt are
  the three lines of ``render_state``, in their order: the trump card and the stock size,
  the table, the hand.
* **A wrong answer.**  After a wrong answer, exactly one line is printed before the
  prompt asks again: the message (one ``print``, no blank line).
* **The computer's card.**  Announced when it is played: before the state of the
  person's turn when the computer leads, after the person's answer when it follows (not
  only in the table line of the state).
* **Every round.**  After each round, a line with the score so far as ``score_line``
  writes it: ``you N, computer M``.
* **The end.**  The lines ``Final score: you N, computer M`` and then one of ``You win!``,
  ``The computer wins.`` or ``It's a tie.``; or, when input ends, ``Game abandoned.``.

Cards are read in any of these forms: with the suit symbol (``Q♠``, the way ``str`` of a
card writes it), with the suit letter (``QS``) or in words (``queen of spades``, in any
case).  A card's number is read before it, separated by one to five characters that are
neither letters nor digits (``1) Q♠``, ``[1] Q♠``, ``1. QS``, ``1: Q♠``, ``1 - Q♠``), or
after it in parentheses or brackets (``Q♠ (1)``, ``Q♠ [1]``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .auto_player import AutoPlayer
from .board import Board, Round
from .card import Card
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
    """Run one game from the command line.

    The game is set up with a fixed recipe, so that graders can replay it from the
    seed: ``rng = random.Random(seed)``, ``deck = Deck.shuffled(rng)``,
    ``human = Player("You")``, ``computer = AutoPlayer("Computer")``, and
    ``board = Board([human, computer], deck, first=0)`` when the human goes first,
    ``first=1`` otherwise.  Then, while the game is not over, the player to move plays:
    the human through ``play_human_turn``, the computer through ``play_computer_turn``,
    and each completed round is announced with ``announce_round``.  At the end,
    ``announce_result`` prints the final score and the outcome.

    Args:
        argv: The command-line arguments without the program name (``sys.argv[1:]``
            when None).  Options: ``--seed INT`` (default: none, so every game
            differs) and ``--first {human,computer}`` (default: human).

    Returns:
        ``EXIT_OK`` (0) after a complete game.  If input ends (``EOFError``) or the
        person presses Ctrl-C (``KeyboardInterrupt``), prints the line
        ``Game abandoned.`` without a traceback and returns ``EXIT_ABANDONED`` (1).

    Raises:
        SystemExit: With status 2, after argparse's usage message, if the options are
            wrong (e.g. ``--seed abc``); with status 0 after ``--help``.
    """
    raise NotImplementedError("main is yours to write in this phase")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read the command-line options.

    Args:
        argv: The arguments without the program name, or None for ``sys.argv[1:]``.

    Returns:
        A namespace with ``seed`` (an int, or None) and ``first`` ("human" or
        "computer").
    """
    raise NotImplementedError("parse_args is yours to write in this phase")


def new_game(seed: int | None, human_first: bool) -> tuple[Board, Player, AutoPlayer]:
    """Set up a game with the recipe described in ``main``.

    Args:
        seed: The seed of ``random.Random``; None for an unpredictable game.
        human_first: True if the human is dealt first and leads the first round.

    Returns:
        The board, the human's player and the computer's player.
    """
    raise NotImplementedError("new_game is yours to write in this phase")


def play_game(board: Board, human: Player, computer: AutoPlayer) -> None:
    """Play turns until the game is over, announcing every completed round.

    Args:
        board: A game in progress.
        human: The player whose cards are chosen by the person.
        computer: The player whose cards are chosen by ``AutoPlayer.choose``.

    Raises:
        EOFError: If input ends while the person is asked for a card.
        KeyboardInterrupt: If the person presses Ctrl-C.
    """
    raise NotImplementedError("play_game is yours to write in this phase")


def render_hand(hand: Sequence[Card]) -> str:
    """Show a hand with the cards numbered from 1.

    Args:
        hand: The cards, in the order of the player's hand.

    Returns:
        The numbered cards on one line, e.g. ``"1) 2♠  2) K♥  3) A♦"``; any of the
        numbered forms of the module's docstring will do (``"[1] 2♠ [2] K♥ [3] A♦"``).
    """
    raise NotImplementedError("render_hand is yours to write in this phase")


def render_state(board: Board, human: Player) -> str:
    """Show what the person needs to know before choosing a card.

    Args:
        board: A game in progress.
        human: The person's player.

    Returns:
        Three lines (no final newline): the trump card and the stock size, the card on
        the table (or a note that the person leads), and the numbered hand, as
        ``render_hand`` writes it.
    """
    raise NotImplementedError("render_state is yours to write in this phase")


def parse_choice(answer: str, count: int) -> int | None:
    """Read the person's answer as the number of a card.

    Args:
        answer: The text typed, e.g. "2" (surrounding whitespace is allowed).
        count: The number of cards to choose from.

    Returns:
        The index (from 0) of the card chosen, or None if ``answer`` is not a whole
        number from 1 to ``count``.  Wrong answers the graders type: an empty line,
        words (``x``, ``one``), ``0``, a negative number, a decimal (``1.5``) and a number
        above ``count``.  They never type other forms of a number (``+2``, ``02``): read
        those as you like.
    """
    raise NotImplementedError("parse_choice is yours to write in this phase")


def ask_card(hand: Sequence[Card]) -> Card:
    """Ask the person for a card until the answer is valid.

    The prompt starts with ``Card to play`` (see the module's docstring).  Each wrong
    answer is met with a one-line message and the question again.

    Args:
        hand: The cards to choose from (at least one).

    Returns:
        The card whose number the person typed.

    Raises:
        EOFError: If input ends before a valid answer.
    """
    raise NotImplementedError("ask_card is yours to write in this phase")


def play_human_turn(board: Board, human: Player) -> Round | None:
    """Show the game, ask the person for a card and play it.

    Args:
        board: A game in progress where ``human`` is to play.
        human: The person's player.

    Returns:
        The round completed by this card, or None if the computer still has to play.

    Raises:
        EOFError: If input ends before a valid answer.
    """
    raise NotImplementedError("play_human_turn is yours to write in this phase")


def play_computer_turn(board: Board, computer: AutoPlayer) -> Round | None:
    """Let the computer choose a card from its view of the game, play it and say which.

    Args:
        board: A game in progress where ``computer`` is to play.
        computer: The computer's player.

    Returns:
        The round completed by this card, or None if the person still has to play.
    """
    raise NotImplementedError("play_computer_turn is yours to write in this phase")


def announce_round(completed: Round, board: Board, human: Player) -> None:
    """Print who won a round, the points it was worth and the score so far.

    Args:
        completed: The round just completed.
        board: The game the round belongs to.
        human: The person's player.
    """
    raise NotImplementedError("announce_round is yours to write in this phase")


def score_line(board: Board, human: Player) -> str:
    """Describe the score from the person's side.

    Args:
        board: A game, in progress or over.
        human: The person's player (the other one is the computer).

    Returns:
        Exactly ``"you N, computer M"``, the person's points first, e.g.
        ``"you 58, computer 62"``.
    """
    raise NotImplementedError("score_line is yours to write in this phase")


def announce_result(board: Board, human: Player) -> None:
    """Print the final score and the outcome of a finished game.

    Prints exactly two lines: ``Final score: you N, computer M`` and then one of
    ``You win!``, ``The computer wins.`` or ``It's a tie.``.

    Args:
        board: A finished game.
        human: The person's player.
    """
    raise NotImplementedError("announce_result is yours to write in this phase")


if __name__ == "__main__":
    raise SystemExit(main())
