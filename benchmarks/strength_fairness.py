"""Fairness of bisca's tournament credit: per-deal outcomes, credit odds, gradings by secret.

Usage: python benchmarks/strength_fairness.py [--measure DEALS] [--table GRADINGS]
                                               [--secret-deals K]
                                               [--secrets K] [--only NAME ...] [--jobs J]

``--measure DEALS`` plays DEALS duplicate deals (fixed seeds) in this process between the
reference AutoPlayer and each player below, and prints how each deal came out (its share:
0, 1/4, 1/2, 3/4 or 1) with the share and its spread:

- ``trump4``, ``trump2``: the reference spending a trump on a led card worth 4 or more,
  or 2 or more, instead of 3 (two players as strong as the reference within noise);
- the three phase-3 alternatives of ``graders/bisca/alternatives/`` (their AutoPlayer);
- the three players of ``benchmarks/bisca_players/`` (``ties_to_the_last``,
  ``long_suits_first``, ``trumps_before_the_end``), as strong as the reference: the
  reference's rules of thumb with ties broken, or a rule timed, in ways of their own;
- ``never-trumps``: the reference that never trumps a led card (a share near 0.36);
- ``random``: a random legal player (near 0.10).

``--table GRADINGS`` simulates GRADINGS gradings for each true share from 0.30 to 0.55,
drawing deals from a measured player's outcomes tilted (exponentially, the nearest
distribution of that mean) to the share: the near-equal ``trump2`` from 0.45 up, the
``never-trumps`` below. It prints the probability of each credit before (60 deals, the
share itself against the thresholds) and after (the spec's sequential interval), and
the games a grading plays (median, most).

``--secret-deals K`` draws K course secrets in memory (never written anywhere) and, for
each, plays the deals a grading under that secret plays (the same seeds, from
:class:`cardlab.judge.seeds.Seeds`) in this process, judged by the spec's sequential
interval: each player's credit and games per secret, as a grading would give them,
without a worker's cost.

``--secrets K`` grades, under K fresh course secrets, submissions made from the reference
solution: the two near-equal players, never-trumps, a player that crashes late in some
games, and the three alternatives and the three players of ``benchmarks/bisca_players/``
laid over the solution. Each secret gets a temporary
copy of the project (the working copy's own ``.cardlab/course-secret`` is never
touched). Prints each grading's phase score and tournament line, then a summary.
``--only`` limits the gradings to the named submissions (a grading of a player near a
threshold plays 480 games in fresh workers: minutes on a loaded machine).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import importlib.util
import json
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))
sys.path.insert(0, str(ROOT / "tests"))

from bisca.auto_player import AutoPlayer  # noqa: E402
from bisca.board import Board  # noqa: E402
from bisca.deck import Deck  # noqa: E402
from support.deal_outcomes import NEAR_EQUAL, NEVER_TRUMPS, SHARES, tilted  # noqa: E402

from cardlab.course.spec import load_spec  # noqa: E402
from cardlab.judge.confidence import measure  # noqa: E402
from cardlab.judge.seeds import Seeds  # noqa: E402

ALTERNATIVES = ("rules_with_loops", "rules_with_sorting", "strict_view_types_cached")
ALTERNATIVES_FOLDER = ROOT / "graders" / "bisca" / "alternatives"
OWN_PLAYERS = ("ties_to_the_last", "long_suits_first", "trumps_before_the_end")
OWN_PLAYERS_FOLDER = ROOT / "benchmarks" / "bisca_players"
MEASURE_SEED = 777_000
BEFORE_DEALS = 60
"""The fixed tournament before the sequential one: 60 deals, the share against thresholds."""

COPIED = ("pyproject.toml", "cardlab", "reference", "student", "specs", "graders", "docs")


def _variant(trump_worthy: int | None) -> type[AutoPlayer]:
    class Variant(AutoPlayer):
        def _worth_a_trump(self, view, led):
            if trump_worthy is None or led.suit == view.trump:
                return False
            return led.points >= trump_worthy or view.stock_size == 0

    return Variant


def _alternative(name: str, folder: Path = ALTERNATIVES_FOLDER) -> type[AutoPlayer]:
    path = folder / name / "auto_player.py"
    spec = importlib.util.spec_from_file_location(f"bisca._alternative_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "bisca"
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.AutoPlayer


class RandomPlayer(AutoPlayer):
    """Any card of the hand, seeded by the player's name."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self._rng = random.Random(name)

    def choose(self, view):
        return self._rng.choice(list(view.hand))


