"""Kings in the Corner in the terminal: a person against the reference ``ComputerPlayer``.

The rules all come from the reference package, loaded in-process: ``DrawPile`` shuffles
and deals, ``Table`` checks and makes every move, ``play_round`` runs the turns and ends
the round, ``ComputerPlayer`` plays the computer's turns, and the penalty and winner
rules are the reference's functions. This module only shows the table (with
:mod:`.screen`) and reads the person's commands, with the
reference's own ``parse_command``.

The game takes a rich ``Console`` and an :data:`~cardlab.play.terminal.Ask` callable,
so a test can play it with scripted answers and read what it printed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from rich.console import Console
from rich.text import Text

from cardlab.play import Ask, CardlabError, Codec, Project, QuitGame, Reference, run_game

from . import screen

YOU = "You"
"""The person's player name."""

COMPUTER = "Computer"
"""The reference ComputerPlayer's name."""

_NEW_SEED_LIMIT = 1_000_000
"""A new game gets a seed below this, short enough to type back with ``--seed``."""

_AGAIN = {"y": True, "yes": True, "n": False, "no": False}


def play(
    project: Project, *, seed: int | None, console: Console | None = None, ask: Ask | None = None
) -> int:
    """Play games of Kings in the Corner in the terminal until the person stops.

    Args:
        project: The project whose ``reference/kings_corner/`` gives the rules.
        seed: The seed of the shuffles and the computer's choices; None draws a new one
            (shown, to replay the game).
        console: Where the game is drawn (default: the terminal).
        ask: Reads one answer (default: ``console.input``).

    Returns:
        The exit status from :func:`cardlab.play.terminal.run_game`: 0 when the person
        stops after a game or quits with ``q``, 1 when the input ends, 130 on Ctrl-C.

    Raises:
        CardlabError: If the reference is missing.
    """
    folder = project.reference_dir("kings_corner")
    if not folder.is_dir():
        raise CardlabError(
            f"the kings_corner reference is not in {folder}; play in the project tree"
        )
    console = console or Console()
    if seed is None:
        seed = random.SystemRandom().randrange(_NEW_SEED_LIMIT)
    reference = Reference("kings_corner", folder, Codec([]))
    try:
        game = KingsCornerGame(_modules(reference), console, ask or console.input)
        return run_game(lambda: game.play(seed), console)
    finally:
        reference.close()


def _modules(reference: Reference) -> SimpleNamespace:
    """The reference classes and rules the game uses."""
    game = reference.module("game")
    return SimpleNamespace(
        DrawPile=reference.module("piles").DrawPile,
        IllegalMove=reference.module("piles").IllegalMove,
        Table=reference.module("table").Table,
        Player=reference.module("player").Player,
        ComputerPlayer=reference.module("computer_player").ComputerPlayer,
        parse_command=reference.module("human_player").parse_command,
        CommandError=reference.module("human_player").CommandError,
        play_round=game.play_round,
        is_game_over=game.is_game_over,
        winner_line=game.winner_line,
        GAME_LIMIT=game.GAME_LIMIT,
    )


