"""The tournament's schedule: a round robin for a small class, sampled for a large one."""

from __future__ import annotations

import itertools
import random

import pytest

from cardlab.batch.tournament.schedule import ROUND_ROBIN_LIMIT, default_opponents, schedule

BOTS = ["reference-autoplayer", "random-legal", "strong"]


def _students(count: int) -> list[str]:
    return [f"s{number:03d}" for number in range(count)]


def _opponents(pairs, name: str, among: set[str]) -> set[str]:
    return {b if a == name else a for a, b in pairs if name in (a, b)} & among


def test_a_small_class_plays_a_full_round_robin():
    students = _students(7)
    pairs = schedule(students, BOTS, default_opponents(len(students)), seed=1)
    everyone = students + BOTS
    assert pairs == list(itertools.combinations(everyone, 2))


@pytest.mark.parametrize(("opponents", "met"), [(12, 12), (5, 6), (2, 2)])
def test_in_a_sampled_schedule_each_student_meets_as_many_students_and_every_bot(opponents, met):
    students = _students(ROUND_ROBIN_LIMIT + 60)
    pairs = schedule(students, BOTS, opponents, seed=7)
    assert len(pairs) == len(set(pairs))
    for name in students:
        assert len(_opponents(pairs, name, set(students))) == met
        assert _opponents(pairs, name, set(BOTS)) == set(BOTS)
    assert len(pairs) == len(students) * met // 2 + len(students) * len(BOTS) + 3


def test_a_sampled_schedule_links_every_student_to_every_other():
    students = _students(300)
    pairs = schedule(students, [], default_opponents(len(students)), seed=3)
    reached, frontier = {students[0]}, [students[0]]
    while frontier:
        name = frontier.pop()
        for other in _opponents(pairs, name, set(students)) - reached:
            reached.add(other)
            frontier.append(other)
    assert reached == set(students)


def test_the_draw_follows_the_seed_and_not_the_order_the_students_come_in():
    students = _students(90)
    shuffled = students[:]
    random.Random(0).shuffle(shuffled)
    first = schedule(students, BOTS, 12, seed=11)
    assert {frozenset(p) for p in schedule(shuffled, BOTS, 12, seed=11)} == {
        frozenset(p) for p in first
    }
    assert schedule(students, BOTS, 12, seed=12) != first


def test_the_default_is_a_round_robin_up_to_the_limit_and_sampled_beyond():
    assert default_opponents(ROUND_ROBIN_LIMIT) == ROUND_ROBIN_LIMIT - 1
    assert default_opponents(ROUND_ROBIN_LIMIT + 1) < ROUND_ROBIN_LIMIT
    assert default_opponents(0) == 0