def players() -> dict[str, type[AutoPlayer]]:
    return {
        "trump4": _variant(4),
        "trump2": _variant(2),
        **{name: _alternative(name) for name in ALTERNATIVES},
        **{name: _alternative(name, OWN_PLAYERS_FOLDER) for name in OWN_PLAYERS},
        "never-trumps": _variant(None),
        "random": RandomPlayer,
    }


def _game(order, player: type[AutoPlayer], seat: int, deal: int) -> float:
    me = player(f"measured {deal} {seat}")
    seated = [AutoPlayer("reference")]
    seated.insert(seat, me)
    board = Board(seated, Deck(order), 0)
    while not board.is_over:
        to_play = board.to_play
        board.play(to_play.choose(board.view_for(to_play)))
    winner = board.winner()
    return 0.5 if winner is None else float(winner is me)


def outcomes(player: type[AutoPlayer], deals: int) -> list[float]:
    """Each deal's share for ``player``, its two games averaged."""
    result = []
    for deal in range(deals):
        order = Deck.shuffled(random.Random(MEASURE_SEED + deal)).cards
        result.append(sum(_game(order, player, seat, deal) for seat in (0, 1)) / 2)
    return result


def counts_of(values: list[float]) -> list[int]:
    tally = collections.Counter(values)
    return [tally[share] for share in SHARES]


MEASURED = {"trump2": NEAR_EQUAL, "never-trumps": NEVER_TRUMPS}
"""Outcome counts of ``--measure 2000`` (never-trumps: 1,000 deals), kept for ``--table``."""


def credit_table(gradings: int) -> None:
    tournament = load_spec(ROOT / "specs" / "bisca.toml").phase(3).tournament
    assert tournament is not None
    levels = sorted(tournament.thresholds, key=lambda t: -t.level)
    credits = [t.credit for t in levels] + [0.0]
    rng = random.Random(1)
    print(f"{gradings} simulated gradings a share; credit: probability before | after")
    header = " | ".join(f"{c:.2f}" for c in credits)
    print(f"share  base          before: {header}  |  after: {header}  | games med, max")
    for share in (0.30, 0.35, 0.40, 0.45, 0.50, 0.55):
        base = "trump2" if share >= 0.45 else "never-trumps"
        probabilities = tilted(MEASURED[base], share)
        before: collections.Counter[float] = collections.Counter()
        after: collections.Counter[float] = collections.Counter()
        games = []
        for _ in range(gradings):
            draws = rng.choices(SHARES, probabilities, k=tournament.most_deals)
            point = statistics.fmean(draws[:BEFORE_DEALS])
            before[max((t.credit for t in levels if point >= t.level), default=0.0)] += 1
            verdict = measure(tournament, lambda n, d=draws: d[n - 1], (0.0, 1.0))
            after[verdict.credit] += 1
            games.append(2 * verdict.measured.deals)
        row_before = " | ".join(f"{before[c] / gradings:.3f}" for c in credits)
        row_after = " | ".join(f"{after[c] / gradings:.3f}" for c in credits)
        print(
            f"{share:.2f}   {base:12s}  {row_before}  |  {row_after}  | "
            f"{statistics.median(games):.0f}, {max(games)}",
            flush=True,
        )


def by_secret_deals(count: int) -> None:
    tournament = load_spec(ROOT / "specs" / "bisca.toml").phase(3).tournament
    assert tournament is not None
    print(f"{count} course secrets drawn in memory; credit (games) per secret")
    for name, player in players().items():
        credits, games = [], []
        for _ in range(count):
            seeds = Seeds(secrets.token_bytes(32))

            def play_deal(deal: int, seeds: Seeds = seeds, player=player) -> float:
                rng = random.Random(seeds.seed("tournament", tournament.seed, deal))
                order = Deck.shuffled(rng).cards
                return sum(_game(order, player, seat, deal) for seat in (1, 0)) / 2

            verdict = measure(tournament, play_deal, (0.0, 1.0))
            credits.append(verdict.credit)
            games.append(2 * verdict.measured.deals)
        tally = dict(sorted(collections.Counter(credits).items(), reverse=True))
        print(
            f"{name:25s} credits {tally}  games median {statistics.median(games):.0f}, "
            f"most {max(games)}",
            flush=True,
        )


