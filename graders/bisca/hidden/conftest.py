"""Fixtures of the hidden bisca graders."""

import bisca_games
import pytest


@pytest.fixture(scope="session")
def games(ref):
    """Seeded reference games, recorded once each for the whole run."""
    return bisca_games.Games(ref)
