"""Wall time of a whole `cardlab grade` process on the reference solution.

Target: phase 3 of bisca (every test, the tournament included) in at most 10 s on a
2-core machine. Writes the solution to a temporary folder, runs
``cardlab grade ASSIGNMENT --phase N --submission DIR --format json`` as a new process
a few times, and prints each run's wall time, the best and the median, and the score;
then the processor time of each run (the judge and every worker it started, which is
what a loaded machine does not inflate much) and the load average before each run.

``--in-judge N`` grades the solution N more times in this process, as a judge of
``cardlab grade-all`` does when every core has a judge (imports done once, bytecode
cached, readers that sleep at once rather than poll), and prints each grading's processor
time, the judge's and its workers', after the first (which pays the imports): times a
class's size over the cores, the processor floor of a ``grade-all`` of copies.

    python benchmarks/grading.py [--assignment bisca] [--phase 3] [--runs 3] [--in-judge N]
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


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _in_judge(assignment: str, phase: int, solution: Path, runs: int) -> None:
    """Grade ``solution`` ``runs`` + 1 times in this process, as a grade-all judge does."""
    from cardlab.batch.judges import Assignment, grade_submission
    from cardlab.course.submissions import Submission
    from cardlab.judge.startup import cache_bytecode
    from cardlab.worker.wire import FrameReader

    FrameReader.spin_seconds = 0.0
    cache_bytecode()
    target = Assignment(ROOT, assignment, phase)
    judge, workers = [], []
    for run in range(runs + 1):
        load, own, children = os.getloadavg()[0], _own_cpu(), _children_cpu()
        verdict = grade_submission(target, Submission(f"run{run}", solution), 100.0)
        assert verdict.status == "graded", verdict.cause
        if run:  # the first pays the imports a judge pays once
            judge.append(_own_cpu() - own)
            workers.append(_children_cpu() - children)
            print(f"in a judge, grading {run}: judge {judge[-1]:.2f} s, workers "
                  f"{workers[-1]:.2f} s, load before {load:.2f}", flush=True)
    total = statistics.median(j + w for j, w in zip(judge, workers, strict=True))
    cores = os.cpu_count() or 1
    print(f"in a judge: median {total:.2f} processor-s a grading (judge "
          f"{statistics.median(judge):.2f} s, workers {statistics.median(workers):.2f} s); "
          f"100 copies on {cores} cores: at least {100 * total / cores:.0f} s")


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
    parser.add_argument("--in-judge", type=int, default=0, metavar="N",
                        help="then N gradings in this process, as a grade-all judge")
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
              + "; load before: " + ", ".join(f"{load:.2f}" for _, _, load in runs), flush=True)
        if args.in_judge:
            _in_judge(args.assignment, args.phase, solution, args.in_judge)


if __name__ == "__main__":
    main()
