"""Whist hands per second on the reference, with four BasicStrategy players.

Target: at least 3,000 hands a second on a 2-core machine. Loads the reference packages
``cards`` and ``whist`` as the judge does, seats four ``BasicPlayer``s with
``BasicStrategy``, and plays silent hands (``BasicWhist.play_hand`` with no writer): each
hand shuffles a new deck, deals 52 cards and plays 13 tricks. Prints the rate of each
run, the best and the median, by the wall clock and by this process's processor time
(``time.process_time``), which other processes loading the machine do not inflate.

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


def _hands_per_second(hands: int, seed: int) -> tuple[float, float]:
    """Hands per second of wall time and of processor time."""
    from whist.basic_player import BasicPlayer
    from whist.basic_strategy import BasicStrategy
    from whist.basic_whist import BasicWhist

    rng = random.Random(seed)
    players = [BasicPlayer(seat, BasicStrategy(rng)) for seat in range(4)]
    game = BasicWhist(players, rng, None)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(hands):
        game.play_hand()
    return hands / (time.perf_counter() - start), hands / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "reference"))
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    runs = [_hands_per_second(args.hands, seed) for seed in range(args.runs)]
    for label, rates in (("wall", [w for w, _ in runs]), ("processor", [c for _, c in runs])):
        print(f"{args.hands} hands, four BasicStrategy players, {label} time: "
              + ", ".join(f"{rate:,.0f}" for rate in rates) + " hands/s; "
              f"best {max(rates):,.0f}, median {statistics.median(rates):,.0f}")


if __name__ == "__main__":
    main()
