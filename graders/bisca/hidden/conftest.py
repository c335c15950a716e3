"""Fixtures of the hidden bisca graders."""

import bisca_games
import pytest


@pytest.fixture(autouse=True)
def examples_from_the_secret(secret_examples):
    """Every hypothesis test here draws its examples from the course secret."""


@pytest.fixture(scope="session")
def games(ref):
    """Seeded reference games, recorded once each for the whole run."""
    return bisca_games.Games(ref)