class KingsCornerGame:
    """Games of Kings in the Corner on a console, with the reference's rules."""

    def __init__(self, ref: SimpleNamespace, console: Console, ask: Ask) -> None:
        """Prepare the players; :meth:`play` plays games until the person stops.

        Args:
            ref: The reference classes and rules, as gathered by ``_modules``.
            console: Where the game is drawn.
            ask: Reads one line from the person.
        """
        self._ref, self._console, self._ask = ref, console, ask
        self._you = _terminal_player(ref.Player, self)

    def play(self, seed: int) -> None:
        """Play games, the computer dealing first and the deal alternating every round."""
        rng = random.Random(seed)
        computer = self._ref.ComputerPlayer(COMPUTER, rng)
        self._computer = computer
        self._console.print(
            f"Kings in the Corner, seed {seed} (replay it with --seed {seed}). "
            "Type H for the commands."
        )
        dealer: Any = computer
        while True:
            totals = [0, 0]
            while not self._ref.is_game_over(totals):
                points = self._play_round(rng, dealer)
                totals = [totals[0] + points[0], totals[1] + points[1]]
                self._console.print(screen.penalties_view(points, totals))
                dealer = self._you if dealer is computer else computer
            self._show_winner(totals)
            if not self._again():
                return

    def _play_round(self, rng: random.Random, dealer: Any) -> tuple[int, int]:
        """Deal and play one round; return the penalty points, the person's first."""
        first = self._you if dealer is self._computer else self._computer
        for player in (self._you, self._computer):
            player.hand.clear()
        draw_pile = self._ref.DrawPile.shuffled(rng)
        table = self._ref.Table(draw_pile)
        draw_pile.deal(first.hand, dealer.hand, table.piles[:4])
        self._console.rule(f"{dealer.name} {'deal' if dealer is self._you else 'deals'}")
        if self._ref.play_round(table, first, dealer, self._announce):
            self._console.print("Nobody can move and the draw pile is empty: a stalemate.")
        elif self._you.hand.is_empty:
            self._console.print("You laid your last card!")
        else:
            self._console.print("The computer laid its last card.")
        return self._you.penalty(), self._computer.penalty()

    def _announce(self, player: Any, moves: Sequence[Any]) -> None:
        """Explain each of the computer's moves in one line."""
        if player is self._computer:
            if not moves:
                self._console.print("The computer cannot move.")
            for move in moves:
                self._console.print(screen.move_line(COMPUTER, move))

    def take_turn(self, table: Any, hand: Any) -> None:
        """The person's turn: show the table, carry out commands until a draw or an empty hand."""
        while True:
            self._console.print(
                screen.table_view(table.piles, len(table.draw_pile), len(self._computer.hand))
            )
            self._console.print(screen.hand_view(hand.sorted_cards))
            line = self._ask("Move> ")
            try:
                if self._command(line, table, hand):
                    return
            except (self._ref.CommandError, self._ref.IllegalMove) as error:
                self._console.print(str(error), style="yellow", markup=False)

    def _command(self, line: str, table: Any, hand: Any) -> bool:
        """Carry out one command; return True when it ends the turn."""
        letter, move = self._ref.parse_command(_TEN.sub(r"T\1", line))
        if letter == "Q":
            raise QuitGame
        if letter in ("H", "A"):
            self._console.print(
                screen.help_view()
                if letter == "H"
                else "Kings in the Corner, after CS 340's project; rules from cardlab's reference."
            )
            return False
        if move.kind == "D":
            if table.draw_pile.is_empty:
                self._console.print("The draw pile is empty: your turn ends.")
            else:
                drawn = table.draw(hand)
                self._console.print(Text.assemble("You drew ", screen.card_text(drawn), "."))
            return True
        if move.kind == "L" and move.card not in hand:
            raise self._ref.CommandError(f"You do not hold {move.card}.")
        table.apply(hand, move)
        return hand.is_empty

    def _show_winner(self, totals: Sequence[int]) -> None:
        """Say who won the game (the reference's ``winner_line``)."""
        self._console.rule("Game over")
        self._console.print(self._ref.winner_line(*totals))

    def _again(self) -> bool:
        """Ask whether to play another game until the answer is y, yes, n or no."""
        while True:
            answer = self._ask("Play another game? (y/n) ").strip().lower()
            if answer in _AGAIN:
                return _AGAIN[answer]
            self._console.print("Please answer y or n.", style="yellow")


_TEN = re.compile(r"(?<!\S)10([SHDC])(?!\S)", re.IGNORECASE)
"""A Ten typed with two digits (``10D``), as the other games take it; the notation is ``TD``."""


def _terminal_player(player_class: type, game: KingsCornerGame) -> Any:
    """The person's player: a reference ``Player`` whose turns the terminal game plays."""

    class TerminalPlayer(player_class):
        def take_turn(self, table: Any, opponent: Any) -> None:
            game.take_turn(table, self.hand)

    return TerminalPlayer(YOU)
