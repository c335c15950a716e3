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

from .card import RANKS, SUITS, Card
from .piles import PILE_COUNT, IllegalMove, PlayerHand
from .player import Player, QuitGame
from .table import DRAW, LAY, MOVE, Move, Table, pile_lines

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
    return " ".join(["Your hand:", *(card.notation for card in hand.sorted_cards)])


def count_line(count: int) -> str:
    """Return ``Computer Player has N cards`` (``card`` when N is 1)."""
    return f"Computer Player has {count} card{'' if count == 1 else 's'}"


def prompt_lines(table: Table, hand: PlayerHand, opponent_count: int) -> list[str]:
    """Return the ten lines shown before each command.

    The eight ``pile_lines``, then ``count_line(opponent_count)``, then ``hand_line``.

    Args:
        table: The table of the round.
        hand: The person's hand.
        opponent_count: The number of cards the computer holds.
    """
    return [*pile_lines(table), count_line(opponent_count), hand_line(hand)]


def parse_card(text: str) -> Card:
    """Read a card typed by the person.

    Raises:
        CommandError: ``'1X' is not a card: ...`` if the text is not a card's notation.
    """
    try:
        return Card.from_notation(text)
    except ValueError:
        raise CommandError(
            f"{text!r} is not a card: type a rank ({RANKS}) then a suit ({SUITS}), e.g. 7H"
        ) from None


def parse_pile(text: str) -> int:
    """Read a pile number typed by the person.

    Raises:
        CommandError: ``'9' is not a pile: ...`` unless the text is a number 1 to 8.
    """
    if not text.isdigit() or not 1 <= int(text) <= PILE_COUNT:
        raise CommandError(f"{text!r} is not a pile: type a number from 1 to {PILE_COUNT}")
    return int(text)


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
    words = line.split()
    if not words:
        raise CommandError("Please type a command (H for help).")
    letter, arguments = words[0].upper(), words[1:]
    expected = {QUIT: 0, HELP: 0, ABOUT: 0, DRAW: 0, LAY: 2, MOVE: 2}
    if letter not in expected:
        raise CommandError(f"Unknown command {words[0]!r}: type H for help.")
    if len(arguments) != expected[letter]:
        usage = {LAY: "L <card> <pile>", MOVE: "M <pile> <pile>"}.get(letter, letter)
        raise CommandError(f"The {letter} command is typed as: {usage}")
    if letter == LAY:
        return letter, Move.lay(parse_card(arguments[0]), parse_pile(arguments[1]))
    if letter == MOVE:
        return letter, Move.pile(parse_pile(arguments[0]), parse_pile(arguments[1]))
    return letter, Move.draw() if letter == DRAW else None


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
        while True:
            print("\n".join(prompt_lines(table, self.hand, len(opponent.hand))))
            line = input(PROMPT)
            try:
                if self._carry_out(line, table):
                    return
            except (CommandError, IllegalMove) as error:
                print(error)

    def _carry_out(self, line: str, table: Table) -> bool:
        """Carry out one line; return True when it ends the turn."""
        letter, move = parse_command(line)
        if letter == QUIT:
            print("Goodbye.")
            raise QuitGame
        if letter in (HELP, ABOUT):
            print(HELP_TEXT if letter == HELP else ABOUT_TEXT)
            return False
        if move.kind == DRAW:
            if table.draw_pile.is_empty:
                print("The draw pile is empty: your turn ends.")
            else:
                print(f"You drew {table.draw(self.hand)}.")
            return True
        if move.kind == LAY and move.card not in self.hand:
            raise CommandError(f"You do not hold {move.card}.")
        table.apply(self.hand, move)
        return self.hand.is_empty
