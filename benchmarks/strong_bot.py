"""The strong bisca bot against the reference AutoPlayer, on duplicate deals.

Usage: python benchmarks/strong_bot.py [--deals N]

The bot: the reference heuristic while the stock lasts, exact search after it.
Every deal is played twice, the strong bot in seat 0 then in seat 1. Prints the bot's
share of games (wins + ties / 2) and of points (its points / 120), each with a 95%
interval over deals (a deal's two games are averaged first, since they are not
independent), and the seconds a game took.
"""

from __future__ import annotations

import argparse
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

from cardlab.play.bisca_strong import StrongPlayer  # noqa: E402

Z95 = 1.96


def game(seed: int, seat: int) -> tuple[float, int]:
    """(game share, points) of the strong bot in one game."""
    order = Deck.shuffled(random.Random(seed)).cards
    strong = StrongPlayer(Deck.standard().cards, AutoPlayer("strong").choose)
    me = Player("strong")
    players = [AutoPlayer("reference")]
    players.insert(seat, me)
    board = Board(players, Deck(order), 0)
    while not board.is_over:
        player = board.to_play
        view = board.view_for(player)
        board.play(strong.choose(view) if player is me else player.choose(view))
    points = board.scores[seat]
    return (1.0 if points > 60 else 0.5 if points == 60 else 0.0), points


def interval(values: list[float]) -> str:
    """Mean and 95% normal interval."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}]"


def main() -> None:
    """Play the deals, print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    started = time.perf_counter()
    games, points = [], []
    for deal in range(args.deals):
        results = [game(10_000 + deal, seat) for seat in (0, 1)]
        games.append(statistics.fmean(r[0] for r in results))
        points.append(statistics.fmean(r[1] for r in results) / 120)
    seconds = time.perf_counter() - started
    print(f"{args.deals} duplicate deals, {seconds / (2 * args.deals):.4f} s a game")
    print(f"share of games:  {interval(games)}")
    print(f"share of points: {interval(points)}")


if __name__ == "__main__":
    sys.exit(main())
