"""How the whist table looks in the terminal: four seats, the trick, hands and scores.

Every function here builds a rich renderable from reference objects (cards, tricks,
games) and decides nothing about the game. The table is a compass: NORTH at the top,
SOUTH at the bottom, each seat showing who sits there, the cards left, the tricks won,
the points, and the card it has played to the trick on the table. A card is its rank
and suit symbol (``Q♥``), red for hearts and diamonds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

Card = Any
"""A card of the reference package (``cardgame.card.Card``)."""

_RED_SUITS = frozenset({"HEARTS", "DIAMONDS"})
_RED = "bold red"
_BLACK = "bold"
_LABEL = "bold cyan"
_TURN = "bold yellow"


def card_text(card: Card) -> Text:
    """The card as styled text, e.g. ``Q♥`` (red for hearts and diamonds)."""
    return Text(card.short_name, style=_RED if card.suit.name in _RED_SUITS else _BLACK)


def cards_text(cards: Iterable[Card]) -> Text:
    """Cards in a row separated by spaces, each in its colour."""
    return Text(" ").join(card_text(card) for card in cards)


def card_line(words: str, card: Card) -> Text:
    """A short sentence ending with a card, e.g. ``East plays Q♥.``."""
    return Text.assemble(f"{words} ", card_text(card), ".")


def trumps_text(trumps: Any) -> Text:
    """The trump suit as its symbol and name, or "no trumps"."""
    if trumps is None:
        return Text("no trumps")
    style = _RED if trumps.name in _RED_SUITS else _BLACK
    return Text(f"{trumps.symbol} {trumps}", style=style)


def _count(number: int, word: str) -> str:
    """A count with its noun, e.g. ``1 trick`` or ``3 tricks``."""
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _seat_panel(game: Any, direction: Any, kind: str) -> Panel:
    """One seat: its name, who plays it, counts, and the card it played to the trick."""
    trick = game.trick
    played = trick.card_played_by(direction) if trick is not None else None
    to_play = game.next_to_play == direction
    lines = Text.assemble(
        (f"{direction} ({kind})", _TURN if to_play else _LABEL),
        f"\n{_count(len(game.player(direction).hand), 'card')}, ",
        _count(game.tricks_won()[direction], "trick"),
        f"\n{_count(game.scores()[direction], 'point')}\n",
        "played " if played is not None else ("to play" if to_play else ""),
        card_text(played) if played is not None else "",
    )
    return Panel(lines, box=box.ROUNDED, expand=False, width=22)


def table_view(game: Any, kinds: Mapping[Any, str], label: str) -> Table:
    """The table as a compass of the four seats, with the trumps in the middle.

    Args:
        game: The reference game being played.
        kinds: ``human`` or ``computer`` for each seat (a ``Direction``).
        label: Which copy of the game this is, e.g. "game 1".
    """
    north, east, south, west = list(kinds)
    centre = Text.assemble(
        (f"{game.name}, {label}\n", "bold"), "Trumps: ", trumps_text(game.trumps)
    )
    grid = Table.grid(padding=(0, 1))
    for _ in range(3):
        grid.add_column(justify="center", vertical="middle")
    seat = {direction: _seat_panel(game, direction, kinds[direction]) for direction in kinds}
    grid.add_row("", seat[north], "")
    grid.add_row(seat[west], centre, seat[east])
    grid.add_row("", seat[south], "")
    return grid


def hand_row(seat: Any, hand: Sequence[Card], legal: Sequence[Card]) -> Table:
    """The hand as numbered cards under its seat's name; cards not playable now are dimmed.

    The name matters at a table of several people, who pass the keyboard round.

    Args:
        seat: The seat holding the hand (a ``Direction``).
        hand: The cards, in the order they are numbered.
        legal: The cards that may be played now.
    """
    grid = Table.grid(padding=(0, 1))
    grid.title = f"{seat}'s hand"
    grid.title_justify = "left"
    grid.title_style = _LABEL
    for _ in hand:
        grid.add_column(justify="center")
    grid.add_row(
        *(card_text(card) if card in legal else Text(card.short_name, style="dim") for card in hand)
    )
    grid.add_row(*(Text(str(number), style=_LABEL) for number in range(1, len(hand) + 1)))
    return grid


def trick_message(trick: Any) -> Text:
    """Who won a complete trick, with which card, and the cards it beat."""
    winning = trick.winning_card
    others = [card for card in trick.cards if card != winning]
    return Text.assemble(
        (f"{trick.winner} wins the trick", "bold"),
        " with ",
        card_text(winning),
        " over ",
        cards_text(others),
        ".",
    )


def hand_message(number: int, tricks_won: Mapping[Any, int]) -> Text:
    """The result of a hand: the tricks each seat won."""
    counts = ", ".join(f"{direction} {count}" for direction, count in tricks_won.items())
    return Text(f"Hand {number} is over. Tricks won: {counts}.", style="bold")


def scores_table(game: Any, title: str) -> Table:
    """Each seat's points so far, highest first."""
    table = Table(title=title, box=box.SIMPLE_HEAVY)
    table.add_column("Seat")
    table.add_column("Points", justify="right")
    for direction, points in sorted(game.scores().items(), key=lambda item: -item[1]):
        table.add_row(str(direction), str(points))
    return table


def result_line(game: Any) -> Text:
    """Who won a finished game (several seats on a tie)."""
    winners = sorted(str(direction) for direction in game.winners())
    if len(winners) == 1:
        return Text(f"{winners[0]} wins the game.", style="bold green")
    return Text(f"A tie between {' and '.join(winners)}.", style="bold yellow")


def intro(name: str, seed: int, seats: str, replay: str) -> RenderableType:
    """The welcome text: the game, the seats, how to answer, and how to replay the deal.

    Args:
        name: The game's name.
        seed: The deal's seed.
        seats: Who plays each seat, in words.
        replay: The command that plays the same game again.
    """
    return Panel(
        Group(
            Text.assemble((name, "bold"), f": four seats ({seats}). North leads the first trick."),
            Text(
                "Play a card by its number or notation (QH is the Queen of Hearts, 10s the "
                "Ten of Spades). 'duplicate' copies the game so you can try another line of "
                "play, 'switch N' goes to copy N, 'help' lists the commands, q quits."
            ),
            Text(
                f"Deal #{seed}: {replay} plays it again.",
                style="dim",
            ),
        ),
        box=box.ROUNDED,
        expand=False,
    )


HELP = (
    "Commands: a card (its number, or notation like QH or 10S) plays it; "
    "'duplicate' copies the running game and continues with the copy; "
    "'switch N' continues game N; 'games' lists the copies; q quits."
)
"""What ``help`` prints."""
