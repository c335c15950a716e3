"""What isolating workers as root costs a grading process.

Prints the time to make the readable copy of Python's standard library (once per judge
process, where Python's files are not readable by other users), to build a private
tree with its own group, and to sweep what a worker's user left behind (once per
worker). Run as root: ``python benchmarks/isolation.py``.
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from cardlab.course.project import Project
from cardlab.judge.grading import project_job
from cardlab.worker.leftovers import sweep
from cardlab.worker.sandbox import build_tree, fresh_user, worker_interpreter

TOY = Path(__file__).resolve().parent.parent / "tests" / "toy_project"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    """Print the figures."""
    if os.geteuid() != 0:
        raise SystemExit("run as root: these costs are paid only by a judge running as root")
    started = time.perf_counter()
    interpreter = worker_interpreter()
    copy = time.perf_counter() - started
    kind = "a readable copy" if interpreter.home else "no copy needed"
    print(f"standard library for the worker ({kind}): {_ms(copy)}")
    job = project_job(Project(TOY), "toy", 1, TOY / "reference" / "toy")
    trees = []
    for _ in range(5):
        started = time.perf_counter()
        tree = build_tree(job.composition, job.codec_file)
        trees.append(time.perf_counter() - started)
        tree.remove()
    print(f"private tree with its own group: median {_ms(statistics.median(trees))}")
    sweeps = []
    for _ in range(5):
        uid = fresh_user()
        started = time.perf_counter()
        sweep(uid)
        sweeps.append(time.perf_counter() - started)
    print(f"sweep after a worker: median {_ms(statistics.median(sweeps))}")


if __name__ == "__main__":
    main()
