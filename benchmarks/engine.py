"""Games per second of the bisca reference: two AutoPlayers, one process.

Usage: python benchmarks/engine.py [--games N]

The target is at least 5,000 complete games per second.  Each run plays seeds 0 to N-1
with the setup of the framework's benchmark; the best of three runs is printed, since
other processes may share the CPU.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from bisca.auto_player import AutoPlayer  # noqa: E402
from bisca.board import Board  # noqa: E402
from bisca.deck import Deck  # noqa: E402

RUNS = 3


def play_game(seed: int) -> None:
    """Play one seeded game between two AutoPlayers to the end."""
    deck = Deck.shuffled(random.Random(seed))
    board = Board([AutoPlayer("A"), AutoPlayer("B")], deck, first=seed % 2)
    while not board.is_over:
        player = board.to_play
        board.play(player.choose(board.view_for(player)))


def games_per_second(games: int) -> float:
    """Play ``games`` games and return how many were played per second."""
    start = time.perf_counter()
    for seed in range(games):
        play_game(seed)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per run")
    games = parser.parse_args().games
    best = max(games_per_second(games) for _ in range(RUNS))
    machine = platform.processor() or platform.machine()
    print(f"machine: {machine}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"{best:,.0f} games/s (best of {RUNS} runs of {games:,} games)")


if __name__ == "__main__":
    main()
