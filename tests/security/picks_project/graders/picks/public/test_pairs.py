"""Tests of best_pair that read its answer as a game's grader reads a move.

Each answer is checked (two numbers, both of the pool, different) and then played (its
sum counts), through the container protocol a handle offers as much as through plain
values: ``len``, iteration, ``in``, indexing. Whatever the answer's type, every one of
those readings must see the same two numbers.
"""

import pytest

from cardlab.testing import expect_equal, expect_true

pytestmark = pytest.mark.part("pair")

POOLS = {
    "four": ([3, 9, 4, 7], 16),
    "five": ([10, 1, 8, 2, 5], 18),
    "two": ([6, 2], 8),
}


def legal(got, pool) -> bool:
    """Whether ``got`` is two different numbers of ``pool``."""
    return len(got) == 2 and all(n in pool for n in got) and got[0] != got[1]


@pytest.mark.parametrize("name", list(POOLS))
def test_a_legal_pair(student, name):
    """best_pair gives two different numbers of the pool."""
    pool, _ = POOLS[name]
    got = student.pkg.pairs.best_pair(pool)
    expect_true(legal(got, pool), f"best_pair({pool}) gave {got!r}: not two numbers of it")


@pytest.mark.parametrize("name", list(POOLS))
def test_the_largest_sum(student, name):
    """The pair is checked, then played: its sum must reach the largest a legal pair has."""
    pool, best = POOLS[name]
    got = student.pkg.pairs.best_pair(pool)
    if not legal(got, pool):
        raise AssertionError(f"best_pair({pool}) gave {got!r}: not two numbers of it")
    total = sum(got)
    expect_true(total >= best, f"the sum of best_pair({pool}) is {total}, where {best} can be had")


def test_the_larger_first(student):
    """The larger of the two comes first."""
    got = student.pkg.pairs.best_pair([3, 9, 4, 7])
    expect_equal(list(got), [9, 7], "list(best_pair([3, 9, 4, 7]))")
