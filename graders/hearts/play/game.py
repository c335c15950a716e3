"""Hearts in the terminal: play South against three reference computer players, or watch.

The rules all come from the reference package, loaded in-process: ``Hearts`` deals,
decides whose turn it is, refuses illegal cards (its reason is shown), takes tricks and
scores hands; the reference ``Player`` chooses the computers' cards. This module only
draws the table (the trick in the middle, the scores around it) and reads your cards.

Like the other terminal games, it takes a rich ``Console`` and an
:data:`~cardlab.play.terminal.Ask` callable, so a test can play it with scripted
answers and read what it printed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardlab.play import (
    Ask,
    BadEntry,
    CardlabError,
    Codec,
    Project,
    Reference,
    check_quit,
    run_game,
)

SEATS = ("North", "East", "South", "West")
"""The seats, in playing order."""

YOUR_SEAT = 2
"""You play South."""

TRICK_SECONDS = 1.5
"""The pause after each trick of a game watched on a terminal, to follow it as it goes."""

_NEW_SEED_LIMIT = 1_000_000
_RED = {"HEARTS", "DIAMONDS"}


def play(
    project: Project,
    *,
    seed: int | None,
    watch: bool = False,
    console: Console | None = None,
    ask: Ask | None = None,
    pause: Callable[[], None] | None = None,
) -> int:
    """Play (or watch) one game of hearts in the terminal, to 100 points.

    Args:
        project: The project whose ``reference/hearts/`` gives the rules.
        seed: The seed of the game (every player's generator is ``Random(seed + seat)``);
            None draws a new one, shown so the game can be replayed.
        watch: Watch four computer players instead of playing South.
        console: Where the game is drawn (default: the terminal).
        ask: Reads one answer (default: ``console.input``).
        pause: Called after each trick of a watched game (default: a pause of
            :data:`TRICK_SECONDS` on a terminal, none when the output goes elsewhere).

    Returns:
        The exit status from :func:`cardlab.play.terminal.run_game`.

    Raises:
        CardlabError: If the reference is missing.
    """
    folder = project.reference_dir("hearts")
    if not folder.is_dir():
        raise CardlabError(f"the hearts reference is not in {folder}; play in the project tree")
    console = console or Console()
    if seed is None:
        seed = random.SystemRandom().randrange(_NEW_SEED_LIMIT)
    if pause is None and watch and console.is_terminal:
        pause = _terminal_pause
    reference = Reference("hearts", folder, Codec([]))
    try:
        table = HeartsTable(reference, console, ask or console.input, watch=bool(watch))
        table.pause = pause if watch else None
        return run_game(lambda: table.play(seed), console)
    finally:
        reference.close()


def _terminal_pause() -> None:
    time.sleep(TRICK_SECONDS)


def card_text(card: Any) -> Text:
    """A card in its colour: hearts and diamonds red."""
    return Text(str(card), style="bold red" if card.suit.name in _RED else "bold")


def table_view(trick: Any, leader: int, totals: tuple[int, ...], taken: list[int]) -> Table:
    """The table: each seat with its total and points taken, the trick in the middle."""
    played = {(leader + i) % 4: card for i, card in enumerate(trick)}

    def seat(number: int) -> Text:
        text = Text(f"{SEATS[number]}  {totals[number]} ({taken[number]} this hand)\n")
        return text + (card_text(played[number]) if number in played else Text("·"))

    grid = Table.grid(padding=(0, 4))
    for _ in range(3):
        grid.add_column(justify="center")
    grid.add_row("", seat(0), "")
    grid.add_row(seat(3), Text("trick", style="dim"), seat(1))
    grid.add_row("", seat(2), "")
    return grid


HELP_WORDS = frozenset({"help", "h", "?"})
"""Answers that show what to type and the cards that may be played."""


def help_text(hand: tuple[Any, ...], allowed: tuple[Any, ...]) -> Text:
    """What to type at the prompt, and which cards of the hand the rules allow now."""
    text = Text(
        f"Type the number of a card in your hand (1 to {len(hand)}) or the card itself, "
        "rank then suit: QS is the Queen of Spades, 10H the Ten of Hearts. q leaves the game.\n"
        "You may play now: "
    )
    for card in allowed:
        text += card_text(card) + Text(" ")
    return text


def read_card(answer: str, hand: tuple[Any, ...], card_cls: Any) -> Any:
    """The card typed: a number of the hand from 1, or a notation like ``QS``.

    Raises:
        QuitGame: If the answer is ``q`` or ``quit``.
        BadEntry: If the answer names no card of the hand.
    """
    check_quit(answer)
    text = answer.strip()
    if not text:
        raise BadEntry(f"Type a card: 1 to {len(hand)}, or a card like QS (help says more).")
    if text.isdigit() and 1 <= int(text) <= len(hand):
        return hand[int(text) - 1]
    try:
        card = card_cls.from_notation(text)
    except ValueError:
        raise BadEntry(
            f"{text!r} is not a card: type 1 to {len(hand)}, or a card like QS."
        ) from None
    if card not in hand:
        raise BadEntry(f"You don't hold {card}.")
    return card


class HeartsTable:
    """One game of hearts on a console, with the rules of the reference."""

    def __init__(self, reference: Reference, console: Console, ask: Ask, *, watch: bool) -> None:
        """Prepare a game; :meth:`play` deals and plays it."""
        self._game_module = reference.module("game")
        self._card = reference.module("card").Card
        self._dealer = reference.module("dealer").Dealer
        self._player = reference.module("player").Player
        self._console = console
        self._ask = ask
        self._watch = watch
        self._trick: list[Any] = []
        self._leader = 0
        self.pause: Callable[[], None] | None = None
        """Called after each trick shown (a watched game's pace), if set."""

    def _players(self, seed: int) -> list[Any]:
        kinds = [self._dealer, self._player, self._player, self._player]
        return [kind(SEATS[s], random.Random(seed + s)) for s, kind in enumerate(kinds)]

    def play(self, seed: int) -> None:
        """Deal with ``seed`` and play every hand to the end of the game."""
        game = self._game_module.Hearts(self._players(seed))
        who = "watching four computer players" if self._watch else "you play South"
        self._console.print(f"Hearts, seed {seed}: {who}. North deals every hand.")
        while not game.is_over:
            if not self._watch and game.to_play == YOUR_SEAT:
                self._show(game)
                events = self._your_turn(game)
            else:
                events = game.play_turn()
            self._report(game, events)

    def _show(self, game: Any) -> None:
        taken = [player.points_taken for player in game.players]
        self._console.print(table_view(game.trick, game.leader, game.totals, taken))

    def _your_turn(self, game: Any) -> Any:
        hand = game.players[YOUR_SEAT].hand
        numbered = Text("Your hand: ")
        for number, card in enumerate(hand, 1):
            numbered += Text(f"{number}:") + card_text(card) + Text("  ")
        self._console.print(numbered)
        while True:
            answer = self._ask("Your card (number, QS, help, or q): ")
            if answer.strip().lower() in HELP_WORDS:
                self._console.print(help_text(hand, game.legal_plays()))
                continue
            try:
                return game.play(read_card(answer, hand, self._card))
            except BadEntry as error:
                self._console.print(str(error), style="yellow", markup=False)
            except ValueError as refusal:
                self._console.print(f"Refused: {refusal}", style="yellow", markup=False)

    def _follow_trick(self, event: Any) -> None:
        """Keep the cards of the trick in progress, to draw it once it is complete."""
        if event.kind == "lead":
            self._trick, self._leader = [], event.seat
        self._trick.append(event.card)

    def _report(self, game: Any, events: Any) -> None:
        for event in events:
            name = SEATS[event.seat]
            if event.kind in ("lead", "play"):
                self._follow_trick(event)
                self._console.print(Text(f"{name} {event.kind}s ") + card_text(event.card))
            elif event.kind == "take":
                taken = [player.points_taken for player in game.players]
                self._console.print(table_view(self._trick, self._leader, game.totals, taken))
                self._console.print(f"{name} takes the trick ({event.points} points)")
                if self.pause is not None:
                    self.pause()
            elif event.kind == "moon":
                self._console.print(f"{name} shot the moon!", style="bold magenta")
            elif event.kind == "deal":
                self._console.rule(f"{name} deals")
            elif event.kind == "win":
                self._console.print(f"{name} wins the game!", style="bold green")
        if any(event.kind == "score" for event in events):
            totals = ", ".join(f"{s} {t}" for s, t in zip(SEATS, game.totals, strict=True))
            self._console.print(f"Totals: {totals}")
