"""Whist in the terminal: four seats, any mix of people and simple computer players.

The rules all come from the reference package, loaded in-process: a variation of
``variations`` deals, refuses illegal moves (its ``IllegalMove`` message is what the
player reads), moves the play on and keeps the scores, and ``SimpleComputerPlayer``
chooses the computer's cards. This module only shows the table (with
:mod:`.screen`) and reads the players' answers.

Like the course's original program, the game can be duplicated while it runs:
``duplicate`` clones the game (the reference's ``clone``) and play goes on in the copy;
``switch N`` goes back to any copy. Each copy has its own shuffling generator, a copy
of the original's, so both are dealt the same hands from then on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
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

HUMAN = "human"
COMPUTER = "computer"
_KINDS = {"human": HUMAN, "h": HUMAN, "computer": COMPUTER, "c": COMPUTER}
DEFAULT_SEATS = "S=human"
"""You sit South; a seat not named in ``--seats`` is played by the computer."""

DEFAULT_VARIATION = "classic"
_NEW_SEED_LIMIT = 1_000_000
"""A new deal gets a seed below this, short enough to type back with ``--seed``."""

_SYMBOL_LETTERS = str.maketrans({"♥": "H", "♣": "C", "♦": "D", "♠": "S"})


def play(
    project: Project,
    *,
    seed: int | None,
    variation: str | None = None,
    seats: str | None = None,
    console: Console | None = None,
    ask: Ask | None = None,
) -> int:
    """Play one game of whist in the terminal with the reference rules.

    Args:
        project: The project whose ``reference/cardgame/`` gives the rules.
        seed: The seed of the shuffles; None draws a new one (shown, to replay the deal).
        variation: ``classic``, ``single`` or ``knockout`` (default ``classic``).
        seats: Who plays each seat, e.g. ``N=human,E=computer``; unnamed seats are the
            computer's (default ``S=human``).
        console: Where the game is drawn (default: the terminal).
        ask: Reads one answer (default: ``console.input``).

    Returns:
        The exit status from :func:`cardlab.play.terminal.run_game`: 0 after a game
        played to the end or left with ``q``, 1 when the input ends, 130 on Ctrl-C.

    Raises:
        CardlabError: If the variation or the seats are not understood, or the
            reference is missing.
    """
    folder = project.reference_dir("cardgame")
    if not folder.is_dir():
        raise CardlabError(f"the cardgame reference is not in {folder}; play in the project tree")
    reference = Reference("cardgame", folder, Codec([]))
    try:
        ref = _modules(reference)
        variation = variation or DEFAULT_VARIATION
        if variation not in ref.VARIATIONS:
            raise CardlabError(
                f"no variation {variation!r}; choose one of {', '.join(ref.VARIATIONS)}"
            )
        kinds = parse_seats(seats or DEFAULT_SEATS, ref.Direction)
        console = console or Console()
        if seed is None:
            seed = random.SystemRandom().randrange(_NEW_SEED_LIMIT)
        table = WhistTable(ref, kinds, console, ask or console.input)
        return run_game(lambda: table.play(variation, seed), console)
    finally:
        reference.close()


def _modules(reference: Reference) -> SimpleNamespace:
    """The reference classes and functions the game uses."""
    return SimpleNamespace(
        Card=reference.module("card").Card,
        full_deck=reference.module("card").full_deck,
        Direction=reference.module("player").Direction,
        IllegalMove=reference.module("illegal_move").IllegalMove,
        SimpleComputerPlayer=reference.module("simple_computer_player").SimpleComputerPlayer,
        VARIATIONS=reference.module("variations").VARIATIONS,
    )


def parse_seats(text: str, directions: Any) -> dict[Any, str]:
    """Read ``--seats``: who plays each seat, ``human`` or ``computer``.

    Args:
        text: Comma-separated ``SEAT=KIND`` pairs; a seat is its letter or name
            (``N``, ``north``), a kind ``human``/``h`` or ``computer``/``c``.
        directions: The reference ``Direction`` enum, in clockwise order.

    Returns:
        The kind of every seat, clockwise from NORTH; seats not named are the computer's.

    Raises:
        CardlabError: If a pair is not ``SEAT=KIND``, names an unknown seat or kind, or
            names a seat twice.
    """
    by_name = {}
    for direction in directions:
        by_name[direction.name.lower()] = by_name[direction.value.lower()] = direction
    kinds = dict.fromkeys(directions, COMPUTER)
    named: set[Any] = set()
    for pair in filter(None, (part.strip() for part in text.split(","))):
        seat, _, kind = (word.strip().lower() for word in pair.partition("="))
        if seat not in by_name or kind not in _KINDS:
            raise CardlabError(
                f"--seats: cannot read {pair!r}; write SEAT=KIND with SEAT one of N, E, S, W "
                "and KIND human or computer, e.g. N=human,S=human"
            )
        if by_name[seat] in named:
            raise CardlabError(f"--seats: {by_name[seat]} is named twice")
        named.add(by_name[seat])
        kinds[by_name[seat]] = _KINDS[kind]
    return kinds


def read_card(answer: str, hand: list[Any], card_cls: Any) -> Any:
    """Read the card a player typed: a number from 1 or a notation like ``QH`` or ``Q♥``.

    Whether the card may be played is told by :func:`refused`.

    Args:
        answer: The line the player typed (already known not to be a command).
        hand: The player's cards, in the order shown (numbered from 1).
        card_cls: The reference ``Card`` class, to read a notation.

    Returns:
        The card named.

    Raises:
        BadEntry: If the answer names no card; the message says what to type instead.
    """
    text = answer.strip()
    hint = "type a card's number, a card like QH, 'help', or q to quit"
    if not text:
        raise BadEntry(f"Nothing typed: {hint}.")
    if text.isdigit():
        if not 1 <= int(text) <= len(hand):
            raise BadEntry(f"There is no card {text}: numbers go from 1 to {len(hand)}.")
        return hand[int(text) - 1]
    try:
        return card_cls.from_notation(text.translate(_SYMBOL_LETTERS))
    except ValueError:
        raise BadEntry(f"{text!r} is not a card or a command: {hint}.") from None


def refused(card: Any, hand: list[Any], allowed: list[Any], trick: Any) -> str:
    """Why the person at the keyboard may not play ``card``, said to them; "" if they may.

    The game's own ``IllegalMove`` speaks of the seat ("South cannot play ..."); the
    person is told in the second person, from the same rules.
    """
    if card not in hand:
        return f"You do not hold the {card}."
    if card not in allowed:
        return f"You cannot play the {card}: you must follow {trick.led_suit}, which you hold."
    return ""


@dataclass
class GameCopy:
    """One copy of the game at the table, with the generator that shuffles its deals.

    Attributes:
        number: The copy's number, from 1 (the game first dealt).
        game: The reference game.
        rng: Shuffles the deck for each new hand of this copy.
    """

    number: int
    game: Any
    rng: random.Random

    @property
    def label(self) -> str:
        """str: How the copy is named on screen, e.g. "game 2"."""
        return f"game {self.number}"


class _Switch(Exception):
    """The player asked to continue another copy of the game."""


class WhistTable:
    """A game of whist on a console, with its copies, and the players of each seat."""

    def __init__(
        self, ref: SimpleNamespace, kinds: Mapping[Any, str], console: Console, ask: Ask
    ) -> None:
        """Seat the players; :meth:`play` deals and plays.

        Args:
            ref: The reference classes, as gathered by ``_modules``.
            kinds: ``human`` or ``computer`` for each seat, clockwise from NORTH.
            console: Where the game is drawn.
            ask: Reads one answer from a player.
        """
        self._ref = ref
        self._kinds = dict(kinds)
        self._console = console
        self._ask = ask
        self._copies: list[GameCopy] = []
        self._current: GameCopy | None = None

    def play(self, variation: str, seed: int) -> None:
        """Play the game, and every copy made of it, to the end.

        Args:
            variation: A key of the reference's ``VARIATIONS``.
            seed: The seed of the generator that shuffles the first copy's deals.
        """
        game = self._ref.VARIATIONS[variation]()
        seats = ", ".join(f"{direction} {kind}" for direction, kind in self._kinds.items())
        every_seat = ",".join(f"{d.value}={kind}" for d, kind in self._kinds.items())
        replay = replay_command("cardgame", seed, variation=variation, seats=every_seat)
        self._console.print(screen.intro(game.name, seed, seats, replay))
        self._current = GameCopy(1, game, random.Random(seed))
        self._copies.append(self._current)
        while self._current is not None:
            try:
                self._play_to_end(self._current)
            except _Switch:
                continue
            self._current = next(
                (copy for copy in self._copies if not copy.game.is_game_finished()), None
            )
            if self._current is not None:
                self._console.print(f"Now continuing {self._current.label}.", style="bold")

    def _play_to_end(self, copy: GameCopy) -> None:
        """Play one copy until its game is over (raises ``_Switch`` to leave it earlier)."""
        game = copy.game
        while not game.is_game_finished():
            if game.is_hand_finished():
                self._deal(copy)
            direction = game.next_to_play
            if self._kinds[direction] == COMPUTER:
                player = self._ref.SimpleComputerPlayer(game.player(direction))
                self._play_card(copy, direction, player.next_card(game.trick))
            else:
                self._human_turn(copy, direction)
        self._console.rule(f"{game.name}, {copy.label}: game over")
        self._console.print(screen.scores_table(game, "Final scores"))
        self._console.print(screen.result_line(game))

    def _deal(self, copy: GameCopy) -> None:
        """Shuffle a full deck with the copy's generator and deal the next hand."""
        deck = self._ref.full_deck()
        copy.rng.shuffle(deck)
        copy.game.deal(deck)
        self._console.rule(f"{copy.game.name}, {copy.label}: hand {copy.game.hands_played + 1}")

    def _play_card(self, copy: GameCopy, direction: Any, card: Any) -> None:
        """Play a card and say what happened: the card, the trick's winner, the hand's end.

        Raises:
            IllegalMove: From the game, if the rules forbid the card (nothing changes).
        """
        game = copy.game
        trick, tricks_before, hands_before = game.trick, game.tricks_won(), game.hands_played
        game.play(direction, card)
        self._console.print(screen.card_line(f"{direction} plays", card))
        if trick.is_complete:
            self._console.print(screen.trick_message(trick))
        if game.hands_played > hands_before:
            tricks_before[trick.winner] += 1
            self._console.print(screen.hand_message(game.hands_played, tricks_before))
            self._console.print(screen.scores_table(game, "Points"))

    def _human_turn(self, copy: GameCopy, direction: Any) -> None:
        """Show the table and ask the player in ``direction`` until a card is played.

        Raises:
            _Switch: If the player duplicated the game or switched to another copy.
        """
        game = copy.game
        hand = list(game.player(direction).hand)
        self._console.print(screen.table_view(game, self._kinds, copy.label))
        self._console.print(screen.hand_row(direction, hand, game.legal_moves()))
        while True:
            answer = self._ask(f"{direction}, your card: ")
            check_quit(answer)
            try:
                if self._command(answer):
                    continue
                card = read_card(answer, hand, self._ref.Card)
                refusal = refused(card, hand, game.legal_moves(), game.trick)
                if refusal:
                    raise BadEntry(refusal)
                self._play_card(copy, direction, card)
                return
            except (BadEntry, self._ref.IllegalMove) as error:
                self._console.print(str(error), style="yellow", markup=False)

    def _command(self, answer: str) -> bool:
        """Carry out a command other than a card; return False when the answer is not one.

        Raises:
            _Switch: After ``duplicate`` or ``switch N``.
            BadEntry: If ``switch`` names no copy that is still being played.
        """
        words = answer.strip().lower().split()
        if words in (["help"], ["?"]):
            self._console.print(screen.HELP)
        elif words == ["games"]:
            for copy in self._copies:
                state = "over" if copy.game.is_game_finished() else "in play"
                mark = " (this one)" if copy is self._current else ""
                self._console.print(f"{copy.label}: {state}{mark}")
        elif words in (["duplicate"], ["dup"]):
            self._duplicate()
        elif words and words[0] == "switch":
            self._switch(words[1:])
        else:
            return False
        return True

    def _duplicate(self) -> None:
        """Clone the running game and continue with the clone."""
        original = self._current
        rng = random.Random()
        rng.setstate(original.rng.getstate())
        self._current = GameCopy(len(self._copies) + 1, original.game.clone(), rng)
        self._copies.append(self._current)
        self._console.print(
            f"{self._current.label.capitalize()} is a copy of {original.label}; you now play "
            f"{self._current.label}. Type 'switch {original.number}' to go back.",
            style="bold",
        )
        raise _Switch

    def _switch(self, words: list[str]) -> None:
        """Continue the copy numbered in ``words`` if it is still being played."""
        playing = {c.number: c for c in self._copies if not c.game.is_game_finished()}
        if len(words) != 1 or not words[0].isdigit() or int(words[0]) not in playing:
            numbers = ", ".join(str(number) for number in playing)
            raise BadEntry(f"Type 'switch N' with N a game still in play: {numbers}.")
        self._current = playing[int(words[0])]
        self._console.print(f"Back to {self._current.label}.", style="bold")
        raise _Switch
