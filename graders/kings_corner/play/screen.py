"""How Kings in the Corner looks in the terminal: cards, the eight piles, the hand.

Every function here builds a rich renderable from reference objects and decides nothing
about the game. A card is its rank and suit symbol, red for hearts and diamonds; Tens
show as ``T`` as in the notation people type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

Card = Any
"""A card of the reference package (``kings_corner.card.Card``)."""

SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
"""The symbol of each suit letter."""

_RED = "bold red"
_BLACK = "bold"
_LABEL = "bold cyan"

COMMANDS = (
    ("L <card> <pile>", "lay a card of your hand on a pile, e.g. L 7H 3"),
    ("M <pile> <pile>", "move pile 1-4 onto another pile, e.g. M 1 5"),
    ("D", "draw a card and end your turn"),
    ("H", "this help"),
    ("A", "about the game"),
    ("Q", "quit"),
)
"""The commands and what they do, as the help shows them."""


def card_text(card: Card) -> Text:
    """The card as styled text, e.g. ``Q♠`` (red for hearts and diamonds)."""
    return Text(card.rank + SYMBOLS[card.suit], style=_RED if card.is_red else _BLACK)


def cards_text(cards: Sequence[Card]) -> Text:
    """Cards separated by spaces, each in its colour."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append_text(card_text(card))
    return text


def table_view(piles: Sequence[Any], stock_size: int, computer_count: int) -> Table:
    """The eight piles (bottom card first), the draw pile and the computer's card count."""
    grid = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    grid.add_column("pile", style=_LABEL, justify="right")
    grid.add_column("cards (bottom first)")
    for pile in piles:
        label = f"{pile.number}" + (" K" if pile.needs_king else "")
        grid.add_row(label, cards_text(pile.cards) if pile.cards else Text("empty", style="dim"))
    grid.caption = f"Draw pile: {stock_size} cards.  Computer holds {computer_count}."
    return grid


def hand_view(hand: Sequence[Card]) -> Text:
    """``Your hand:`` and the cards, highest first."""
    return Text.assemble(("Your hand: ", _LABEL), cards_text(hand))


def help_view() -> RenderableType:
    """The command reference."""
    grid = Table.grid(padding=(0, 2))
    for command, meaning in COMMANDS:
        grid.add_row(Text(command, style=_LABEL), meaning)
    return Group(
        grid,
        Text("Piles 5-8 (marked K) start with a King; cards go down in rank, alternating colours."),
    )


def move_line(name: str, move: Any) -> Text:
    """One line telling a move: ``Computer lays 7♥ on pile 3.``."""
    if move.kind == "L":
        return Text.assemble(f"{name} lays ", card_text(move.card), f" on pile {move.target}.")
    if move.kind == "M":
        return Text(f"{name} moves pile {move.source} onto pile {move.target}.")
    return Text(f"{name} draws a card.")


def penalties_view(round_points: Sequence[int], totals: Sequence[int]) -> Text:
    """The round's penalty points and the game's totals, you first."""
    return Text(
        f"Penalty points this round: you {round_points[0]}, computer {round_points[1]}."
        f"  In this game: you {totals[0]}, computer {totals[1]}."
    )
