"""Strength by confidence: credit from an interval over duplicate deals, looked at in batches.

A strength part measures a player on sampled deals, so its result carries the luck of
the deals. Each deal is played once per seating and its games are averaged into one
observation (a deal's two games share their cards, so they are not independent); the
part's measure is the mean of those observations (a share of games, or points per deal).

**The interval.** A Student-t interval for that mean, from the spread of the deals'
own observations. Duplicate deals cancel most of the luck of the cards: a player close
to the reference splits most deals one game each, and the spread of its observations is
a fraction of what a count of independent games would have. An interval on the games
(Wilson's score interval, whose spread is that of a coin) ignores that, and would need
several times the deals to decide the same players; a bootstrap measures the spread as
this does but by resampling, which is random and unreliable so far into the tails with
a few dozen deals. The t interval is exact arithmetic on the outcomes: a regrade is
identical.

**Sequential looks.** Deals are played in batches: the first look after ``deals``
deals, then at twice as many, and so on up to ``most_deals``. After each look a
threshold is *decided* when the interval lies wholly on one side of it, and play stops
once every threshold is. Looking several times gives luck several chances, so each
look's interval is a Bonferroni share of the error: with ``k`` planned looks each end of
every interval misses with chance at most ``(1 - confidence) / k``, and the chance that
*any* look misses on a given side, whatever the stopping, is at most ``1 - confidence``.

**Skewed outcomes.** A player far from the reference loses most deals outright, and a
few dozen deals can all come out alike: their spread is then nought, and a t interval
would shrink to a point. So the end that protects the player (the upper end with the
benefit of the doubt, the lower end with evidence required) is computed, where the
outcomes have known bounds (a share lies in 0 to 1), as if one more deal had ended at
the bound on that end's side (for a share's upper end, a deal won in both seatings):
the rule of succession's idea, which costs a clear result almost nothing and keeps a
streak of alike deals from deciding against the player.

**Credit.** With the benefit of the doubt (the default), a threshold is missed only when
the interval's upper end lies below it: a player whose true measure equals a threshold
keeps that credit with chance at least ``confidence``. With evidence required, a
threshold is reached only when the interval's lower end lies at or above it: a player
whose true measure equals a threshold is awarded it with chance at most
``1 - confidence``. Either way the best such threshold gives its credit.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol


class Level(Protocol):
    """A threshold: the measure to reach and the share of the part's points it gives."""

    @property
    def level(self) -> float:
        """The measure to reach."""
        ...

    @property
    def credit(self) -> float:
        """The share of the part's points it earns."""
        ...


class Plan(Protocol):
    """The settings a sequential measurement reads (a spec's tournament)."""

    deals: int
    most_deals: int
    confidence: float
    require_evidence: bool

    @property
    def thresholds(self) -> Sequence[Level]:
        """The thresholds, any order."""
        ...


def t_quantile(probability: float, freedom: int) -> float:
    """The quantile of Student's t distribution, by Hill's expansion around the normal's.

    Within a thousandth of the exact quantile from 10 degrees of freedom on (11 deals),
    far finer than the luck of the deals; it keeps the judge free of a statistics
    library.

    Args:
        probability: The cumulative probability, strictly between 0 and 1.
        freedom: The degrees of freedom, at least 1.
    """
    z = statistics.NormalDist().inv_cdf(probability)
    n = float(freedom)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(term / n ** (power + 1) for power, term in enumerate(terms))


def looks(first: int, most: int) -> tuple[int, ...]:
    """The deal counts after which the interval is looked at: doubling up to ``most``.

    Args:
        first: The deals of the first batch.
        most: The most deals played (at least ``first``).
    """
    counts = [first]
    while counts[-1] < most:
        counts.append(min(2 * counts[-1], most))
    return tuple(counts)


@dataclass(frozen=True)
class Interval:
    """The measure over the deals played so far, with its interval.

    Attributes:
        mean: The mean of the deals' observations (the share, or points per deal).
        low: The interval's lower end.
        high: The interval's upper end.
        deals: How many deals it is over.
    """

    mean: float
    low: float
    high: float
    deals: int


