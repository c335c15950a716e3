"""Games per second of the bisca reference, beside its peer on PyPI, in one process.

Usage: python benchmarks/engine.py [--games N]

Two AutoPlayers (target: at least 5,000 complete games per second), then two players
that always play the first card of their hand, on the reference and on ``libbisca``
(installed here only, into a temporary folder; skipped with the reason when it will not
install). Each run plays seeds 0 to N-1, each a seeded deck; the three kinds of run
alternate, three times, and the best run of each is printed, since other processes may
share the CPU; games per second of CPU time are printed too, as they depend less on
the load.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference"))

from bisca.auto_player import AutoPlayer  # noqa: E402
from bisca.board import Board  # noqa: E402
from bisca.deck import Deck  # noqa: E402
from bisca.player import Player  # noqa: E402

RUNS = 3


def play_game(seed: int) -> None:
    """Play one seeded game between two AutoPlayers to the end."""
    deck = Deck.shuffled(random.Random(seed))
    board = Board([AutoPlayer("A"), AutoPlayer("B")], deck, first=seed % 2)
    while not board.is_over:
        player = board.to_play
        board.play(player.choose(board.view_for(player)))


def play_first_card_game(seed: int) -> None:
    """Play one seeded game on the reference, each player playing its hand's first card."""
    deck = Deck.shuffled(random.Random(seed))
    board = Board([Player("A"), Player("B")], deck, first=seed % 2)
    while not board.is_over:
        board.play(board.to_play.hand[0])


def load_libbisca(folder: str) -> Callable[[int], None] | str:
    """The peer's first-card game, after installing ``libbisca`` into ``folder``.

    Returns:
        A function playing one seeded game, or the reason the peer is skipped.
    """
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", folder,
         "libbisca==0.1.2"],
        capture_output=True,
        text=True,
        check=False,
    )
    if install.returncode != 0:
        lines = (install.stderr or install.stdout).strip().splitlines() or ["pip failed"]
        return f"libbisca would not install: {lines[-1]}"
    sys.path.insert(0, folder)
    from libbisca import Player as Seat
    from libbisca import State, get_deck

    def play(seed: int) -> None:
        stock = random.Random(seed).sample(get_deck(shuffle=False), 40)  # a seeded deck
        state = State(hand_size=3, turn=list(Seat)[seed % 2], stock=stock)
        while not state.is_endgame():
            state.play(state.legal_moves[0])

    return play


def games_per_second(play: Callable[[int], None], games: int) -> tuple[float, float]:
    """Play ``games`` games: how many a second of wall time, and a second of CPU time."""
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        play(seed)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu_start)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per run")
    games = parser.parse_args().games
    with tempfile.TemporaryDirectory(prefix="cardlab-peer-") as folder:
        peer = load_libbisca(folder)
        kinds = {
            "reference, two AutoPlayers": play_game,
            "reference, first-card players": play_first_card_game,
        }
        if callable(peer):
            kinds["libbisca 0.1.2, first-card players"] = peer
        best = dict.fromkeys(kinds, (0.0, 0.0))
        for _ in range(RUNS):
            for name, play in kinds.items():
                wall, cpu = games_per_second(play, games)
                best[name] = (max(best[name][0], wall), max(best[name][1], cpu))
    machine = platform.processor() or platform.machine()
    print(f"machine: {machine}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"best of {RUNS} interleaved runs of {games:,} games each")
    for name, (wall, cpu) in best.items():
        print(f"{name:<36} {wall:9,.0f} games/s  {cpu:9,.0f} games per CPU second")
    if not callable(peer):
        print(f"libbisca: skipped ({peer})")


if __name__ == "__main__":
    main()
