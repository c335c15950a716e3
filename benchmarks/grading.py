"""Wall time of a whole `cardlab grade` process on the reference solution.

Target: phase 3 of bisca (every test, the tournament included) in at most 10 s on a
2-core machine. Writes the solution to a temporary folder, runs
``cardlab grade ASSIGNMENT --phase N --submission DIR --format json`` as a new process
a few times, and prints each run's wall time, the best and the median, and the score;
then the processor time of each run (the judge and every worker it started, which is
what a loaded machine does not inflate) and the load average before each run.

    python benchmarks/grading.py [--assignment bisca] [--phase 3] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _grade_once(
    assignment: str, phase: int, submission: Path, report: Path
) -> tuple[float, float, float]:
    """Wall seconds, processor seconds and the load average before one run."""
    command = [
        sys.executable, "-m", "cardlab.cli", "grade", assignment, "--phase", str(phase),
        "--submission", str(submission), "--format", "json", "--output", str(report),
    ]
    load, cpu, start = os.getloadavg()[0], _children_cpu(), time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start, _children_cpu() - cpu, load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", default="bisca")
    parser.add_argument("--phase", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as scratch:
        solution, report = Path(scratch) / "solution", Path(scratch) / "report.json"
        subprocess.run(
            [sys.executable, "-m", "cardlab.cli", "solution", args.assignment,
             "--output", str(solution)],
            cwd=ROOT, check=True, capture_output=True,
        )
        runs = [
            _grade_once(args.assignment, args.phase, solution, report) for _ in range(args.runs)
        ]
        times = [wall for wall, _, _ in runs]
        data = json.loads(report.read_text())
    tests = sum(len(part["tests"]) for part in data["parts"])
    print(f"cardlab grade {args.assignment} --phase {args.phase} (solution, {tests} tests): "
          + ", ".join(f"{t:.2f} s" for t in times))
    print(f"best {min(times):.2f} s, median {statistics.median(times):.2f} s, "
          f"score {data['score']:g} / {data['max_score']:g}")
    print("processor time: " + ", ".join(f"{cpu:.2f} s" for _, cpu, _ in runs)
          + "; load before: " + ", ".join(f"{load:.2f}" for _, _, load in runs))


if __name__ == "__main__":
    main()
