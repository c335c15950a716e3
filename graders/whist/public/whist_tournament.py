"""The duplicate tournament of AdvancedStrategy against BasicStrategy: scoring and plot.

Each deal is played twice with the same cards in the same seats: once with the advanced
partnership in seats 0 and 2, once in seats 1 and 3. The luck of the cards cancels, and
what is left is how well each strategy plays them. For each deal the result is the
advanced partnership's points minus the basic partnership's, averaged over the two
plays (a hand scores the winners' tricks over six). A play is won by the partnership
that takes seven tricks or more.

The credit comes from :func:`cardlab.testing.measure`: the deals are played in the
spec's batches, and with ``require_evidence`` a threshold on points is credited only
when the interval of the mean points per deal lies at or above it.
"""

import math
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from cardlab.testing import Verdict, measure

TRICKS = 13
BOOK = 6
Z_95 = 1.96


def hand_points(tricks_taken: int) -> int:
    """The points of one play for the side that took ``tricks_taken`` tricks, minus the other's."""
    other = TRICKS - tricks_taken
    return tricks_taken - BOOK if tricks_taken > other else -(other - BOOK)


@dataclass
class Duplicate:
    """The running result of a duplicate tournament."""

    points: list[float] = field(default_factory=list)
    plays_won: int = 0
    plays: int = 0

    def add_deal(self, tricks_first: int, tricks_second: int) -> None:
        """Record one deal: the advanced side's tricks in its two plays."""
        self.points.append((hand_points(tricks_first) + hand_points(tricks_second)) / 2)
        self.plays_won += (tricks_first > BOOK) + (tricks_second > BOOK)
        self.plays += 2

    @property
    def share(self) -> float:
        """The share of plays the advanced side won."""
        return self.plays_won / self.plays if self.plays else 0.0

    def mean_and_margin(self, upto: int | None = None) -> tuple[float, float]:
        """The mean points per deal and the half-width of its 95% confidence interval."""
        points = self.points[:upto] if upto else self.points
        if not points:
            return 0.0, 0.0
        mean = statistics.fmean(points)
        if len(points) < 2:
            return mean, 0.0
        return mean, Z_95 * statistics.stdev(points) / math.sqrt(len(points))

    def summary(self) -> str:
        """One line: the deals, plays won and the share."""
        return (
            f"{len(self.points)} deals, each played twice: your AdvancedStrategy won "
            f"{self.plays_won} of {self.plays} plays (share {self.share:.3f})"
        )


def plot(result: Duplicate, folder: Path | None, name: str) -> str:
    """Draw the running mean points per deal with its 95% interval; return a note.

    Returns:
        " Plot: <path>." when drawn, or a sentence saying why it was not.
    """
    if folder is None:
        return ""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        return " No plot: install matplotlib (pip install matplotlib) to get one."
    deals = range(1, len(result.points) + 1)
    means, lows, highs = [], [], []
    for count in deals:
        mean, margin = result.mean_and_margin(count)
        means.append(mean)
        lows.append(mean - margin)
        highs.append(mean + margin)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    figure, axes = pyplot.subplots(figsize=(7, 4), dpi=100)
    try:
        axes.fill_between(deals, lows, highs, alpha=0.25, label="95% confidence interval")
        axes.plot(deals, means, label="mean points per deal, so far")
        axes.axhline(0, color="grey", linewidth=1)
        axes.set_xlabel("deals played (each twice, seats swapped)")
        axes.set_ylabel("advanced minus basic points")
        axes.set_title("AdvancedStrategy against BasicStrategy")
        axes.legend(loc="lower right")
        figure.tight_layout()
        figure.savefig(path, format="png")
    finally:
        pyplot.close(figure)
    return f" Plot: {path}."


def play_deals(tournament, play_deal) -> tuple[Duplicate, Verdict]:
    """Play the deals in the spec's batches; the result and its verdict on points.

    Args:
        tournament: The spec's tournament settings.
        play_deal: Plays the deal of a number (from 1): the advanced side's tricks in
            its two plays.
    """
    result = Duplicate()

    def points(deal: int) -> float:
        result.add_deal(*play_deal(deal))
        return result.points[-1]

    return result, measure(tournament, points)


def award(result: Duplicate, verdict: Verdict, credit, plot_to, problems=""):
    """Give the verdict's credit; fail below the least threshold."""
    shown = "{:+.3f}".format
    note = f"{result.summary()}; mean points per deal {verdict.describe(shown)}."
    note += problems + plot(result, *plot_to)
    credit.award(verdict.credit, note)
    if verdict.credit == 0:
        raise AssertionError(note)
