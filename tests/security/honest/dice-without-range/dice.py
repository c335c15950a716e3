"""Totals that never check the rolls: half of the part, honestly."""


def total(rolls):
    """Return the sum of the rolls."""
    return sum(rolls)
