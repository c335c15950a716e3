"""Who plays whom: a full round robin for a small class, a sampled schedule for a large one.

A round robin of ``n`` entrants is ``n (n - 1) / 2`` matches: 66 for twelve, 4,950 for a
hundred, 44,850 for three hundred. Past :data:`ROUND_ROBIN_LIMIT` students, each student
meets a fixed number of other students instead, drawn at random, and every fixed entrant
(the reference bots), so that every rating is anchored to the same yardsticks.

The sampled matches are the union of random cycles through all the students: each cycle
gives every student two opponents, and the first cycle alone already links every student
to every other through a chain of matches, which is what Bradley–Terry ratings need to
put everybody on one scale. Unlike a Swiss system, the schedule does not depend on any
result, so every match can be played at once, in any order, and a run stopped midway
resumes with the same schedule. The draw follows the tournament's seed and the sorted
names of the entrants, nothing else.
"""

from __future__ import annotations

import itertools
import random

ROUND_ROBIN_LIMIT = 40
"""Classes of at most this many students play a full round robin by default."""

SAMPLED_OPPONENTS = 12
"""Other students each student meets by default in a larger class."""


def default_opponents(students: int) -> int:
    """How many other students each student meets when the instructor does not say.

    Args:
        students: The number of students in the schedule.
    """
    if students <= ROUND_ROBIN_LIMIT:
        return max(students - 1, 0)
    return SAMPLED_OPPONENTS


def schedule(
    students: list[str], fixed: list[str], opponents: int, seed: int
) -> list[tuple[str, str]]:
    """The pairs that play a match, each pair once, in a stable order.

    Args:
        students: The students' entrant names.
        fixed: The fixed entrants' names (the reference bots): they meet everybody.
        opponents: How many other students each student meets; ``len(students) - 1`` or
            more is a full round robin. In a sampled schedule an even number is met
            exactly (an odd one is rounded up to the next even number) while it is well
            below the number of students.
        seed: The tournament's seed, for the sampled draw.

    Returns:
        Pairs of names, each pair in the order of ``students + fixed``.
    """
    order = {name: index for index, name in enumerate(students + fixed)}
    if opponents >= len(students) - 1:
        among = set(itertools.combinations(students, 2))
    else:
        among = _sampled(sorted(students), opponents, seed)
    pairs = among | {(s, f) for s in students for f in fixed}
    pairs |= set(itertools.combinations(fixed, 2))
    ordered = {(a, b) if order[a] < order[b] else (b, a) for a, b in pairs}
    return sorted(ordered, key=lambda pair: (order[pair[0]], order[pair[1]]))


def _sampled(students: list[str], opponents: int, seed: int) -> set[tuple[str, str]]:
    """Pairs from random cycles through ``students`` until each meets ``opponents`` others."""
    rng = random.Random(f"cardlab sampled schedule {seed}")
    pairs: set[frozenset[str]] = set()
    for _ in range((opponents + 1) // 2):
        cycle = _new_cycle(students, pairs, rng)
        pairs |= {frozenset(p) for p in zip(cycle, cycle[1:] + cycle[:1], strict=True)}
    return {(min(pair), max(pair)) for pair in pairs}


def _new_cycle(students: list[str], pairs: set[frozenset[str]], rng: random.Random) -> list[str]:
    """A random cycle through ``students`` that repeats none of ``pairs``, where one is found.

    A shuffled cycle is repaired a step at a time: a student next to someone already met
    trades places with a student drawn at random. With far fewer opponents than students
    this ends in a few dozen steps; when no such cycle is found in time (opponents near
    the class size), the last one is kept, and some pairs meet in two cycles (the
    students concerned then have fewer distinct opponents).
    """
    cycle = students[:]
    rng.shuffle(cycle)
    size = len(cycle)
    for _ in range(50 * size):
        clashes = [i for i in range(size) if frozenset((cycle[i], cycle[(i + 1) % size])) in pairs]
        if not clashes:
            break
        moved, other = (rng.choice(clashes) + 1) % size, rng.randrange(size)
        cycle[moved], cycle[other] = cycle[other], cycle[moved]
    return cycle