def _cardlab(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardlab.cli", *args]


def _submissions(scratch: Path) -> dict[str, Path]:
    """The graded submissions, made from the reference solution."""
    solution = scratch / "solution"
    subprocess.run(
        _cardlab("solution", "bisca", "--output", str(solution)),
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    made = {}
    source = (solution / "auto_player.py").read_text(encoding="utf-8")
    edits = {
        "trump4": ("TRUMP_WORTHY_POINTS = 3\n", "TRUMP_WORTHY_POINTS = 4\n"),
        "trump2": ("TRUMP_WORTHY_POINTS = 3\n", "TRUMP_WORTHY_POINTS = 2\n"),
        "never-trumps": (
            "        if led.suit == view.trump:\n            return False\n",
            "        return False\n",
        ),
        "crashes-late": (
            "        if view.is_leading:\n",
            "        if view.stock_size == 0 and len(view.hand) == 1 and view.is_leading:\n"
            '            raise RuntimeError("last card")\n'
            "        if view.is_leading:\n",
        ),
    }
    for name, (old, new) in edits.items():
        assert old in source, name
        folder = scratch / name
        shutil.copytree(solution, folder)
        (folder / "auto_player.py").write_text(source.replace(old, new, 1), encoding="utf-8")
        made[name] = folder
    laid = [(name, ALTERNATIVES_FOLDER) for name in ALTERNATIVES]
    laid += [(name, OWN_PLAYERS_FOLDER) for name in OWN_PLAYERS]
    for name, home in laid:
        folder = scratch / name
        shutil.copytree(solution, folder)
        for module in (home / name).glob("*.py"):
            shutil.copy(module, folder / module.name)
        made[name] = folder
    return made


def _project_copy(scratch: Path, number: int) -> Path:
    """A copy of the project with a fresh course secret of its own."""
    copy = scratch / f"project-{number}"
    copy.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, copy / name)
    return copy  # cardlab makes .cardlab/course-secret on the first grading


@dataclass(frozen=True)
class Graded:
    secret: int
    name: str
    score: float
    tournament: float
    line: str


def _grade(project: Path, secret: int, name: str, folder: Path, out: Path) -> Graded:
    report = out / f"{secret}-{name}.json"
    subprocess.run(
        _cardlab(
            "grade",
            "bisca",
            "--phase",
            "3",
            "--submission",
            str(folder),
            "--format",
            "json",
            "--output",
            str(report),
            "--project",
            str(project),
        ),
        cwd=project,
        check=True,
        capture_output=True,
    )
    data = json.loads(report.read_text(encoding="utf-8"))
    (part,) = [p for p in data["parts"] if p["id"] == "tournament"]
    (test,) = [t for t in part["tests"] if t["id"].endswith("::test_tournament")]
    return Graded(secret, name, data["score"], part["score"], test["message"].split("\n")[0])


def by_secrets(count: int, jobs: int, only: list[str] | None) -> None:
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        submissions = {
            name: folder
            for name, folder in _submissions(scratch).items()
            if only is None or name in only
        }
        projects = [_project_copy(scratch, n) for n in range(count)]
        out = scratch / "reports"
        out.mkdir()
        work = [(p, n, name, f) for n, p in enumerate(projects) for name, f in submissions.items()]
        results: list[Graded] = []
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for graded in pool.map(lambda w: _grade(*w, out), work):
                results.append(graded)
                print(
                    f"secret {graded.secret}  {graded.name:25s} {graded.score:6.2f}  "
                    f"tournament {graded.tournament:5.2f}  {graded.line}",
                    flush=True,
                )
        secrets_seen = {p.read_text().strip() for p in scratch.glob("project-*/.cardlab/*")}
        print(f"\n{len(secrets_seen)} different course secrets")
        for name in submissions:
            mine = [g for g in results if g.name == name]
            scores = collections.Counter(g.score for g in mine)
            tournament = collections.Counter(g.tournament for g in mine)
            print(
                f"{name:25s} phase scores {dict(sorted(scores.items()))}  "
                f"tournament {dict(sorted(tournament.items()))}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", type=int, metavar="DEALS")
    parser.add_argument("--table", type=int, metavar="GRADINGS")
    parser.add_argument("--secret-deals", type=int, metavar="K")
    parser.add_argument("--secrets", type=int, metavar="K")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="submissions (--secrets)")
    parser.add_argument("--jobs", type=int, default=2, help="gradings at once (--secrets)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.measure:
        print(f"{args.measure} duplicate deals; outcome counts of a deal's share {SHARES}")
        for name, player in players().items():
            values = outcomes(player, args.measure)
            print(
                f"{name:25s} share {statistics.fmean(values):.4f}  "
                f"spread {statistics.stdev(values):.4f}  counts {counts_of(values)}",
                flush=True,
            )
    if args.table:
        credit_table(args.table)
    if args.secret_deals:
        by_secret_deals(args.secret_deals)
    if args.secrets:
        by_secrets(args.secrets, args.jobs, args.only)


if __name__ == "__main__":
    main()
