"""Alternative HumanPlayer: a dictionary of command handlers."""

from __future__ import annotations

from .card import Card
from .piles import IllegalMove, PlayerHand
from .player import Player, QuitGame
from .table import Move, Table, pile_lines

PROMPT = "Move> "
QUIT, HELP, ABOUT = "Q", "H", "A"
HELP_TEXT = "L <card> <pile>: lay; M <pile> <pile>: move a pile; D: draw; H, A, Q."
ABOUT_TEXT = "Kings in the Corner (an alternative solution)."


class CommandError(ValueError):
    """Not a command."""


def hand_line(hand: PlayerHand) -> str:
    return ("Your hand: " + " ".join(str(c) for c in hand.sorted_cards)).rstrip()


def count_line(count: int) -> str:
    return f"Computer Player has {count} cards" if count != 1 else "Computer Player has 1 card"


def prompt_lines(table: Table, hand: PlayerHand, opponent_count: int) -> list[str]:
    return [*pile_lines(table), count_line(opponent_count), hand_line(hand)]


def parse_card(text: str) -> Card:
    try:
        return Card.from_notation(text)
    except ValueError:
        raise CommandError(f"{text} is not a card") from None


def parse_pile(text: str) -> int:
    if text not in {str(n) for n in range(1, 9)}:
        raise CommandError(f"{text} is not a pile number (1-8)")
    return int(text)


def parse_command(line: str) -> tuple[str, Move | None]:
    words = line.upper().split()
    if not words:
        raise CommandError("Type a command; H shows them.")
    head, rest = words[0], words[1:]
    if head in (QUIT, HELP, ABOUT, "D") and not rest:
        return head, (Move.draw() if head == "D" else None)
    if head == "L" and len(rest) == 2:
        return head, Move.lay(parse_card(rest[0]), parse_pile(rest[1]))
    if head == "M" and len(rest) == 2:
        return head, Move.pile(parse_pile(rest[0]), parse_pile(rest[1]))
    raise CommandError(f"Not a command: {line.strip()}")


class HumanPlayer(Player):
    def take_turn(self, table: Table, opponent: Player) -> None:
        done = False
        while not done:
            for line in prompt_lines(table, self.hand, len(opponent.hand)):
                print(line)
            try:
                done = self._do(input(PROMPT), table)
            except (CommandError, IllegalMove) as problem:
                print(f"Sorry: {problem}")

    def _do(self, line: str, table: Table) -> bool:
        letter, move = parse_command(line)
        if letter == QUIT:
            print("Bye.")
            raise QuitGame
        if letter == HELP:
            print(HELP_TEXT)
            return False
        if letter == ABOUT:
            print(ABOUT_TEXT)
            return False
        if letter == "D":
            if len(table.draw_pile):
                print(f"Drawn: {table.draw(self.hand)}")
            else:
                print("Nothing to draw.")
            return True
        if move.kind == "L" and move.card not in self.hand:
            raise CommandError(f"{move.card} is not in your hand")
        table.apply(self.hand, move)
        return len(self.hand) == 0
