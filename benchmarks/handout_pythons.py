"""What handouts for every Python cost: the build, and a student's check on each worker.

Builds a bisca handout (``--phase``, default 2) with the running interpreter only and
with every CPython 3.11+ found here, ``--runs`` times each (the cardlab wheel built once
beforehand), then fills the handout with the reference and times ``run(handout_job())``
(what ``cardlab check`` does) on the confined Linux worker and on the portable one
(``CARDLAB_PORTABLE=1``).

    python benchmarks/handout_pythons.py [--phase 2] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardlab.course.framework_wheel import build_framework_wheel
from cardlab.course.handout import build_handout
from cardlab.course.project import Project
from cardlab.course.pythons import find_interpreters
from cardlab.judge.grading import handout_job, run
from cardlab.worker.portable import SETTING

ROOT = Path(__file__).resolve().parents[1]


def _builds(
    project: Project, phase: int, runs: int, pythons: tuple, scratch: Path, wheel: Path
) -> list[float]:
    times = []
    for _ in range(runs):
        folder = Path(tempfile.mkdtemp(dir=scratch)) / "handout"
        start = time.perf_counter()
        build_handout(project, project.spec("bisca"), phase, folder, wheel=wheel, pythons=pythons)
        times.append(time.perf_counter() - start)
    return times


def _checks(folder: Path, runs: int, portable: bool) -> tuple[list[float], float]:
    times, score = [], 0.0
    for _ in range(runs):
        if portable:
            os.environ[SETTING] = "1"
        else:
            os.environ.pop(SETTING, None)
        start = time.perf_counter()
        report = run(handout_job(folder))
        times.append(time.perf_counter() - start)
        score = report.score
    os.environ.pop(SETTING, None)
    return times, score


def main() -> None:
    """Print build and check times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phase", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    project = Project(ROOT)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        wheel = build_framework_wheel(ROOT, scratch)
        found = find_interpreters()
        versions = ", ".join(i.name for i in found)
        for label, pythons in (("this Python", (Path(sys.executable),)), (versions, ())):
            times = _builds(project, args.phase, args.runs, pythons, scratch, wheel)
            print(
                f"build, {label}: {statistics.median(times):.2f} s median, {min(times):.2f} s best"
            )
        folder = scratch / "solved"
        build_handout(project, project.spec("bisca"), args.phase, folder, wheel=wheel)
        spec = project.spec("bisca")
        for module in spec.student_modules(args.phase):
            shutil.copyfile(
                project.reference_dir("bisca") / f"{module}.py", folder / "bisca" / f"{module}.py"
            )
        for label, portable in (("confined (Linux)", False), ("portable", True)):
            times, score = _checks(folder, args.runs, portable)
            print(
                f"check, {label}: {statistics.median(times):.2f} s median, "
                f"{min(times):.2f} s best, score {score:g}"
            )


if __name__ == "__main__":
    main()
