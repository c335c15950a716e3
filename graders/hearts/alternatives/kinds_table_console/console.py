"""The program written from the contract: the mode answer looked up in a table, every
player made from one table of kinds, a game without --seed drawn from the operating
system's randomness, the lines of a play printed once all are worked out."""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from .dealer import Dealer
from .game import DEAL, LEAD, MOON, PLAY, SCORE, SEATS, TAKE, WIN, Event, Hearts
from .human import Human
from .player import Player

MODE_PROMPT = "Play or watch? [p/w]: "
"""The first question of the program."""

HUMAN_SEAT = 2
"""The user plays South."""

DEALER_SEAT = 0
"""North deals every hand (the dealer is always a computer player)."""

EXIT_OK = 0
"""Exit status of a game played to the end."""

EXIT_ABANDONED = 1
"""Exit status when input ends or the user presses Ctrl-C."""

_WATCHING = {"p": False, "w": True}
"""Each answer to the mode question, and whether it watches."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one game from the command line."""
    parser = argparse.ArgumentParser(description="Play hearts at the console.")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--watch", action="store_true")
    options = parser.parse_args(argv)
    try:
        watch = True if options.watch else ask_mode()
        seat = None if watch else HUMAN_SEAT
        run(Hearts(make_players(options.seed, seat)))
    except (KeyboardInterrupt, EOFError):
        print()
        print("Game abandoned.")
        return EXIT_ABANDONED
    return EXIT_OK


def ask_mode() -> bool:
    """Ask whether the user plays or watches until the answer is p or w."""
    answer = input(MODE_PROMPT).strip().casefold()
    while answer not in _WATCHING:
        print("Refused: type the letter p to play, or w to watch.")
        answer = input(MODE_PROMPT).strip().casefold()
    return _WATCHING[answer]


def make_players(seed: int | None, human_seat: int | None) -> list[Player]:
    """Make the four players: North the ``Dealer``, the user at ``human_seat`` if any."""
    base = random.SystemRandom().getrandbits(32) if seed is None else seed
    kinds: list[type[Player]] = [Player] * len(SEATS)
    if human_seat is not None:
        kinds[human_seat] = Human
    kinds[DEALER_SEAT] = Dealer
    return [kind(SEATS[seat], random.Random(base + seat)) for seat, kind in enumerate(kinds)]


def run(game: Hearts) -> None:
    """Print the game's events as it is played, to its end."""
    show(game.events, game.totals)
    while not game.is_over:
        events = game.play_turn()
        show(events, game.totals)


def show(events: Sequence[Event], totals: Sequence[int]) -> None:
    """Print each event with ``describe``; after a hand's scores, print ``totals`` too."""
    lines = [describe(event) for event in events]
    if SCORE in {event.kind for event in events}:
        lines.append(describe_totals(totals))
    for line in lines:
        print(line)


def describe_totals(totals: Sequence[int]) -> str:
    """Return the line of running totals: ``Totals: North 3, East 0, South 12, West 7``."""
    line = "Totals:"
    for seat, total in enumerate(totals):
        line += ("," if seat else "") + f" {SEATS[seat]} {total}"
    return line


def describe(event: Event) -> str:
    """Return the line printed for an event."""
    seat = SEATS[event.seat]
    if event.kind == DEAL:
        return seat + " shuffles and deals."
    if event.kind in (LEAD, PLAY):
        verb = "leads" if event.kind == LEAD else "plays"
        return f"{seat} {verb} {event.card}"
    if event.kind == TAKE:
        return f"{seat} takes the trick ({_count(event.points)})"
    if event.kind == MOON:
        return seat + " shot the moon!"
    if event.kind == SCORE:
        return f"{seat} scores {_count(event.points)} this hand"
    if event.kind == WIN:
        return seat + " wins the game!"
    raise ValueError(f"no line for an event of kind {event.kind!r}")


def _count(points: int) -> str:
    """``N points``, ``1 point`` for one."""
    return f"{points} point{'' if points == 1 else 's'}"


if __name__ == "__main__":
    raise SystemExit(main())
