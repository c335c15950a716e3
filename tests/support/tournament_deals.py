"""Grading jobs whose phase tournament plays fewer deals than its spec says.

A test about what one game does (a forfeit's message, an attack that spies on the
judge or remembers an earlier game) learns nothing more from the spec's full
tournament: the first games already show it. Cutting the deals keeps such a test to
the point and leaves the cores to the tests beside it.
"""

from __future__ import annotations

from dataclasses import replace

from cardlab.judge.grading import GradingJob

FORFEIT_DEALS = 4
"""Deals of the tournament of a player that forfeits every game: its message and its lost
points come from the first game, so the spec's full tournament would only add time."""


def with_deals(job: GradingJob, deals: int) -> GradingJob:
    """``job`` with the tournament of its phase cut to ``deals`` deals.

    A job whose phase has no tournament is returned as it is.
    """
    phases = tuple(
        replace(phase, tournament=replace(phase.tournament, deals=deals, most_deals=deals))
        if phase.number == job.phase and phase.tournament is not None
        else phase
        for phase in job.spec.phases
    )
    return replace(job, spec=replace(job.spec, phases=phases))
