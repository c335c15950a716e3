"""Throughput of `cardlab grade-all` on copies of the bisca solution.

Target: 100 copies of the bisca solution graded in at most 120 s on a 2-core machine
(phase 3, the heaviest phase), and throughput that grows with ``--jobs``. Writes the
solution once, copies it ``--copies`` times into a submissions folder, then runs
``cardlab grade-all bisca --phase N`` as a new process (fresh output folder, so every
copy is graded) once per ``--jobs`` value, and prints copies, jobs, seconds and
submissions per second for each run, with the machine's load average before it and the
tournament games played per submission (median and most, read from the reports): the
games do not depend on the machine's load, the wall time does. (The processor time of a
grading, judge and workers, is ``grading.py``'s: a grade-all's pool does not hand its
workers' time back to this process.)

    python benchmarks/grade_all.py [--phase 3] [--copies 100] [--jobs 1 2] [--runs 1]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cardlab(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardlab.cli", *args]


def _grade_all(phase: int, submissions: Path, output: Path, jobs: int) -> float:
    command = _cardlab("grade-all", "bisca", "--phase", str(phase), str(submissions),
                       "--jobs", str(jobs), "--output", str(output))
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def _games(output: Path) -> list[int]:
    """The tournament games of each graded submission, from its JSON report."""
    games = []
    for report in sorted((output / "reports").glob("*.json")):
        data = json.loads(report.read_text(encoding="utf-8"))
        messages = [t["message"] for p in data["parts"] for t in p["tests"]]
        found = [int(m.group(1)) for text in messages if (m := _GAMES.search(text))]
        games.append(max(found, default=0))
    return games


_GAMES = re.compile(r" of (\d+) games")


def _scores(output: Path) -> list[float]:
    with (output / "gradebook.csv").open(newline="") as file:
        return [float(row["total"]) for row in csv.DictReader(file)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phase", type=int, default=3)
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=1, help="runs per --jobs value")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as scratch:
        solution, submissions = Path(scratch) / "solution", Path(scratch) / "submissions"
        subprocess.run(_cardlab("solution", "bisca", "--output", str(solution)),
                       cwd=ROOT, check=True, capture_output=True)
        for number in range(args.copies):
            shutil.copytree(solution, submissions / f"student{number:03d}")
        print("copies  jobs  seconds  submissions/s  games a submission (median, most)  "
              "load before (1, 5, 15 min)")
        for jobs in args.jobs:
            times = []
            for run in range(args.runs):
                load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                output = Path(scratch) / f"out-{jobs}-{run}"
                seconds = _grade_all(args.phase, submissions, output, jobs)
                scores = _scores(output)
                assert len(scores) == args.copies and set(scores) == {100.0}, scores
                games = _games(output)
                times.append(seconds)
                print(f"{args.copies:6d}  {jobs:4d}  {seconds:7.1f}  "
                      f"{args.copies / seconds:13.3f}  "
                      f"{statistics.median(games):8.0f}, {max(games):4d}{'':22s}{load}",
                      flush=True)
            if args.runs > 1:
                median = statistics.median(times)
                print(f"{args.copies:6d}  {jobs:4d}  {median:7.1f}  "
                      f"{args.copies / median:13.3f}  (median of {args.runs})", flush=True)


if __name__ == "__main__":
    main()
