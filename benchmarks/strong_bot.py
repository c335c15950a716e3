"""The strong bisca bot against the reference AutoPlayer, on duplicate deals.

Usage: python benchmarks/strong_bot.py [--deals N] [--samples S] [--jobs K]
                                        [--told nothing|hand|all] [--csv FILE]
                                        [--against FILE]

The bot (``graders/bisca/play/strong.py``): Monte Carlo search over the unseen cards
while the stock lasts, exact search once it is nearly empty.
Every deal is played twice, the strong bot in seat 0 then in seat 1. Prints the bot's
share of games (wins + ties / 2) and of points (its points / 120), each with a 95%
interval over deals (a deal's two games are averaged first, since they are not
independent), and the processor time of a move (the process's own clock, which the
other programs sharing the machine do not inflate). Every 100 deals it prints the share
of points so far, so that a long run also gives the figure of its first deals (the same
deals as a shorter run's).

``--told`` measures a bound rather than the bot: the same search *told* the other hand
(``hand``; the stock is still guessed) or the other hand and the stock's order (``all``,
a perfect-information oracle), in place of its guesses.

``--csv FILE`` also writes each deal's result to ``FILE``, one line a deal:
``deal,seat0,seat1`` (the deal's number, from 0, and the bot's points with it in seat 0
and in seat 1). Two runs on the same deals can then be compared deal by deal: the
interval of the paired difference of their shares is much narrower than that of the
difference of two shares (about ±0.010 against ±0.016 on 200 deals), since the luck of
the cards, common to both, cancels. ``--against FILE`` prints that paired difference
(this run's share of points minus that of the run written to ``FILE``, with its 95%
interval, over the deals both played).
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from bisca.auto_player import AutoPlayer  # noqa: E402
from bisca.board import Board  # noqa: E402
from bisca.deck import Deck  # noqa: E402
from bisca.player import Player  # noqa: E402

from cardlab import spreadsheet  # noqa: E402
from cardlab.course.project import Project  # noqa: E402
from cardlab.play import load_game  # noqa: E402

_STRONG = load_game(Project(ROOT), "bisca", "strong")
SAMPLES, StrongPlayer = _STRONG.SAMPLES, _STRONG.StrongPlayer

Z95 = 1.96

PROGRESS = 100
"""Deals between two progress lines (the share of points so far, on the first deals)."""


class ToldPlayer(StrongPlayer):
    """The strong bot's search, told the hidden cards instead of guessing them."""

    def __init__(self, told: str, other: Player, order: list, seed: int, samples: int) -> None:
        """Remember what to tell: the ``other`` player's hand, and the deck ``order``."""
        super().__init__(Deck.standard().cards, seed=seed, samples=samples)
        self._told, self._other, self._order = told, other, order
        self._guesses = random.Random(seed)

    def _deals(self, unseen, their_count, stock_size, shown, likelihood):
        """The true other hand, with the true stock (``all``) or random stocks (``hand``)."""
        theirs = [self._number[card] for card in self._other.hand]
        hand = sum(1 << c for c in theirs)
        if self._told == "all":
            stock = self._order[len(self._order) - stock_size :]
            return [(1, hand, tuple(self._number[card] for card in stock))]
        rest = [c for c in unseen if c not in theirs]
        deals = []
        for _ in range(self._samples):
            self._guesses.shuffle(rest)
            deals.append((1, hand, (*rest[: stock_size - 1], shown)))
        return deals


def game(seed: int, seat: int, samples: int, told: str) -> tuple[float, int, float, int]:
    """(game share, points, seconds choosing, moves chosen) of the strong bot in a game."""
    order = Deck.shuffled(random.Random(seed)).cards
    other = AutoPlayer("reference")
    if told == "nothing":
        strong = StrongPlayer(Deck.standard().cards, seed=seed, samples=samples)
    else:
        strong = ToldPlayer(told, other, list(order), seed, samples)
    me = Player("strong")
    players = [other]
    players.insert(seat, me)
    board = Board(players, Deck(order), 0)
    thinking, moves = 0.0, 0
    while not board.is_over:
        player = board.to_play
        view = board.view_for(player)
        if player is me:
            started = time.process_time()
            card = strong.choose(view)
            thinking += time.process_time() - started
            moves += 1
        else:
            card = player.choose(view)
        board.play(card)
    points = board.scores[seat]
    return (1.0 if points > 60 else 0.5 if points == 60 else 0.0), points, thinking, moves


def deal(number: int, samples: int, told: str) -> list[tuple[float, int, float, int]]:
    """Both games of a deal, the strong bot in seat 0 then in seat 1."""
    return [game(10_000 + number, seat, samples, told) for seat in (0, 1)]


def _deal(work: tuple[int, int, str]) -> list[tuple[float, int, float, int]]:
    """``deal`` of one tuple of arguments, for ``Pool.imap``."""
    return deal(*work)


def interval(values: list[float], *, signed: bool = False) -> str:
    """Mean and 95% normal interval (each with its sign when ``signed``)."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5
    form = "+.3f" if signed else ".3f"
    return f"{mean:{form}} [{mean - half:{form}}, {mean + half:{form}}]"


def write_csv(path: Path, deals: list[list[tuple[float, int, float, int]]]) -> None:
    """Write each deal's number and the bot's points in seat 0 and in seat 1 to ``path``."""
    rows = ((number, first[1], second[1]) for number, (first, second) in enumerate(deals))
    spreadsheet.write_csv(path, ("deal", "seat0", "seat1"), rows)


def paired_difference(points: list[float], path: Path) -> str:
    """This run's share of points minus that of the ``--csv`` file ``path``, deal by deal."""
    with path.open(newline="") as file:
        earlier = {
            int(row["deal"]): (int(row["seat0"]) + int(row["seat1"])) / 240
            for row in csv.DictReader(file)
        }
    differences = [share - earlier[n] for n, share in enumerate(points) if n in earlier]
    return f"{interval(differences, signed=True)} over {len(differences)} deals"


def main() -> None:
    """Play the deals, print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=SAMPLES, help="random deals a move")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing deals")
    parser.add_argument("--told", choices=("nothing", "hand", "all"), default="nothing")
    parser.add_argument("--csv", type=Path, help="write each deal's points to this file")
    parser.add_argument("--against", type=Path, help="a --csv file to compare with, deal by deal")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    started = time.perf_counter()
    deals = []
    with multiprocessing.Pool(args.jobs) as pool:
        work = ((n, args.samples, args.told) for n in range(args.deals))
        for results in pool.imap(_deal, work):
            deals.append(results)
            if len(deals) % PROGRESS == 0 and len(deals) < args.deals:
                points = [statistics.fmean(r[1] for r in both) / 120 for both in deals]
                load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                print(f"first {len(deals)} deals: points {interval(points)}, load {load}")
                sys.stdout.flush()
    seconds = time.perf_counter() - started
    if args.csv:
        write_csv(args.csv, deals)
    games = [statistics.fmean(r[0] for r in results) for results in deals]
    points = [statistics.fmean(r[1] for r in results) / 120 for results in deals]
    thinking = sum(r[2] for results in deals for r in results)
    moves = sum(r[3] for results in deals for r in results)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{args.deals} duplicate deals, {args.samples} samples a move, {args.jobs} jobs,")
    print(f"told {args.told}:")
    print(f"{seconds:.1f} s wall, {1000 * thinking / moves:.1f} ms a move (processor clock)")
    print(f"share of games:  {interval(games)}")
    print(f"share of points: {interval(points)}")
    if args.against:
        print(f"paired difference: {paired_difference(points, args.against)}")


if __name__ == "__main__":
    sys.exit(main())
