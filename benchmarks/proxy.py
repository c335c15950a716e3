"""Round trip of one proxy call, judge to worker and back (target: median <= 50 us).

Starts a worker on the bisca reference, creates a Player there, and times calls of
``player.points`` (an attribute read returning an int) and ``card.beats`` on a card
value (arguments and result cross as canonical data). Prints median and 90th
percentile in microseconds.

    python benchmarks/proxy.py [--calls N]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from pathlib import Path

from cardlab.judge.proxy import Student
from cardlab.worker.codec import Value, load_codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[1]


def _time_calls(call, count: int) -> list[float]:
    for _ in range(200):  # warm up: imports, caches
        call()
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return samples


def _report(name: str, samples: list[float]) -> None:
    micro = sorted(s * 1e6 for s in samples)
    p90 = micro[int(len(micro) * 0.9)]
    print(f"{name:<36} median {statistics.median(micro):7.1f} us   p90 {p90:7.1f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000)
    args = parser.parse_args()
    reference = ROOT / "reference" / "bisca"
    codec_file = ROOT / "graders" / "bisca" / "codec.py"
    composition = compose("bisca", reference, reference, ())
    student = Student(WorkerSetup(composition, codec_file, 65536), 5.0, load_codec(codec_file))
    student.begin("benchmark")
    player = student.player.Player("Ann")
    queen, seven = Value("Card", "QS"), Value("Card", "7S")
    hearts = Value("Suit", "HEARTS", is_enum=True)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {args.calls} calls each")
    _report("player.points (attribute, int)", _time_calls(lambda: player.points, args.calls))
    _report(
        "card.beats(led, trump) (values)",
        _time_calls(lambda: student.method(seven, "beats", queen, hearts), args.calls),
    )
    student.close()


if __name__ == "__main__":
    main()
