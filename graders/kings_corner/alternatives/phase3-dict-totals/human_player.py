"""Alternative HumanPlayer: commands read with a regular expression, moves checked first.

A move is checked with ``Table.is_legal`` before it is applied, and refused with a
message of this console's own; the table comes again after every command.
"""

from __future__ import annotations

import re

from .card import Card
from .piles import PlayerHand
from .player import Player, QuitGame
from .table import DRAW, LAY, MOVE, Move, Table, pile_line

PROMPT = "Move> "
QUIT, HELP, ABOUT = "Q", "H", "A"
HELP_TEXT = (
    "Commands (upper or lower case):\n"
    "  L <card> <pile>  lay a card from your hand on a pile, e.g. L 7H 3\n"
    "  M <pile> <pile>  move pile 1-4 onto another pile, e.g. M 1 5\n"
    "  D                draw a card; this ends your turn\n"
    "  H                this help;  A  about the program;  Q  quit\n"
    "Cards: a rank (A 2-9 T J Q K) then a suit (C D H S). Piles: 1 to 8; "
    "piles 5-8 start with a King."
)
ABOUT_TEXT = (
    "Kings in the Corner, the cardlab reference for the CS 340 project: you against the computer."
)

_PILE = re.compile(r"[1-8]")
_ARITY = {QUIT: 0, HELP: 0, ABOUT: 0, DRAW: 0, LAY: 2, MOVE: 2}


class CommandError(ValueError):
    """A line that is not a valid command; the message, one line, says why."""


def hand_line(hand: PlayerHand) -> str:
    """``Your hand:`` and the sorted cards."""
    return "Your hand:" + "".join(f" {card}" for card in hand.sorted_cards)


def count_line(count: int) -> str:
    """``Computer Player has N cards`` (``card`` for 1)."""
    return f"Computer Player has {count} " + ("card" if count == 1 else "cards")


def prompt_lines(table: Table, hand: PlayerHand, opponent_count: int) -> list[str]:
    """The ten lines shown before each command."""
    return [pile_line(pile) for pile in table.piles] + [
        count_line(opponent_count),
        hand_line(hand),
    ]


def parse_card(text: str) -> Card:
    """Read a card typed by the person."""
    try:
        return Card.from_notation(text)
    except ValueError as error:
        raise CommandError(f"{text!r} is not a card: {error}") from None


def parse_pile(text: str) -> int:
    """Read a pile number typed by the person."""
    if _PILE.fullmatch(text) is None:
        raise CommandError(f"{text!r} is not a pile: expected 1 to 8")
    return int(text)


def parse_command(line: str) -> tuple[str, Move | None]:
    """Read one line typed by the person."""
    words = re.findall(r"\S+", line)
    if not words:
        raise CommandError("Nothing typed: try H.")
    letter = words[0].upper()
    if letter not in _ARITY:
        raise CommandError(f"No command {words[0]!r}: try H.")
    if len(words) - 1 != _ARITY[letter]:
        raise CommandError(f"Wrong number of words for {letter}: try H.")
    if letter == LAY:
        return letter, Move.lay(parse_card(words[1]), parse_pile(words[2]))
    if letter == MOVE:
        return letter, Move.pile(parse_pile(words[1]), parse_pile(words[2]))
    if letter == DRAW:
        return letter, Move.draw()
    return letter, None


def _refusal(table: Table, hand: PlayerHand, move: Move) -> str:
    """This console's one-line reason for a move ``is_legal`` refuses."""
    if move.kind == LAY:
        if move.card not in hand:
            return f"You have no {move.card}."
        return f"{move.card} does not fit on pile {move.target}."
    if move.source is not None and move.source > 4:
        return f"Pile {move.source} stays where it is: only piles 1 to 4 move."
    return f"Pile {move.source} cannot go onto pile {move.target}."


class HumanPlayer(Player):
    """A player whose moves a person types at the console."""

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Show the table and carry out commands until the turn ends."""
        ended = False
        while not ended:
            print("\n".join(prompt_lines(table, self.hand, len(opponent.hand))))
            try:
                ended = self._command(input(PROMPT), table)
            except CommandError as error:
                print(error)

    def _command(self, line: str, table: Table) -> bool:
        """Carry out one line; True when the turn is over."""
        letter, move = parse_command(line)
        if letter == QUIT:
            print("Goodbye.")
            raise QuitGame
        if move is None:
            print(HELP_TEXT if letter == HELP else ABOUT_TEXT)
            return False
        if move.kind == DRAW:
            if table.is_legal(self.hand, move):
                print(f"You draw {table.draw(self.hand)}.")
            return True
        if not table.is_legal(self.hand, move):
            raise CommandError(_refusal(table, self.hand, move))
        table.apply(self.hand, move)
        return self.hand.is_empty
