"""Whist in the terminal: a person with three reference basic players, or a match to watch.

The rules all come from the reference packages ``cards`` and ``whist``, loaded
in-process: ``BasicWhist`` deals, runs the tricks and keeps the scores, and the
reference strategies choose the computer players' cards. This module only shows the
game and reads the person's cards.

* ``mode="human"``: the person sits in seat 0 (player 1), partnered with player 3,
  against players 2 and 4; all three others use the reference ``BasicStrategy``.
* ``mode="watch"``: two reference ``AdvancedStrategy`` players (1 and 3) against two
  ``BasicStrategy`` players (2 and 4), the course's ``advancedGame``.

The game takes a rich ``Console`` and an :data:`~cardlab.play.terminal.Ask` callable, so
a test can play it with scripted answers and read what it printed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from rich.console import Console

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

MODES = ("human", "watch")
"""Values of ``mode``: play with three basic players, or watch advanced against basic."""

PACKAGES = ("cards", "whist")
"""The reference packages the game is made of."""

_NEW_SEED_LIMIT = 1_000_000
"""A new game gets a seed below this, short enough to type back with ``--seed``."""


def play(
    project: Project,
    *,
    seed: int | None,
    mode: str = "human",
    watch: bool = False,
    console: Console | None = None,
    ask: Ask | None = None,
) -> int:
    """Play one game of whist to 7 points in the terminal.

    Args:
        project: The project whose ``reference/cards/`` and ``reference/whist/`` give
            the rules.
        seed: The seed of the game's deals; None draws a new one (shown, to replay it).
        mode: ``human`` (you and three basic players) or ``watch`` (advanced against
            basic players, no input needed); the older spelling of ``watch``.
        watch: Watch advanced against basic players (``--watch``, as every game that
            can be watched takes it).
        console: Where the game is drawn (default: the terminal).
        ask: Reads one answer (default: ``console.input``).

    Returns:
        The exit status from :func:`cardlab.play.terminal.run_game`.

    Raises:
        CardlabError: If ``mode`` is not a known mode or the reference is missing.
    """
    if mode not in MODES:
        raise CardlabError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    folders = {package: project.package_dir(package) for package in PACKAGES}
    missing = [str(folder) for folder in folders.values() if not folder.is_dir()]
    if missing:
        raise CardlabError(f"the whist reference is not in {missing[0]}; play in the project tree")
    console = console or Console()
    if seed is None:
        seed = random.SystemRandom().randrange(_NEW_SEED_LIMIT)
    reference = Reference.of_packages(folders, Codec([]))
    try:
        ref = _modules(reference)
        game = WhistTable(ref, console, ask or console.input)
        watched = bool(watch) or mode == "watch"
        return run_game(lambda: game.play(seed, watch=watched), console)
    finally:
        reference.close()


def _modules(reference: Reference) -> SimpleNamespace:
    """The reference classes the game uses."""
    return SimpleNamespace(
        Card=reference.module("cards.card").Card,
        BasicWhist=reference.module("whist.basic_whist").BasicWhist,
        BasicPlayer=reference.module("whist.basic_player").BasicPlayer,
        BasicStrategy=reference.module("whist.basic_strategy").BasicStrategy,
        AdvancedStrategy=reference.module("whist.advanced_strategy").AdvancedStrategy,
    )


def choose_card(answer: str, hand: Sequence[Any], lead_suit: Any, card_cls: Any) -> Any:
    """Read the card the person typed: a number from 1 or a notation like ``QS``.

    Args:
        answer: The line typed.
        hand: The person's cards, in the order shown (numbered from 1).
        lead_suit: The suit led in this trick, None when the person leads.
        card_cls: The reference ``Card`` class, to read a notation.

    Returns:
        The chosen card: one of ``hand``, of the led suit when the hand holds one.

    Raises:
        QuitGame: If the answer is ``q`` or ``quit``.
        BadEntry: If the answer is not a card the person may play; the message says why.
    """
    check_quit(answer)
    text = answer.strip()
    hint = f"type a number from 1 to {len(hand)}" if len(hand) > 1 else "type 1"
    if text.isdigit():
        if not 1 <= int(text) <= len(hand):
            raise BadEntry(f"There is no card {text}: {hint}.")
        card = hand[int(text) - 1]
    else:
        try:
            card = card_cls.from_notation(text)
        except ValueError:
            raise BadEntry(
                f"{text!r} is not a card: {hint}, a card like QS, or q to quit."
            ) from None
        if card not in hand:
            raise BadEntry(f"You don't hold {card}: {hint}, or one of your cards like QS.")
    follows = lead_suit is None or card.suit is lead_suit
    if not follows and any(held.suit is lead_suit for held in hand):
        raise BadEntry(f"You must follow suit: play a {lead_suit.name.lower()[:-1]}.")
    return card


class TerminalStrategy:
    """The person's strategy: shows the situation and asks for a card."""

    def __init__(self, table: WhistTable) -> None:
        """Ask through ``table``'s console."""
        self._table = table

    def choose_card(self, hand: Any, trick: Any) -> Any:
        """Show the trumps, the scores, the trick and the hand; ask until a card is allowed."""
        table = self._table
        cards = sorted(hand)  # shown in the natural order, spades first
        table.console.print(
            f"Trumps: [bold]{trick.trumps.name.lower()}[/]   Score: you and player 3 "
            f"{table.scores[0]}, players 2 and 4 {table.scores[1]}"
        )
        table.console.print(f"Trick so far: {trick}" if len(trick) else "You lead.", markup=False)
        table.console.print(
            "Your hand: " + "  ".join(f"{n}) {card}" for n, card in enumerate(cards, 1)),
            markup=False,
        )
        prompt = f"Your card (1-{len(cards)}, a card like QS, or q to quit): "
        while True:
            try:
                return choose_card(table.ask(prompt), cards, trick.lead_suit, table.ref.Card)
            except BadEntry as error:
                table.console.print(str(error), style="yellow", markup=False)

    def update_data(self, trick: Any) -> None:
        """Nothing to remember: the table prints every trick."""


