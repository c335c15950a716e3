"""Fixtures of the hidden whist graders."""

import pytest
from whist_ref import Ref


@pytest.fixture(scope="session")
def r(ref):
    """The reference's classes and card conversions, made once for the run."""
    return Ref(ref)
