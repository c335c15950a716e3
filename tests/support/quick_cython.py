"""Cython builds in the tests, compiled without optimisation.

setuptools compiles an extension with the flags the interpreter was built with (``-O3``
here) followed by ``$CFLAGS``, and the compiler takes the last ``-O`` it is given. The
tests of Cython builds check what a build holds and that it loads, grades and plays;
optimisation changes only how fast the extensions run, yet takes most of a build's time
(gcc compiles one bisca module in about 2 s at ``-O3``, 0.4 s at ``-O0``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


@contextmanager
def unoptimised_builds() -> Iterator[None]:
    """Cython builds started in the block compile their C without optimisation."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CFLAGS", f"{os.environ.get('CFLAGS', '')} -O0".strip())
        yield
