"""Sequence answers are read once, into plain values, whatever their type.

``picks_project``'s grader checks an answer (two different numbers of the pool) and
then plays it (its sum), reading it through ``len``, iteration, ``in`` and indexing as
graders of games do. ``cases.toml`` grades the attacks on it (a list or tuple of a class
of its own that answers each reading differently, or lies to every check: no more than
the honest pair it holds, ``honest/pair-in-order``); here, the honest side: the
reference earns every point, and an honest generator, read to its end once
(``cardlab.worker.codec.read_once``), earns what the same pair as a tuple earns.
"""

from __future__ import annotations

import pytest
from test_attacks import HERE, PICKS_PROJECT

from cardlab.judge.grading import project_job, run
from cardlab.judge.results import GradeReport

pytestmark = pytest.mark.slow


def _graded(folder) -> GradeReport:
    return run(project_job(PICKS_PROJECT, "picks", 1, folder))


def test_the_reference_earns_every_point():
    assert _graded(PICKS_PROJECT.reference_dir("picks")).score == 10


def test_an_honest_generator_earns_what_the_same_tuple_earns():
    as_tuple = _graded(HERE / "honest" / "pair-in-order")
    as_generator = _graded(HERE / "honest" / "pair-from-generator")
    assert 0 < as_tuple.score < 10  # a weak pair: some tests pass, not all
    statuses = [(t.id, t.status) for t in as_generator.tests]
    assert statuses == [(t.id, t.status) for t in as_tuple.tests], as_generator.tests
    assert as_generator.score == as_tuple.score