def interval(outcomes: Sequence[float], miss: float) -> Interval:
    """The Student-t interval of the mean of ``outcomes``, each end missing with ``miss``.

    Args:
        outcomes: One observation a deal; at least one.
        miss: The chance that each end lies on the wrong side of the true mean.
    """
    mean = statistics.fmean(outcomes)
    if len(outcomes) < 2:
        return Interval(mean, -math.inf, math.inf, len(outcomes))
    half = t_quantile(1 - miss, len(outcomes) - 1) * statistics.stdev(outcomes)
    half /= math.sqrt(len(outcomes))
    return Interval(mean, mean - half, mean + half, len(outcomes))


def undecided(thresholds: Sequence[Level], measured: Interval) -> list[Level]:
    """The thresholds the interval straddles (neither wholly above nor wholly below)."""
    return [t for t in thresholds if measured.low < t.level <= measured.high]


@dataclass(frozen=True)
class Verdict:
    """What a sequential measurement gives a strength part.

    Attributes:
        measured: The final interval.
        credit: The share of the part's points earned.
        deciding: The threshold whose credit was given, or with none earned the lowest
            (the one missed).
        reached: Whether ``deciding`` was reached.
        decided: Whether every threshold was decided before the most deals.
        require_evidence: Whether a threshold needed the lower end at or above it.
    """

    measured: Interval
    credit: float
    deciding: Level
    reached: bool
    decided: bool
    require_evidence: bool

    def describe(self, shown: Callable[[float], str]) -> str:
        """One sentence: the measure, its interval, and the threshold that decided.

        Args:
            shown: Writes a value of the measure (a share, points per deal).
        """
        m = self.measured
        text = f"{shown(m.mean)} over {m.deals} deals, interval {shown(m.low)} to {shown(m.high)}"
        level = shown(self.deciding.level)
        if self.reached and self.require_evidence:
            text += f"; confidently at or above {level}"
        elif self.reached:
            text += f"; not confidently below {level}"
        else:
            below = "not confidently at or above" if self.require_evidence else "confidently below"
            text += f"; {below} {level}, the least threshold"
        return text + f" ({self.credit:.0%} of the points)"


def verdict(plan: Plan, measured: Interval, decided: bool) -> Verdict:
    """The credit of the best threshold ``measured`` earns under ``plan``'s direction."""
    if plan.require_evidence:
        earned = [t for t in plan.thresholds if measured.low >= t.level]
    else:
        earned = [t for t in plan.thresholds if measured.high >= t.level]
    if earned:
        best = max(earned, key=lambda t: (t.credit, t.level))
        return Verdict(measured, best.credit, best, True, decided, plan.require_evidence)
    least = min(plan.thresholds, key=lambda t: t.level)
    return Verdict(measured, 0.0, least, False, decided, plan.require_evidence)


def protected(
    outcomes: Sequence[float], miss: float, bounds: tuple[float, float] | None, evidence: bool
) -> Interval:
    """The interval of ``outcomes``, its protecting end widened by one deal at its bound.

    Args:
        outcomes: One observation a deal.
        miss: As :func:`interval`.
        bounds: The least and the most an observation can be, or None (no widening).
        evidence: Whether the lower end protects (evidence required) rather than the upper.
    """
    plain = interval(outcomes, miss)
    if bounds is None:
        return plain
    if evidence:
        low = interval([*outcomes, bounds[0]], miss).low
        return Interval(plain.mean, min(plain.low, low), plain.high, plain.deals)
    high = interval([*outcomes, bounds[1]], miss).high
    return Interval(plain.mean, plain.low, max(plain.high, high), plain.deals)


def measure(
    plan: Plan,
    play_deal: Callable[[int], float],
    bounds: tuple[float, float] | None = None,
) -> Verdict:
    """Play deals in batches until every threshold is decided or the most are played.

    Args:
        plan: The deals of the first batch, the most deals, the confidence and the
            direction, and the thresholds.
        play_deal: Plays the deal of a number (from 1) and returns its observation.
        bounds: The least and the most a deal's observation can be (``(0, 1)`` for a
            share), or None when they are not known.

    Returns:
        The verdict on the deals played.
    """
    counts = looks(plan.deals, plan.most_deals)
    miss = (1 - plan.confidence) / len(counts)
    outcomes: list[float] = []
    measured = Interval(0.0, -math.inf, math.inf, 0)
    for count in counts:
        outcomes.extend(play_deal(number) for number in range(len(outcomes) + 1, count + 1))
        measured = protected(outcomes, miss, bounds, plan.require_evidence)
        if not undecided(plan.thresholds, measured):
            return verdict(plan, measured, decided=True)
    return verdict(plan, measured, decided=False)
