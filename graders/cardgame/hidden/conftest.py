"""Fixtures of the hidden cardgame graders."""

import pytest


@pytest.fixture(autouse=True)
def examples_from_the_secret(secret_examples):
    """Every hypothesis test here draws its examples from the course secret."""
