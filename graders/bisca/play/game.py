"""Bisca in the terminal: a person against the reference ``AutoPlayer``.

The rules all come from the reference package, loaded in-process: ``Deck`` deals,
``Board`` decides whose turn it is, who wins each round and the scores, and
``AutoPlayer`` chooses the computer's cards. This module only shows the game
(with :mod:`.screen`) and reads the player's cards.

The game takes a rich ``Console`` and an :data:`~cardlab.play.terminal.Ask`
callable, so a test can play it with scripted answers and read what it printed.
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
    replay_command,
    run_game,
)

from . import screen
from .strong import StrongPlayer

YOU = "You"
"""The person's player name."""

COMPUTER = "Computer"
"""The reference AutoPlayer's name."""

FIRST_CHOICES = ("human", "computer")
"""Values of ``first``: who leads the first round."""
OPPONENTS = ("reference", "strong")
"""Values of ``opponent``: the reference AutoPlayer, or the stronger bot that searches
over the cards it has not seen (:mod:`.strong`)."""

_NEW_SEED_LIMIT = 1_000_000
"""A new deal gets a seed below this, short enough to type back with ``--seed``."""


def play(
    project: Project,
    *,
    seed: int | None,
    first: str = "human",
    opponent: str = "reference",
    console: Console | None = None,
    ask: Ask | None = None,
) -> int:
    """Play one game of bisca in the terminal, against the reference AutoPlayer.

    Args:
        project: The project whose ``reference/bisca/`` gives the rules.
        seed: The seed of the deal; None draws a new one (shown, to replay the deal).
        first: ``human`` or ``computer``: who leads the first round.
        opponent: ``reference`` (the reference AutoPlayer) or ``strong``.
        console: Where the game is drawn (default: the terminal).
        ask: Reads one answer (default: ``console.input``).

    Returns:
        The exit status from :func:`cardlab.play.terminal.run_game`: 0 after a game
        played to the end or left with ``q``, 1 when the input ends, 130 on Ctrl-C.

    Raises:
        CardlabError: If ``first`` or ``opponent`` is not a known choice or the reference
            is missing.
    """
    if first not in FIRST_CHOICES:
        raise CardlabError(f"first must be one of {', '.join(FIRST_CHOICES)}, not {first!r}")
    if opponent not in OPPONENTS:
        raise CardlabError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
    folder = project.reference_dir("bisca")
    if not folder.is_dir():
        raise CardlabError(f"the bisca reference is not in {folder}; play in the project tree")
    console = console or Console()
    if seed is None:
        seed = random.SystemRandom().randrange(_NEW_SEED_LIMIT)
    reference = Reference("bisca", folder, Codec([]))
    try:
        game = BiscaGame(
            _modules(reference), console, ask or console.input, strong=opponent == "strong"
        )
        return run_game(lambda: game.play(seed, you_lead=first == "human"), console)
    finally:
        reference.close()


def _modules(reference: Reference) -> SimpleNamespace:
    """The reference classes the game uses."""
    return SimpleNamespace(
        Card=reference.module("card").Card,
        Deck=reference.module("deck").Deck,
        Board=reference.module("board").Board,
        NUM_PLAYERS=reference.module("board").NUM_PLAYERS,
        Player=reference.module("player").Player,
        AutoPlayer=reference.module("auto_player").AutoPlayer,
    )


def choose_card(answer: str, hand: Sequence[Any], legal: Sequence[Any], card_cls: Any) -> Any:
    """Read the card the player typed: a number from 1 or a notation like ``QS``.

    Args:
        answer: The line the player typed.
        hand: The player's cards, in the order shown (numbered from 1).
        legal: The cards the player may play now.
        card_cls: The reference ``Card`` class, to read a notation.

    Returns:
        The chosen card, one of ``legal``.

    Raises:
        QuitGame: If the answer is ``q`` or ``quit``.
        BadEntry: If the answer is not one of the player's cards; the message says
            what to type instead.
    """
    check_quit(answer)
    text, hint = answer.strip(), _number_hint(len(hand))
    if not text:
        raise BadEntry(f"Nothing typed: {hint}, or q to quit.")
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
    if card not in legal:
        raise BadEntry(f"You can't play {card} now: choose another card.")
    return card


