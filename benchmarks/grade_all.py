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

``--mixed N`` grades a class of N mixed phase-3 players instead of copies, so that the
time saved by sequential deals is not only the reference's: a random player (any card of
its hand), the strong bot of ``graders/bisca/play/`` (its search and inference in one
``auto_player.py``), each of ``graders/bisca/alternatives/`` laid over the solution, and
copies of the solution for the rest. It prints the games a submission (median, most)
overall and by kind of player, and each kind's phase scores.

    python benchmarks/grade_all.py [--phase 3] [--copies 100] [--jobs 1 2] [--runs 1]
    python benchmarks/grade_all.py --mixed 30 [--jobs 2]
"""

from __future__ import annotations

import argparse
import collections
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


def _gradebook(output: Path) -> dict[str, tuple[float, str]]:
    """Each student's total and status, from the gradebook."""
    with (output / "gradebook.csv").open(newline="") as file:
        return {row["student_id"]: (float(row["total"]), row["status"])
                for row in csv.DictReader(file)}


RANDOM_PLAYER = '''"""A bisca player that plays any card of its hand."""

import random

from .player import Player


class AutoPlayer(Player):
    def choose(self, view):
        if not view.hand:
            raise ValueError(f"{self.name} has no card to play")
        return random.choice(list(view.hand))
'''

STRONG_ADAPTER = '''

from .deck import Deck
from .player import Player


class AutoPlayer(Player):
    """The strong bot as an AutoPlayer: one search per player object (a game)."""

    def __init__(self, name):
        super().__init__(name)
        self._bot = StrongPlayer(Deck.standard().cards)

    def choose(self, view):
        if not view.hand:
            raise ValueError(f"{self.name} has no card to play")
        return self._bot.choose(view)
'''


def _strong_bot_source() -> str:
    """The strong bot's modules as one ``auto_player.py`` (a submission is its own files)."""
    play = ROOT / "graders" / "bisca" / "play"
    future = "from __future__ import annotations\n"
    texts = [
        (play / name).read_text(encoding="utf-8")
        .replace(future, "")
        .replace("from .inference import HandBelief, bits\n", "")
        for name in ("inference.py", "strong.py")
    ]
    return future + "\n".join(texts) + STRONG_ADAPTER


def _mixed_class(solution: Path, submissions: Path, size: int) -> dict[str, str]:
    """Lay out a class of ``size`` mixed players; return each student's kind of player."""
    alternatives = sorted(p for p in (ROOT / "graders" / "bisca" / "alternatives").iterdir()
                          if p.is_dir())
    others = ["random", "strong-bot", *(f"alternative {p.name}" for p in alternatives)]
    if size <= len(others):
        raise SystemExit(f"--mixed: a class of at least {len(others) + 1} (a copy of the solution)")
    kinds = others + ["reference"] * (size - len(others))
    by_student = {}
    for number, kind in enumerate(kinds):
        student = f"student{number:03d}"
        folder = submissions / student
        shutil.copytree(solution, folder)
        if kind == "random":
            (folder / "auto_player.py").write_text(RANDOM_PLAYER, encoding="utf-8")
        elif kind == "strong-bot":
            (folder / "auto_player.py").write_text(_strong_bot_source(), encoding="utf-8")
        elif kind.startswith("alternative "):
            for module in (ROOT / "graders" / "bisca" / "alternatives" / kind.split()[1]).glob(
                "*.py"
            ):
                shutil.copy(module, folder / module.name)
        by_student[student] = kind
    return by_student


def _games_by_student(output: Path) -> dict[str, int]:
    """The tournament games of each graded submission, by student id."""
    return dict(zip(sorted(p.stem for p in (output / "reports").glob("*.json")),
                    _games(output), strict=True))


def _run_mixed(args: argparse.Namespace, solution: Path, scratch: Path) -> None:
    submissions = scratch / "mixed"
    kinds = _mixed_class(solution, submissions, args.mixed)
    print(f"a mixed class of {len(kinds)}: " + ", ".join(
        f"{kind} x{count}" for kind, count in collections.Counter(kinds.values()).items()))
    for jobs in args.jobs:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        output = scratch / f"mixed-out-{jobs}"
        seconds = _grade_all(args.phase, submissions, output, jobs)
        book, games = _gradebook(output), _games_by_student(output)
        assert {status for _, status in book.values()} == {"graded"}, book
        print(f"{len(kinds)} submissions, jobs {jobs}: {seconds:.1f} s, "
              f"{len(kinds) / seconds:.3f} submissions/s, games a submission median "
              f"{statistics.median(games.values()):.0f}, most {max(games.values())}; "
              f"load before {load}", flush=True)
        for kind in dict.fromkeys(kinds.values()):
            mine = [student for student, k in kinds.items() if k == kind]
            scores = sorted({book[student][0] for student in mine})
            played = sorted(games[student] for student in mine)
            print(f"  {kind:45s} games {played[0]}-{played[-1]}  "
                  f"scores {', '.join(f'{score:g}' for score in scores)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phase", type=int, default=3)
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--runs", type=int, default=1, help="runs per --jobs value")
    parser.add_argument("--mixed", type=int, metavar="N",
                        help="a class of N mixed players instead of copies (phase 3)")
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as scratch:
        solution, submissions = Path(scratch) / "solution", Path(scratch) / "submissions"
        subprocess.run(_cardlab("solution", "bisca", "--output", str(solution)),
                       cwd=ROOT, check=True, capture_output=True)
        if args.mixed:
            _run_mixed(args, solution, Path(scratch))
            return
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
