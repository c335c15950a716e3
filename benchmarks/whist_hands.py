"""Whist hands per second on the reference, with four BasicStrategy players.

Target: at least 3,000 hands a second on a 2-core machine. Loads the reference packages
``cards`` and ``whist`` as the judge does, seats four ``BasicPlayer``s with
``BasicStrategy``, and plays silent hands (``BasicWhist.play_hand`` with no writer): each
hand shuffles a new deck, deals 52 cards and plays 13 tricks. Prints the rate of each
run, the best and the median.

    python benchmarks/whist_hands.py [--hands 3000] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _hands_per_second(hands: int, seed: int) -> float:
    from whist.basic_player import BasicPlayer
    from whist.basic_strategy import BasicStrategy
    from whist.basic_whist import BasicWhist

    rng = random.Random(seed)
    players = [BasicPlayer(seat, BasicStrategy(rng)) for seat in range(4)]
    game = BasicWhist(players, rng, None)
    start = time.perf_counter()
    for _ in range(hands):
        game.play_hand()
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "reference"))
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    rates = [_hands_per_second(args.hands, seed) for seed in range(args.runs)]
    print(f"{args.hands} hands, four BasicStrategy players: "
          + ", ".join(f"{rate:,.0f}" for rate in rates) + " hands/s")
    print(f"best {max(rates):,.0f} hands/s, median {statistics.median(rates):,.0f} hands/s")


if __name__ == "__main__":
    main()
