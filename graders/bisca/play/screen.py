"""How the bisca game looks in the terminal: cards, the hand, the status, the results.

Every function here builds a rich renderable from reference objects (cards, player
views, rounds) and decides nothing about the game. A card is its rank and suit
symbol, red for hearts and diamonds; the hand is a row of small boxes numbered
from 1, so the player can answer with a number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

Card = Any
"""A card of the reference package (``bisca.card.Card``)."""

_RED = "bold red"
_BLACK = "bold"
_LABEL = "bold cyan"


def card_text(card: Card) -> Text:
    """The card as styled text, e.g. ``Q♠`` (red for hearts and diamonds)."""
    return Text(str(card), style=_RED if card.suit.is_red else _BLACK)


def card_line(words: str, card: Card) -> Text:
    """A short sentence ending with a card, e.g. ``You play Q♠.``."""
    return Text.assemble(f"{words} ", card_text(card), ".")


def suit_text(suit: Any) -> Text:
    """The suit as its symbol and name, e.g. ``♥ Hearts``, in the suit's colour."""
    return Text(f"{suit.symbol} {suit.name.title()}", style=_RED if suit.is_red else _BLACK)


def _points(card: Card) -> str:
    return f"{card.points} pt" if card.points == 1 else f"{card.points} pts"


def hand_grid(hand: Sequence[Card]) -> Table:
    """The hand as small card boxes, each with its number (from 1) and points below."""
    grid = Table.grid(padding=(0, 1))
    for _ in hand:
        grid.add_column(justify="center")
    grid.add_row(*(Panel(card_text(card), box=box.ROUNDED, expand=False) for card in hand))
    grid.add_row(*(Text(str(number), style=_LABEL) for number in range(1, len(hand) + 1)))
    grid.add_row(*(Text(_points(card), style="dim") for card in hand))
    return grid


def status(view: Any, shown: Card, you: str, opponent: str, leader: str | None) -> Table:
    """Trump, stock, scores and the card on the table, as seen by the player.

    Args:
        view: The player's ``PlayerView``.
        shown: The trump card shown at the start (public, even once drawn).
        you: The player's name.
        opponent: The other player's name.
        leader: Who led the card on the table, or None when the table is empty.
    """
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style=_LABEL)
    grid.add_column()
    grid.add_row("Trump", _trump_line(view, shown))
    grid.add_row("Stock", f"{view.stock_size} cards" if view.stock_size else "empty")
    grid.add_row("Score", f"{you} {view.my_points} · {opponent} {view.opponent_points}")
    grid.add_row("Table", _table_line(view.table, leader))
    return grid


def _trump_line(view: Any, shown: Card) -> Text:
    where = (
        "is the last card of the stock"
        if view.trump_card is not None
        else "was drawn from the stock"
    )
    return Text.assemble(suit_text(view.trump), "  (", card_text(shown), f" {where})")


def _table_line(table: Sequence[Card], leader: str | None) -> Text:
    if not table or leader is None:
        return Text("empty: you lead this round")
    return Text.assemble(f"{leader} led ", card_text(table[0]), ": your turn to answer")


def round_message(completed: Any, you: str) -> Text:
    """Who won a finished round, with which card over which, and the points.

    Args:
        completed: The reference ``Round`` just played.
        you: The player's name, to say "your" card and "win" rather than "wins".
    """
    if completed.winner == completed.leader:
        winning, losing, loser = completed.led, completed.followed, completed.follower
    else:
        winning, losing, loser = completed.followed, completed.led, completed.leader
    winner_is_you = completed.winner == you
    return Text.assemble(
        ("You win" if winner_is_you else f"{completed.winner} wins", "bold"),
        " the round with ",
        "your " if winner_is_you else "",
        card_text(winning),
        " against ",
        "your " if loser == you else "",
        card_text(losing),
        f" — {completed.points} points.",
    )


def summary(scores: dict[str, int], rounds_won: dict[str, int], winner: str | None) -> Group:
    """The end of the game: a table of points and rounds won, then the result.

    Args:
        scores: Each player's final points, the player first.
        rounds_won: How many rounds each player won.
        winner: The winner's name, or None for a tie.
    """
    table = Table(title="Final scores", box=box.SIMPLE_HEAVY)
    table.add_column("Player")
    table.add_column("Points", justify="right")
    table.add_column("Rounds won", justify="right")
    for name, points in scores.items():
        table.add_row(name, str(points), str(rounds_won[name]))
    line = " · ".join(f"{name} {points}" for name, points in scores.items())
    return Group(table, Text(f"Final score: {line}"), _result(scores, winner))


def _result(scores: dict[str, int], winner: str | None) -> Text:
    high, low = sorted(scores.values(), reverse=True)
    if winner is None:
        return Text(f"It's a tie, {high} to {low}.", style="bold yellow")
    if winner == next(iter(scores)):
        return Text(f"You win, {high} to {low}. Well played!", style="bold green")
    return Text(f"{winner} wins, {high} to {low}. Better luck next time!", style="bold red")


def intro(seed: int, total_rounds: int, you_lead: bool, replay: str) -> RenderableType:
    """The welcome text: what the game is, how to answer, and how to replay the deal.

    Args:
        seed: The deal's seed.
        total_rounds: Rounds in the game.
        you_lead: Whether the person leads the first round.
        replay: The command that plays the same game again.
    """
    leader = "You lead" if you_lead else "The computer leads"
    return Panel(
        Text.assemble(
            ("Bisca", "bold"),
            f": you against the computer, {total_rounds} rounds. {leader} the first round.\n",
            "More than 60 of the 120 points wins. Play a card by its number (1, 2, 3) or\n",
            "its notation (QS is the Queen of Spades, 7h the Seven of Hearts); q quits.\n",
            (f"Deal #{seed}: {replay} plays it again.", "dim"),
        ),
        box=box.ROUNDED,
        expand=False,
    )
