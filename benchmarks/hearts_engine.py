"""Hands per second of the hearts reference, beside OpenSpiel's C++ Hearts, in one run.

Usage: python benchmarks/hearts_engine.py [--hands N] [--runs R] [--digest]

Every engine plays whole hands (deal, 13 tricks, scoring) in which each card is a
uniformly random legal one. The reference is measured in two ways, both over complete
seeded games (North the ``Dealer``, every seat a ``Player`` with its own seeded
``random.Random``), counting their hands:

* **play_game**: ``Hearts(players).play_game()``. The game hands each player its
  ``Situation``; the player picks from ``situation.legal_plays``, and the game checks
  the card against its own legal plays.
* **driven**: the benchmark drives the game from outside, as it drives OpenSpiel: it
  asks ``game.legal_plays()``, draws one with its own generator and calls
  ``game.play(card)``. The legal plays are worked out once per card, not twice.

OpenSpiel plays one hand per episode of its ``hearts`` game set to these rules (no
passing, no points on the first trick, hearts broken only by a heart). The benchmark
resolves the chance nodes (the deal) with a seeded generator and drives the game from
Python through ``pyspiel``.

OpenSpiel is not a dependency of cardlab. When ``pyspiel`` does not import, the
benchmark installs ``open_spiel`` (no dependencies, about 70 MB) into a temporary folder
for this run only. When that fails, its column is skipped and the reason printed.
Wall time and processor time are both printed: the machine is shared, and processor
time is the steadier figure. The engines take turns run by run; the best run of each
is kept.

``--digest`` also prints a SHA-256 of the events of seeded games 0 to 299, played both
ways: a change that claims to speed the engine up must leave both digests as they were
(``tests/assignments/test_hearts_engine_games.py`` checks the same games against the rules).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from operator import attrgetter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from hearts.dealer import Dealer  # noqa: E402
from hearts.game import DEAL, Event, Hearts  # noqa: E402
from hearts.player import Player  # noqa: E402

SPIEL_RULES = {"pass_cards": False, "no_pts_on_first_trick": True, "qs_breaks_hearts": False}
DIGEST_GAMES = 300
EVENT_KIND = attrgetter("kind")


def seeded_game(seed: int) -> Hearts:
    """The benchmark's game number ``seed``: North deals, every generator seeded."""
    players = [Dealer("North", random.Random(seed))]
    players += [
        Player(name, random.Random(seed * 7 + s))
        for s, name in ((1, "East"), (2, "South"), (3, "West"))
    ]
    return Hearts(players)


def drive(game: Hearts, rng: random.Random) -> tuple[Event, ...]:
    """Play ``game`` to its end with cards drawn by ``rng`` from ``game.legal_plays()``."""
    while not game.is_over:
        game.play(rng.choice(game.legal_plays()))
    return game.events


def hands_in(events: Iterable[Event]) -> int:
    """The number of hands dealt in a game's events (counted in C: this is timed too)."""
    return list(map(EVENT_KIND, events)).count(DEAL)


def reference_play_game(hands: int) -> int:
    """Play seeded games with ``play_game`` until ``hands`` hands are played."""
    played = seed = 0
    while played < hands:
        played += hands_in(seeded_game(seed).play_game())
        seed += 1
    return played


def reference_driven(hands: int) -> int:
    """Drive seeded games from outside until ``hands`` hands are played."""
    played = seed = 0
    rng = random.Random(0)
    while played < hands:
        played += hands_in(drive(seeded_game(seed), rng))
        seed += 1
    return played


def spiel_hands(hands: int) -> int:
    """Play ``hands`` episodes of OpenSpiel's hearts with random legal actions."""
    import pyspiel

    game = pyspiel.load_game("hearts", SPIEL_RULES)
    rng = random.Random(0)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return hands


def load_spiel(folder: str) -> str:
    """Make ``pyspiel`` importable, installing it into ``folder`` if needed.

    Returns:
        "" when OpenSpiel's hearts loads, otherwise why not, in one line.
    """
    try:
        import pyspiel
    except ImportError:
        install = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--no-deps",
                "--target",
                folder,
                "open_spiel",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if install.returncode != 0:
            lines = (install.stderr or install.stdout).strip().splitlines() or ["pip failed"]
            return f"open_spiel would not install: {lines[-1]}"
        sys.path.insert(0, folder)
    try:
        import pyspiel

        pyspiel.load_game("hearts", SPIEL_RULES)
    except Exception as error:  # noqa: BLE001 - any reason is printed, the column skipped
        return f"{type(error).__name__}: {error}"
    return ""


def measure(
    engines: dict[str, Callable[[int], int]], hands: int, runs: int
) -> dict[str, tuple[float, float]]:
    """Best (wall, processor) hands per second of each engine, the engines taking turns."""
    best = dict.fromkeys(engines, (0.0, 0.0))
    for _ in range(runs):
        for name, play in engines.items():
            wall, cpu = time.perf_counter(), time.process_time()
            played = play(hands)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best[name] = (max(best[name][0], played / wall), max(best[name][1], played / cpu))
    return best


def digest(games: Iterable[tuple[Event, ...]]) -> str:
    """SHA-256 of the events of ``games``, each event as (kind, seat, card, points)."""
    sha = hashlib.sha256()
    for events in games:
        for event in events:
            card = event.card.notation if event.card else "-"
            sha.update(f"{event.kind} {event.seat} {card} {event.points}\n".encode())
        sha.update(b"end of game\n")
    return sha.hexdigest()


def print_digests() -> None:
    """Print the digests of seeded games 0 to 299, played with play_game and driven."""
    played = (seeded_game(seed).play_game() for seed in range(DIGEST_GAMES))
    print(f"digest play_game, games 0-{DIGEST_GAMES - 1}: {digest(played)}")
    rng = random.Random(0)
    driven = (drive(seeded_game(seed), rng) for seed in range(DIGEST_GAMES))
    print(f"digest driven,    games 0-{DIGEST_GAMES - 1}: {digest(driven)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each engine")
    parser.add_argument("--digest", action="store_true", help="print the events' digests")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"load average {os.getloadavg()[0]:.2f}, {args.hands} hands per run, "
        f"best of {args.runs}"
    )
    if args.digest:
        print_digests()
    engines = {"reference, driven": reference_driven, "reference, play_game": reference_play_game}
    with tempfile.TemporaryDirectory(prefix="cardlab-spiel-") as folder:
        missing = load_spiel(folder)
        if not missing:
            engines["OpenSpiel hearts (C++)"] = spiel_hands
        figures = measure(engines, args.hands, args.runs)
    for name, (wall, cpu) in figures.items():
        print(f"{name:24s}: {cpu:8.0f} hands/s processor, {wall:8.0f} hands/s wall")
    if missing:
        print(f"OpenSpiel hearts (C++)  : skipped ({missing})")
        return
    spiel = figures["OpenSpiel hearts (C++)"][1]
    for name in ("reference, driven", "reference, play_game"):
        print(f"OpenSpiel / {name} (processor): {spiel / figures[name][1]:.2f}x")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
