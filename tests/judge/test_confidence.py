"""Strength by confidence (cardlab.judge.confidence): the interval, the looks, the credit.

The per-deal outcomes are drawn from distributions measured on bisca (1,000 or 2,000
duplicate deals each, ``benchmarks/strength_fairness.py --measure``): a deal's share is 0, 1/4,
1/2, 3/4 or 1. Drawing from them stands for grading under many course secrets, at the
cost of arithmetic alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from support.deal_outcomes import (
    ALTERNATIVE,
    LONG_SUITS_FIRST,
    NEAR_EQUAL,
    NEVER_TRUMPS,
    RANDOM,
    SHARES,
    TIES_TO_THE_LAST,
    TRUMPS_BEFORE_THE_END,
    tilted,
)

from cardlab.judge.confidence import Interval, looks, measure, t_quantile, verdict


@dataclass(frozen=True)
class Threshold:
    level: float
    credit: float


BISCA = (Threshold(0.5, 1.0), Threshold(0.4, 0.75), Threshold(0.3, 0.5), Threshold(0.1, 0.25))


@dataclass(frozen=True)
class Plan:
    deals: int = 20
    most_deals: int = 240
    confidence: float = 0.99
    require_evidence: bool = False
    thresholds: tuple[Threshold, ...] = BISCA


def grade(plan: Plan, counts, rng: random.Random):
    """One grading of a player whose deals come out as ``counts`` say; also the deals played."""
    draws = rng.choices(SHARES, counts, k=plan.most_deals)
    played = []

    def play_deal(number: int) -> float:
        played.append(number)
        return draws[number - 1]

    return measure(plan, play_deal, (0.0, 1.0)), played


def credits(plan: Plan, counts, gradings: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [grade(plan, counts, rng)[0].credit for _ in range(gradings)]


@pytest.mark.parametrize(
    ("probability", "freedom", "table"),
    [(0.975, 10, 2.228), (0.99, 19, 2.539), (0.995, 30, 2.750), (0.999, 120, 3.160)],
)
def test_t_quantiles_match_the_printed_tables(probability, freedom, table):
    assert t_quantile(probability, freedom) == pytest.approx(table, abs=1e-3)


def test_looks_double_up_to_the_most_deals():
    assert looks(20, 240) == (20, 40, 80, 160, 240)
    assert looks(200, 200) == (200,)


def test_the_reference_against_itself_is_decided_by_the_first_batch():
    verdict_, played = grade(Plan(), (0, 0, 1, 0, 0), random.Random(0))
    assert verdict_.credit == 1.0 and verdict_.decided and played == list(range(1, 21))
    assert verdict_.deciding.level == 0.5


@pytest.mark.parametrize(
    "counts",
    [NEAR_EQUAL, ALTERNATIVE, TIES_TO_THE_LAST, LONG_SUITS_FIRST, TRUMPS_BEFORE_THE_END],
    ids=[
        "near-equal",
        "alternative",
        "ties-to-the-last",
        "long-suits-first",
        "trumps-before-the-end",
    ],
)
def test_a_near_equal_player_keeps_full_credit_under_every_secret(counts):
    assert set(credits(Plan(), counts, 200, seed=1)) == {1.0}


def test_a_player_below_the_40_percent_threshold_loses_the_full_credit_every_time():
    assert max(credits(Plan(), NEVER_TRUMPS, 200, seed=2)) == 0.75


def test_a_clear_player_plays_only_the_batches_that_decide():
    strong = (0, 0, 10, 0, 90)
    verdict_, played = grade(Plan(), strong, random.Random(3))
    assert verdict_.credit == 1.0 and len(played) == 20


@pytest.mark.parametrize(
    ("counts", "threshold"),
    [
        (NEAR_EQUAL, BISCA[0]),
        (NEVER_TRUMPS, BISCA[1]),
        (NEVER_TRUMPS, BISCA[2]),
        (RANDOM, BISCA[3]),
    ],
)
def test_a_player_whose_true_share_is_a_threshold_keeps_its_credit(counts, threshold):
    """At least 99 gradings in 100 keep it (here 500 gradings: at most 5 may lose it)."""
    kept = credits(Plan(), tilted(counts, threshold.level), 500, seed=4)
    lost = sum(credit < threshold.credit for credit in kept)
    assert lost <= 5, lost


def test_alike_losing_deals_do_not_decide_against_the_player():
    """Twenty lost deals say little of a player whose true share could still be 0.10."""
    verdict_, _ = grade(Plan(most_deals=20), (1, 0, 0, 0, 0), random.Random(5))
    assert verdict_.measured.mean == 0.0 and verdict_.measured.high > 0.10
    assert verdict_.credit == 0.25 and not verdict_.decided


def test_with_evidence_required_only_what_is_confidently_above_is_credited():
    plan = Plan(require_evidence=True, most_deals=20)
    assert verdict(plan, Interval(0.45, 0.41, 0.49, 20), decided=True).credit == 0.75
    assert verdict(Plan(), Interval(0.45, 0.41, 0.49, 20), decided=True).credit == 0.75
    assert verdict(plan, Interval(0.45, 0.39, 0.51, 20), decided=False).credit == 0.5
    assert verdict(Plan(), Interval(0.45, 0.39, 0.51, 20), decided=False).credit == 1.0
    awarded = credits(plan, tilted(NEAR_EQUAL, 0.5), 300, seed=6)
    assert sum(credit == 1.0 for credit in awarded) <= 3


def test_the_verdict_says_the_share_its_interval_and_the_deciding_threshold():
    text = verdict(Plan(), Interval(0.45, 0.41, 0.49, 80), decided=True).describe("{:.3f}".format)
    assert text == (
        "0.450 over 80 deals, interval 0.410 to 0.490; not confidently below 0.400 "
        "(75% of the points)"
    )
