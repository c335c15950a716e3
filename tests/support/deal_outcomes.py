"""Per-deal outcomes of bisca players, measured, and distributions made from them.

A duplicate deal (two games, the seats swapped) gives a player a share of 0, 1/4, 1/2,
3/4 or 1 (:data:`SHARES`). The counts below were measured by
``benchmarks/strength_fairness.py --measure`` (2,000 deals each; never-trumps 1,000)
against the reference AutoPlayer. Drawing deals from them, or from a distribution
:func:`tilted` to another mean, stands for grading under many course secrets at the
cost of arithmetic alone: the tests of ``cardlab.judge.confidence`` and the benchmark's
credit table both do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The shares a duplicate deal can give, in the order of every count below."""

NEAR_EQUAL = (203, 30, 1554, 26, 187)
"""The reference with a trump spent on a led card worth 2 or more: share 0.496."""
NEVER_TRUMPS = (342, 25, 550, 14, 69)
"""The reference that never trumps a led card: share 0.361."""
RANDOM = (1610, 25, 334, 3, 28)
"""A random legal player: share 0.102."""
ALTERNATIVE = (0, 0, 1998, 0, 2)
"""bisca's three alternative AutoPlayers: the reference's play but for 2 deals in 2,000."""
TIES_TO_THE_LAST = (87, 11, 789, 16, 97)
"""``benchmarks/bisca_players/ties_to_the_last`` over 1,000 deals: share 0.506."""
LONG_SUITS_FIRST = (14, 4, 957, 7, 18)
"""``benchmarks/bisca_players/long_suits_first`` over 1,000 deals: share 0.503."""
TRUMPS_BEFORE_THE_END = (9, 9, 968, 2, 12)
"""``benchmarks/bisca_players/trumps_before_the_end`` over 1,000 deals: share 0.500."""

_TILT_BOUND = 60.0
"""The tilting exponent is searched in [-60, 60]: any mean strictly inside (0, 1)."""
_TILT_STEPS = 100
"""Bisection steps of that search, far beyond a float's precision."""


def tilted(counts: Sequence[int], share: float) -> list[float]:
    """The distribution nearest ``counts`` whose mean is ``share`` (exponential tilting).

    Args:
        counts: How often each of :data:`SHARES` came out.
        share: The mean the distribution must have, strictly between 0 and 1.

    Returns:
        One probability for each of :data:`SHARES`, proportional to
        ``count * exp(theta * share)`` for the ``theta`` that gives that mean.
    """
    weights = [count / sum(counts) for count in counts]

    def tilt(theta: float) -> list[float]:
        raw = [w * math.exp(theta * v) for w, v in zip(weights, SHARES, strict=True)]
        return [r / sum(raw) for r in raw]

    low, high = -_TILT_BOUND, _TILT_BOUND
    for _ in range(_TILT_STEPS):
        middle = (low + high) / 2
        mean = sum(p * v for p, v in zip(tilt(middle), SHARES, strict=True))
        low, high = (middle, high) if mean < share else (low, middle)
    return tilt(low)
