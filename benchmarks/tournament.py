"""Matches per second of `cardlab tournament bisca --phase 3` on copies of the reference.

Usage: python benchmarks/tournament.py [--copies C] [--deals D]
       [--jobs K | --scheduler ADDRESS | --local-cluster N]

C copies of the reference solution and the fixed entrants play a full round robin
(a fresh output folder, so every match is played). Prints entrants, matches, games,
seconds, matches/s, games/s, and the student moves per second (every student move is
one round trip through the proxy to a confined worker: 20 a game per student seat),
with the load average before the run. ``--scheduler`` plays the matches on the Dask
cluster at ADDRESS; ``--local-cluster N`` starts a local one of N worker processes (one
thread each, allowed to start processes) first, and its start is timed apart.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOVES_PER_SEAT = 20
"""Bisca's 40 cards, two players: every player plays 20 cards a game."""


def main() -> None:
    """Build the class, play the tournament once, print the figures."""
    from cardlab.batch.tournament.run import TournamentRequest, run_tournament
    from cardlab.course.project import Project
    from cardlab.course.solution import write_solution

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--deals", type=int, default=4)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int)
    where.add_argument("--scheduler", metavar="ADDRESS")
    where.add_argument("--local-cluster", type=int, metavar="N")
    args = parser.parse_args()
    jobs = args.jobs or (0 if args.scheduler or args.local_cluster else 2)
    project = Project(ROOT)
    with tempfile.TemporaryDirectory(prefix="cardlab-bench-") as scratch:
        solution = Path(scratch) / "solution"
        write_solution(project, project.spec("bisca"), solution)
        submissions = Path(scratch) / "class"
        for copy in range(args.copies):
            target = submissions / f"student{copy:03d}"
            target.mkdir(parents=True)
            for source in solution.iterdir():
                text = source.read_text(encoding="utf-8")
                # a comment per copy: different content hashes, no duplicate reported
                (target / source.name).write_text(f"{text}\n# copy {copy}\n", encoding="utf-8")
        with _scheduler(args.scheduler, args.local_cluster) as scheduler:
            request = TournamentRequest(
                "bisca",
                3,
                submissions,
                Path(scratch) / "out",
                deals=args.deals,
                jobs=jobs,
                scheduler=scheduler,
            )
            print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            started = time.perf_counter()
            report = run_tournament(project, request)
            seconds = time.perf_counter() - started
            print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    entrants = len(report.entrants)
    students = args.copies
    games = report.matches * 2 * args.deals
    student_seats = (students * (entrants - 1)) * 2 * args.deals
    print(f"entrants {entrants} ({students} students), matches {report.matches}, games {games}")
    where = f"scheduler {scheduler}" if scheduler else f"jobs {jobs}"
    print(f"{where}, deals {args.deals}: {seconds:.1f} s")
    print(
        f"{report.matches / seconds:.3f} matches/s, {games / seconds:.2f} games/s, "
        f"{student_seats * MOVES_PER_SEAT / seconds:.0f} student moves/s through the proxy"
    )


@contextlib.contextmanager
def _scheduler(address: str | None, local_workers: int | None):
    """The scheduler's address: the one given, a local cluster's, or None (local pool)."""
    if not local_workers:
        yield address
        return
    import dask
    import distributed

    started = time.perf_counter()
    with (
        dask.config.set({"distributed.worker.daemon": False}),
        distributed.LocalCluster(
            n_workers=local_workers, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
    ):
        print(f"local cluster of {local_workers} workers started in "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip
        yield cluster.scheduler_address


if __name__ == "__main__":
    sys.exit(main())
