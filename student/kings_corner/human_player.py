"""A person's turn at the console, driven by one-letter commands.

Before every command the person sees the table: the eight piles, how many cards the
computer holds, and their own hand sorted from the highest card.  These lines have a
fixed form (``prompt_lines``), which graders read; every other message is free text.
Commands are read in either case, one per line:

* ``Q`` quit the program, ``H`` help, ``A`` about;
* ``D`` draw a card and end the turn (with an empty draw pile the turn just ends);
* ``L <card> <pile>`` lay a card from the hand on a pile, e.g. ``L 7h 3``;
* ``M <pile> <pile>`` move pile 1 to 4 onto another pile, e.g. ``M 1 5``.

A line that is not a valid command, or a move the rules refuse, gets a one-line
message saying what is wrong, and the table and prompt again.
"""

from __future__ import annotations

from .card import Card
from .piles import PlayerHand
from .player import Player
from .table import Move, Table

PROMPT = "Move> "
"""What ``input`` shows when the person must type a command."""

QUIT, HELP, ABOUT = "Q", "H", "A"
"""The letters of the commands that do not change the table (D, L and M do)."""

HELP_TEXT = (
    "Commands (upper or lower case):\n"
    "  L <card> <pile>  lay a card from your hand on a pile, e.g. L 7H 3\n"
    "  M <pile> <pile>  move pile 1-4 onto another pile, e.g. M 1 5\n"
    "  D                draw a card; this ends your turn\n"
    "  H                this help;  A  about the program;  Q  quit\n"
    "Cards: a rank (A 2-9 T J Q K) then a suit (C D H S). Piles: 1 to 8; "
    "piles 5-8 start with a King."
)
"""What the ``H`` command prints."""

ABOUT_TEXT = (
    "Kings in the Corner, the cardlab reference for the CS 340 project: you against the computer."
)
"""What the ``A`` command prints."""


class CommandError(ValueError):
    """A line that is not a valid command; the message, one line, says why."""


def hand_line(hand: PlayerHand) -> str:
    """Return ``Your hand:`` followed by the sorted cards, each after a space.

    For example ``Your hand: KC QS TH 9D 6D 2S`` (``PlayerHand.sorted_cards`` order).
    """
    raise NotImplementedError("hand_line is yours to write in this phase")


def count_line(count: int) -> str:
    """Return ``Computer Player has N cards`` (``card`` when N is 1)."""
    raise NotImplementedError("count_line is yours to write in this phase")


def prompt_lines(table: Table, hand: PlayerHand, opponent_count: int) -> list[str]:
    """Return the ten lines shown before each command.

    The eight ``pile_lines``, then ``count_line(opponent_count)``, then ``hand_line``.

    Args:
        table: The table of the round.
        hand: The person's hand.
        opponent_count: The number of cards the computer holds.
    """
    raise NotImplementedError("prompt_lines is yours to write in this phase")


def parse_card(text: str) -> Card:
    """Read a card typed by the person.

    Raises:
        CommandError: ``'1X' is not a card: ...`` if the text is not a card's notation.
    """
    raise NotImplementedError("parse_card is yours to write in this phase")


def parse_pile(text: str) -> int:
    """Read a pile number typed by the person.

    Raises:
        CommandError: ``'9' is not a pile: ...`` unless the text is a number 1 to 8.
    """
    raise NotImplementedError("parse_pile is yours to write in this phase")


def parse_command(line: str) -> tuple[str, Move | None]:
    """Read one line typed by the person.

    Args:
        line: The line, e.g. "l 7h 3"; case and the spaces between words are free.

    Returns:
        The command's letter in upper case and, for ``D``, ``L`` and ``M``, its move
        (None for ``Q``, ``H`` and ``A``).

    Raises:
        CommandError: For an empty line, an unknown command, a wrong number of words,
            or a word that is not a card or a pile number where one is needed.
    """
    raise NotImplementedError("parse_command is yours to write in this phase")


class HumanPlayer(Player):
    """A player whose moves a person types at the console."""

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Show the table and carry out commands until the turn ends.

        The turn ends after ``D`` (a card is drawn and announced, or with an empty
        draw pile nothing is), or after a lay that empties the hand.  ``H`` and ``A``
        print ``HELP_TEXT`` and ``ABOUT_TEXT``; a bad line or a refused move prints a
        one-line message; then the table and the prompt come again.  Between a bad
        line and the next prompt, that message is the only line printed besides the
        table's (blank lines aside): no title of your own there.

        Args:
            table: The table of the round in progress.
            opponent: The computer, whose number of cards is shown.

        Raises:
            QuitGame: After ``Q``, once ``Goodbye.`` is printed.
            EOFError: If input ends.
        """
        raise NotImplementedError("HumanPlayer.take_turn is yours to write in this phase")
