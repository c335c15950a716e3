"""Hands per second of the hearts reference, beside OpenSpiel's C++ Hearts, in one run.

Usage: python benchmarks/hearts_engine.py [--hands N]

Both engines play whole hands (deal, 13 tricks, scoring) with four players that each
pick a uniformly random legal card. The reference plays complete seeded games (North
the Dealer, every player ``Player(name, Random(...))``) and counts their hands;
OpenSpiel plays one hand per episode of its ``hearts`` game set to these rules (no
passing, no points on the first trick, hearts broken only by a heart), its chance nodes
(the deal) resolved with a seeded generator, driven from Python through ``pyspiel``.

OpenSpiel is not a dependency of cardlab: install it for this script only
(``pip install open_spiel``). Without it, its column is skipped and the reason printed.
Both wall time and processor time are printed (the machine is shared; processor time is
the steadier figure). The best of three runs is kept.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from hearts.dealer import Dealer  # noqa: E402
from hearts.game import DEAL, Hearts  # noqa: E402
from hearts.player import Player  # noqa: E402

RUNS = 3
SPIEL_RULES = {"pass_cards": False, "no_pts_on_first_trick": True, "qs_breaks_hearts": False}


def reference_hands(hands: int) -> int:
    """Play seeded reference games until ``hands`` hands are played; return the count."""
    played, seed = 0, 0
    while played < hands:
        players = [Dealer("North", random.Random(seed))]
        players += [
            Player(name, random.Random(seed * 7 + s))
            for s, name in ((1, "East"), (2, "South"), (3, "West"))
        ]
        events = Hearts(players).play_game()
        played += sum(event.kind == DEAL for event in events)
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


def measure(play: Callable[[int], int], hands: int) -> tuple[float, float]:
    """Best (wall, processor) hands per second over ``RUNS`` runs."""
    best_wall = best_cpu = 0.0
    for _ in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        played = play(hands)
        best_wall = max(best_wall, played / (time.perf_counter() - wall))
        best_cpu = max(best_cpu, played / (time.process_time() - cpu))
    return best_wall, best_cpu


def spiel_missing() -> str:
    """Why OpenSpiel cannot run here, or "" when it can."""
    try:
        import pyspiel

        pyspiel.load_game("hearts", SPIEL_RULES)
    except Exception as error:  # noqa: BLE001 - any reason is printed, the column skipped
        return f"{type(error).__name__}: {error}"
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per run")
    hands = parser.parse_args().hands
    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"load average {os.getloadavg()[0]:.2f}, {hands} hands per run, best of {RUNS}"
    )
    wall, cpu = measure(reference_hands, hands)
    print(f"cardlab reference : {wall:8.0f} hands/s wall, {cpu:8.0f} hands/s processor")
    missing = spiel_missing()
    if missing:
        print(f"OpenSpiel hearts  : skipped ({missing})")
        return
    spiel_wall, spiel_cpu = measure(spiel_hands, hands)
    print(f"OpenSpiel hearts  : {spiel_wall:8.0f} hands/s wall, {spiel_cpu:8.0f} hands/s processor")
    print(f"OpenSpiel / reference (processor): {spiel_cpu / cpu:.2f}x")


if __name__ == "__main__":
    main()
