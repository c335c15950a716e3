"""Whole rounds per second of the kings_corner reference: two ComputerPlayers, one process.

Usage: python benchmarks/kings_corner_engine.py [--rounds N]

The target is at least 2,000 whole rounds per second.  A round is dealt from
``DrawPile.shuffled(random.Random(seed))`` and played by two reference computer players
with the reference engine (``game.play_round``) to its end, a hand emptied or a
stalemate.  Each run plays seeds 0 to N-1; the best of three runs is printed, since
other processes may share the CPU, with the average number of moves per round.
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

from kings_corner.computer_player import ComputerPlayer  # noqa: E402
from kings_corner.game import play_round  # noqa: E402
from kings_corner.piles import DrawPile  # noqa: E402
from kings_corner.table import Table  # noqa: E402

RUNS = 3


def play_one_round(seed: int) -> int:
    """Deal and play one seeded round between two ComputerPlayers; return its moves."""
    rng = random.Random(seed)
    first, second = ComputerPlayer("A", rng), ComputerPlayer("B", rng)
    draw_pile = DrawPile.shuffled(rng)
    table = Table(draw_pile)
    draw_pile.deal(first.hand, second.hand, table.piles[:4])
    play_round(table, first, second)
    return len(table.moves)


def rounds_per_second(rounds: int) -> tuple[float, float]:
    """Play ``rounds`` rounds; return rounds per second and moves per round."""
    start = time.perf_counter()
    moves = sum(play_one_round(seed) for seed in range(rounds))
    return rounds / (time.perf_counter() - start), moves / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5_000, help="rounds per run")
    rounds = parser.parse_args().rounds
    results = [rounds_per_second(rounds) for _ in range(RUNS)]
    best, moves = max(results)
    machine = platform.processor() or platform.machine()
    print(f"machine: {machine}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(
        f"{best:,.0f} rounds/s (best of {RUNS} runs of {rounds:,} rounds, "
        f"{moves:.1f} moves a round)"
    )


if __name__ == "__main__":
    main()
