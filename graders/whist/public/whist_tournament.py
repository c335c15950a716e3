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


_WIDTH, _HEIGHT, _MARGIN = 700, 400, 60
_TITLE = "AdvancedStrategy against BasicStrategy"
_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"
 font-family="sans-serif" font-size="13">
<title>{title}</title>
<rect width="{w}" height="{h}" fill="white"/>
<text x="{mid}" y="24" text-anchor="middle" font-size="15">{title}</text>
<polygon points="{band}" fill="#1f77b4" fill-opacity="0.25"/>
<line x1="{left}" y1="{zero}" x2="{right}" y2="{zero}" stroke="grey"/>
<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>
<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" fill="none" stroke="black"/>
<text x="{left}" y="{below}" text-anchor="middle">1</text>
<text x="{right}" y="{below}" text-anchor="middle">{deals}</text>
<text x="{mid}" y="{below}" text-anchor="middle">deals played (each twice, seats swapped)</text>
<text x="{tick}" y="{top_label}" text-anchor="end">{high:+.2f}</text>
<text x="{tick}" y="{bottom_label}" text-anchor="end">{low:+.2f}</text>
<text x="{tick}" y="{zero_label}" text-anchor="end">0</text>
<text transform="translate(16 {middle}) rotate(-90)"
 text-anchor="middle">advanced minus basic points</text>
<text x="{right}" y="{legend}"
 text-anchor="end">line: mean points per deal, so far; band: 95% confidence interval</text>
</svg>
"""


def plot(result: Duplicate, folder: Path | None, name: str) -> str:
    """Draw the running mean points per deal with its 95% interval, as an SVG file.

    The drawing is written directly, so it needs no plotting library wherever the tests
    run.

    Returns:
        " Plot: <path>." when drawn, or "" when there is no folder to draw in.
    """
    if folder is None or not result.points:
        return ""
    count = len(result.points)
    running = [result.mean_and_margin(upto) for upto in range(1, count + 1)]
    low = min(0.0, *(mean - margin for mean, margin in running))
    high = max(0.0, *(mean + margin for mean, margin in running))
    span = (high - low) or 1.0
    left, top = _MARGIN, _MARGIN
    right, bottom = _WIDTH - _MARGIN // 2, _HEIGHT - _MARGIN

    def x(deal: int) -> float:
        return left + (right - left) * (deal / (count - 1) if count > 1 else 0.5)

    def y(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / span

    lows = [f"{x(i):.1f},{y(mean - margin):.1f}" for i, (mean, margin) in enumerate(running)]
    highs = [f"{x(i):.1f},{y(mean + margin):.1f}" for i, (mean, margin) in enumerate(running)]
    svg = _SVG.format(
        title=_TITLE,
        w=_WIDTH,
        h=_HEIGHT,
        left=left,
        right=right,
        top=top,
        mid=(left + right) / 2,
        middle=(top + bottom) / 2,
        inner_w=right - left,
        inner_h=bottom - top,
        zero=f"{y(0.0):.1f}",
        band=" ".join(lows + highs[::-1]),
        line=" ".join(f"{x(i):.1f},{y(mean):.1f}" for i, (mean, _) in enumerate(running)),
        deals=count,
        below=bottom + 20,
        legend=_HEIGHT - 10,
        tick=left - 6,
        high=high,
        low=low,
        top_label=top + 5,
        bottom_label=bottom + 5,
        zero_label=f"{y(0.0) + 5:.1f}",
    )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(svg, encoding="utf-8")
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
