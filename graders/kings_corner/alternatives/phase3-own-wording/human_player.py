"""Alternative HumanPlayer: its own wording, and a title line over the table.

Every free message is worded differently from other solutions; a title line of its own
comes before the table, except right after a bad line, where the docstring allows only
the message.
"""

from __future__ import annotations

from .card import Card
from .piles import IllegalMove, PlayerHand
from .player import Player, QuitGame
from .table import DRAW, LAY, MOVE, Move, Table, pile_lines

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

TITLE = "~~~~ Kings in the Corner: your move ~~~~"
"""The title this console prints over the table (never right after a bad line)."""


class CommandError(ValueError):
    """A line that is not a valid command; the message, one line, says why."""


def hand_line(hand: PlayerHand) -> str:
    """``Your hand:`` and the sorted cards."""
    line = "Your hand:"
    for card in hand.sorted_cards:
        line += " " + card.notation
    return line


def count_line(count: int) -> str:
    """``Computer Player has N cards``."""
    noun = "card" if count == 1 else "cards"
    return f"Computer Player has {count} {noun}"


def prompt_lines(table: Table, hand: PlayerHand, opponent_count: int) -> list[str]:
    """The ten lines shown before each command."""
    lines = list(pile_lines(table))
    lines.append(count_line(opponent_count))
    lines.append(hand_line(hand))
    return lines


def parse_card(text: str) -> Card:
    """Read a card typed by the person."""
    try:
        return Card.from_notation(text)
    except ValueError:
        raise CommandError(f"{text!r} is not a card: I know cards like 7H, TD or KS") from None


def parse_pile(text: str) -> int:
    """Read a pile number typed by the person."""
    if text in ("1", "2", "3", "4", "5", "6", "7", "8"):
        return int(text)
    raise CommandError(f"{text!r} is not a pile: the piles are numbered 1 to 8")


def parse_command(line: str) -> tuple[str, Move | None]:
    """Read one line typed by the person."""
    words = line.split()
    if len(words) == 0:
        raise CommandError("An empty line does nothing; H lists the commands.")
    letter = words[0].upper()
    rest = words[1:]
    if letter in (QUIT, HELP, ABOUT, DRAW):
        if rest:
            raise CommandError(f"{letter} takes nothing after it.")
        return letter, (Move.draw() if letter == DRAW else None)
    if letter not in (LAY, MOVE):
        raise CommandError(f"I do not know the command {words[0]!r}; H lists them.")
    if len(rest) != 2:
        raise CommandError(f"{letter} needs two words after it; H shows how.")
    if letter == LAY:
        return letter, Move.lay(parse_card(rest[0]), parse_pile(rest[1]))
    return letter, Move.pile(parse_pile(rest[0]), parse_pile(rest[1]))


class HumanPlayer(Player):
    """A player whose moves a person types at the console."""

    def take_turn(self, table: Table, opponent: Player) -> None:
        """Show the table and carry out commands until the turn ends."""
        with_title = True
        while True:
            if with_title:
                print()
                print(TITLE)
            for line in prompt_lines(table, self.hand, len(opponent.hand)):
                print(line)
            typed = input(PROMPT)
            try:
                done = self._obey(typed, table)
            except (CommandError, IllegalMove) as error:
                print(f"Sorry: {error}")
                with_title = False
                continue
            if done:
                return
            with_title = True

    def _obey(self, typed: str, table: Table) -> bool:
        """Carry out one line; True when it ends the turn."""
        letter, move = parse_command(typed)
        if letter == QUIT:
            print("Goodbye.")
            raise QuitGame()
        if letter == HELP:
            print(HELP_TEXT)
            return False
        if letter == ABOUT:
            print(ABOUT_TEXT)
            return False
        assert move is not None
        if move.kind == DRAW:
            if len(table.draw_pile) == 0:
                print("Nothing left to draw; over to the computer.")
            else:
                card = table.draw(self.hand)
                print(f"You pick up {card.notation}.")
            return True
        if move.kind == LAY and move.card not in self.hand:
            raise CommandError(f"{move.card} is not in your hand.")
        table.apply(self.hand, move)
        return len(self.hand) == 0