class WhistTable:
    """One game of whist on a console, with the rules of the reference packages."""

    def __init__(self, ref: SimpleNamespace, console: Console, ask: Ask) -> None:
        """Prepare a game; :meth:`play` plays it.

        Args:
            ref: The reference classes, as gathered by ``_modules``.
            console: Where the game is drawn.
            ask: Reads one answer from the person.
        """
        self.ref = ref
        self.console = console
        self.ask = ask
        self.scores = (0, 0)

    def play(self, seed: int, *, watch: bool) -> None:
        """Play a whole game to 7 points with the deals of ``random.Random(seed)``.

        Args:
            seed: The seed of the game's generator (deals, trumps, leaders, ties).
            watch: Whether to watch advanced against basic players instead of playing.
        """
        rng = random.Random(seed)
        ref = self.ref
        players = []
        for seat in range(4):
            if watch:
                strategy = ref.AdvancedStrategy() if seat % 2 == 0 else ref.BasicStrategy(rng)
            else:
                strategy = TerminalStrategy(self) if seat == 0 else ref.BasicStrategy(rng)
            players.append(ref.BasicPlayer(seat, strategy))
        who = (
            "players 1 and 3 play the advanced strategy against the basic players 2 and 4"
            if watch
            else "you are player 1, partnered with player 3, against players 2 and 4"
        )
        self.console.print(f"Whist to 7 points (seed {seed}): {who}.")
        game = ref.BasicWhist(players, rng, self._line)
        hand = 0
        while not game.is_over():
            hand += 1
            self.console.rule(f"Hand {hand}")
            game.play_hand()
            self.scores = game.scores
        self.console.rule("Game over")
        winners = "players 1 and 3" if game.winner() == 0 else "players 2 and 4"
        if not watch:
            winners = "You and player 3" if game.winner() == 0 else "Players 2 and 4"
        self.console.print(
            f"{winners[0].upper()}{winners[1:]} win {max(game.scores)} to {min(game.scores)}."
        )

    def _line(self, line: str) -> None:
        """Print one line of the game's own report."""
        self.console.print(line, markup=False, highlight=False)