def _number_hint(count: int) -> str:
    """What to type to choose among ``count`` numbered cards."""
    return "type 1" if count == 1 else f"type a number from 1 to {count}"


def _prompt(count: int) -> str:
    """The question asked for each card the player plays."""
    numbers = "1" if count == 1 else f"1-{count}"
    return f"Your card ({numbers}, a card like QS, or q to quit): "


class BiscaGame:
    """One game of bisca on a console, with the rules of the reference modules."""

    def __init__(
        self, ref: SimpleNamespace, console: Console, ask: Ask, *, strong: bool = False
    ) -> None:
        """Prepare a game; :meth:`play` deals and plays it.

        Args:
            ref: The reference classes, as gathered by ``_modules``.
            console: Where the game is drawn.
            ask: Reads one answer from the player.
            strong: The computer plays as the stronger bot rather than the AutoPlayer.
        """
        self._ref = ref
        self._console = console
        self._ask = ask
        self._you = ref.Player(YOU)
        self._computer = ref.AutoPlayer(COMPUTER)
        self._choose = self._computer.choose
        self._opponent = "strong" if strong else "reference"

    def play(self, seed: int, *, you_lead: bool) -> None:
        """Deal with ``seed`` and play every round, then show the summary.

        Args:
            seed: The seed of ``random.Random`` that shuffles the deck.
            you_lead: Whether the person leads the first round.
        """
        deck = self._ref.Deck.shuffled(random.Random(seed))
        if self._opponent == "strong":  # seeded by the deal, so that a replay is the same
            self._choose = StrongPlayer(self._ref.Deck.standard().cards, seed=seed).choose
        total_rounds = len(deck) // self._ref.NUM_PLAYERS
        board = self._ref.Board([self._you, self._computer], deck, first=0 if you_lead else 1)
        first = "human" if you_lead else "computer"
        replay = replay_command("bisca", seed, first=first, opponent=self._opponent)
        self._console.print(screen.intro(seed, total_rounds, you_lead, replay))
        while not board.is_over:
            self._console.rule(f"Round {len(board.rounds) + 1} of {total_rounds}")
            self._play_round(board)
        self._show_summary(board)

    def _play_round(self, board: Any) -> None:
        """Let both players play, in turn order, then report the round."""
        hand_before = self._you.hand
        completed = None
        while completed is None:
            if board.to_play is self._you:
                card = self._your_card(board)
                self._console.print(screen.card_line("You play", card))
            else:
                card = self._choose(board.view_for(self._computer))
                verb = "leads" if not board.table else "answers with"
                self._console.print(screen.card_line(f"{COMPUTER} {verb}", card))
            completed = board.play(card)
        self._console.print(screen.round_message(completed, YOU))
        self._report_draw(hand_before, board)

    def _your_card(self, board: Any) -> Any:
        """Show the player's view and ask until a card they may play is typed."""
        view = board.view_for(self._you)
        leader = COMPUTER if view.table else None
        self._console.print(screen.status(view, board.trump_card, YOU, COMPUTER, leader))
        self._console.print(screen.hand_grid(view.hand))
        prompt = _prompt(len(view.hand))
        while True:
            try:
                return choose_card(self._ask(prompt), view.hand, view.legal_cards, self._ref.Card)
            except BadEntry as error:
                self._console.print(str(error), style="yellow", markup=False)

    def _report_draw(self, hand_before: tuple[Any, ...], board: Any) -> None:
        """Say which card the player drew after the round, if any."""
        drawn = [card for card in self._you.hand if card not in hand_before]
        for card in drawn:
            self._console.print(screen.card_line("You draw", card))
        if drawn and board.stock_size == 0:
            self._console.print("The stock is empty: play out the cards in your hand.")

    def _show_summary(self, board: Any) -> None:
        """Show the final scores, rounds won and the result."""
        self._console.rule("Game over")
        scores = {player.name: player.points for player in (self._you, self._computer)}
        rounds_won = {name: 0 for name in scores}
        for completed in board.rounds:
            rounds_won[completed.winner] += 1
        winner = board.winner()
        self._console.print(screen.summary(scores, rounds_won, winner and winner.name))
