"""Ratings with intervals, the crosstable and the forfeits: the tournament's outputs.

Ratings are Bradley–Terry strengths fitted by ``choix`` (a tie counts as one win each
way), on the natural-log scale and anchored so that the reference AutoPlayer is 0: an
entrant rated ``r`` above another is expected to win a share ``1 / (1 + exp(-r))`` of
their games. Each interval is the 2.5th to 97.5th percentile of the ratings refitted
on games resampled with replacement (a bootstrap), so two entrants whose intervals
overlap much are not told apart by this many games.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ...errors import CardlabError
from ...spreadsheet import fixed, write_csv
from ..plotting import headless_pyplot

ANCHOR = "reference-autoplayer"
BOOTSTRAP_SAMPLES = 200
_ALPHA = 0.01
"""choix's regularisation: keeps an entrant that lost every game at a finite rating."""
LEADERBOARD, CROSSTABLE, FORFEITS, EXCLUDED, PLOT = (
    "leaderboard.csv",
    "crosstable.csv",
    "forfeits.csv",
    "excluded.csv",
    "ratings.png",
)

ForfeitRow = tuple[str, str, int, int, str, str]
"""One line of ``forfeits.csv``: entrant, opponent, deal, the entrant's seat, cause, detail."""


@dataclass(frozen=True)
class Result:
    """One game's result between two entrants: ``score`` is the first's (1, 0.5, 0)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class Standing:
    """One line of the leaderboard."""

    entrant: str
    kind: str
    rating: float
    low: float
    high: float
    wins: int
    ties: int
    losses: int
    forfeits: int

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.ties + self.losses

    @property
    def share(self) -> float:
        """(wins + ties / 2) / games."""
        return (self.wins + self.ties / 2) / self.games if self.games else 0.0


def _comparisons(results: list[Result], index: dict[str, int]) -> list[tuple[int, int]]:
    pairs = []
    for result in results:
        a, b = index[result.first], index[result.second]
        if result.score >= 0.5:
            pairs.append((a, b))
        if result.score <= 0.5:
            pairs.append((b, a))
    return pairs


def fit(
    names: list[str], results: list[Result], seed: int
) -> dict[str, tuple[float, float, float]]:
    """Each entrant's rating and its bootstrap interval: name -> (rating, low, high).

    Raises:
        CardlabError: When ``choix`` (the ``tournament`` extra) is not installed.
    """
    try:
        import choix
        import numpy
    except ImportError:
        raise CardlabError(
            'tournament ratings need choix: pip install "cardlab[tournament]"'
        ) from None
    index = {name: i for i, name in enumerate(names)}
    anchor = index.get(ANCHOR, 0)

    def ratings(sample: list[Result]) -> numpy.ndarray:
        params = choix.ilsr_pairwise(len(names), _comparisons(sample, index), alpha=_ALPHA)
        return params - params[anchor]

    point = ratings(results)
    rng = numpy.random.default_rng(seed)
    draws = [
        ratings([results[i] for i in rng.integers(0, len(results), len(results))])
        for _ in range(BOOTSTRAP_SAMPLES if results else 0)
    ]
    if draws:
        low, high = numpy.percentile(numpy.array(draws), [2.5, 97.5], axis=0)
    else:
        low = high = point
    return {name: (float(point[i]), float(low[i]), float(high[i])) for name, i in index.items()}


def standings(
    kinds: dict[str, str],
    results: list[Result],
    forfeits: list[ForfeitRow],
    seed: int,
) -> list[Standing]:
    """The leaderboard, best rating first."""
    names = list(kinds)
    fitted = fit(names, results, seed)
    tally = {name: [0, 0, 0] for name in names}
    for result in results:
        for name, score in ((result.first, result.score), (result.second, 1 - result.score)):
            tally[name][0 if score == 1 else 1 if score == 0.5 else 2] += 1
    lost: defaultdict[str, int] = defaultdict(int)
    for row in forfeits:
        lost[row[0]] += 1
    table = []
    for name in names:
        wins, ties, losses = tally[name]
        table.append(Standing(name, kinds[name], *fitted[name], wins, ties, losses, lost[name]))
    return sorted(table, key=lambda s: (-s.rating, s.entrant))


def write_outputs(
    output: Path,
    table: list[Standing],
    results: list[Result],
    forfeits: list[ForfeitRow],
    excluded: list[tuple[str, str]],
) -> None:
    """Write the leaderboard, crosstable, forfeits and excluded entrants as CSV files."""
    header = ["rank", "entrant", "kind", "rating", "low", "high", "games"]
    header += ["wins", "ties", "losses", "share", "forfeits"]
    write_csv(
        output / LEADERBOARD,
        header,
        (
            [
                rank,
                s.entrant,
                s.kind,
                fixed(s.rating, 3),
                fixed(s.low, 3),
                fixed(s.high, 3),
                s.games,
                s.wins,
                s.ties,
                s.losses,
                fixed(s.share, 3),
                s.forfeits,
            ]
            for rank, s in enumerate(table, 1)
        ),
    )
    names = [s.entrant for s in table]
    points: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in results:
        points[r.first, r.second].append(r.score)
        points[r.second, r.first].append(1 - r.score)
    crosstable = (
        [
            row,
            *(
                fixed(sum(points[row, col]) / len(points[row, col]), 3) if points[row, col] else ""
                for col in names
            ),
        ]
        for row in names
    )
    write_csv(output / CROSSTABLE, ["entrant (row's share against column)", *names], crosstable)
    write_csv(
        output / FORFEITS,
        ["entrant", "opponent", "deal", "entrant_seat", "cause", "detail"],
        sorted(forfeits),
    )
    write_csv(output / EXCLUDED, ["entrant", "why it was left out"], excluded)


def write_plot(path: Path, table: list[Standing], title: str) -> None:
    """Draw each rating with its interval into a PNG file.

    Raises:
        CardlabError: When matplotlib (the ``plots`` extra) is not installed.
    """
    pyplot = headless_pyplot(f"the plot {path.name}", "; every CSV file was written")
    shown = table[::-1]
    figure, axes = pyplot.subplots(figsize=(7, 1.5 + 0.3 * len(shown)), dpi=100)
    try:
        ys = range(len(shown))
        axes.errorbar(
            [s.rating for s in shown],
            ys,
            xerr=[[s.rating - s.low for s in shown], [s.high - s.rating for s in shown]],
            fmt="o",
            capsize=3,
        )
        axes.set_yticks(list(ys), [s.entrant for s in shown])
        axes.axvline(0, color="grey", linewidth=0.8)
        axes.set_xlabel(f"rating (0 = {ANCHOR}), 95% bootstrap interval")
        axes.set_title(title)
        figure.tight_layout()
        figure.savefig(path, format="png")
    finally:
        pyplot.close(figure)
