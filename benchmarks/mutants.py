"""Grader strength and its cost: `cardlab mutants` on every phase of bisca and cardgame.

Prints, per phase: mutants made, killed, survived, reviewed equivalents, the kill rate
and the wall time of the whole run, with the load average before it. Each run is a fresh
`cardlab mutants` process writing into a temporary folder.

    python benchmarks/mutants.py [--jobs 2] [--only bisca:3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PHASES = [("bisca", 1), ("bisca", 2), ("bisca", 3), ("cardgame", 1)]


def measure(assignment: str, phase: int, jobs: int) -> str:
    """One run of `cardlab mutants`, as a line of figures."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        subprocess.run(
            [
                *("cardlab", "mutants", assignment, "--phase", str(phase)),
                *("--jobs", str(jobs), "--output", folder),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        seconds = time.perf_counter() - started
        data = json.loads((Path(folder) / "mutants.json").read_text(encoding="utf-8"))
    overall = data["rates"][-1]
    survived = overall["mutants"] - overall["killed"] - overall["equivalent"]
    return (
        f"{assignment} phase {phase}: {overall['mutants']} mutants, {overall['killed']} killed, "
        f"{survived} survived, {overall['equivalent']} equivalent, "
        f"kill rate {100 * overall['rate']:.1f}%, {seconds:.0f} s with {jobs} jobs "
        f"(load before: {load})"
    )


def main() -> int:
    """Measure every phase (or the ones named) and print a line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", metavar="ASSIGNMENT:PHASE")
    args = parser.parse_args()
    phases = PHASES
    if args.only:
        phases = [(a, int(n)) for a, n in (item.split(":") for item in args.only)]
    for assignment, phase in phases:
        print(measure(assignment, phase, args.jobs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
