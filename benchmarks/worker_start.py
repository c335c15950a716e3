"""What a fresh worker per tournament game costs: restart, then the first call.

Every tournament game runs in a new worker, so that no game learns from another.
Measures, on bisca phase 3 with the reference solution, the wall time from
``Student.restart()`` to the answer of the game's first call (making the AutoPlayer),
``--games`` times: once with the next worker
launched while a game is played (the spare, as the tournament does, with ``--game-ms``
of judge work standing in for a game), once with the worker started only when needed.
Each line also gives the processor time a game's worker costs, the judge's and every
worker's (the zygote's children included) divided by the games: what a loaded machine
does not inflate, and what a spare cannot hide.

    python benchmarks/worker_start.py [--games 20] [--game-ms 200]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import time
from pathlib import Path

from cardlab.course.project import Project
from cardlab.judge.grading import project_job
from cardlab.judge.proxy import Student
from cardlab.worker.codec import load_codec
from cardlab.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[1]


def _restarts(student: Student, games: int, game_seconds: float, spare: bool) -> list[float]:
    times = []
    for _ in range(games):
        time.sleep(game_seconds)  # the game the spare starts beside
        start = time.perf_counter()
        student.restart(spare=spare)
        student.pkg.auto_player.AutoPlayer("Student")
        times.append(time.perf_counter() - start)
    return times


def _processor_seconds() -> float:
    """The processor time of this process and of every child it has waited for."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game-ms", type=float, default=200.0)
    options = parser.parse_args()
    project = Project(ROOT)
    job = project_job(project, "bisca", 3, project.reference_dir("bisca"))
    setup = WorkerSetup(job.composition, job.codec_file, job.spec.limits.output_bytes)
    print(f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    for spare in (True, False):
        student = Student(setup, 10.0, load_codec(job.codec_file))
        student.session.begin("benchmark")
        student.pkg.auto_player.AutoPlayer("Student")
        cpu = _processor_seconds()
        try:
            times = _restarts(student, options.games, options.game_ms / 1000, spare)
        finally:
            student.session.close()  # reaps the zygote, whose children's time then counts
        cpu = (_processor_seconds() - cpu) / options.games
        label = "with a spare" if spare else "started when needed"
        print(f"restart + first call, {label}: median {statistics.median(times) * 1000:.1f} ms, "
              f"best {min(times) * 1000:.1f} ms, processor {cpu * 1000:.1f} ms a game "
              f"({options.games} games, load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
