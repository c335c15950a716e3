"""The examples hypothesis draws depend on the grading, never on the judge's process.

Besides what its strategies generate, hypothesis draws about one value in forty from
constants: a fixed list of its own, and the constants written in the source of every
"local" module the process has imported (anything outside the standard library and
site-packages: the graders and the reference, but also cardlab itself when it is
installed in editable mode, or a test run's own modules). Which modules those are
depends on the process (``cardlab grade``, a grade-all judge and a test run each load
others, and a long-lived process loads more as it goes), so one submission could be
graded with different examples, and get a different report, from one process to the
next. While a grading runs, the pool of local constants is therefore empty; the fixed
list stays.

The pool is an internal of hypothesis (``hypothesis.internal.conjecture.providers``);
with a version that has none, there is nothing to empty.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


@contextlib.contextmanager
def without_local_constants() -> Iterator[None]:
    """Draw no constants from the process's local modules while the block runs."""
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:
        yield
        return
    collect = getattr(providers, "_get_local_constants", None)
    constants = getattr(providers, "Constants", None)
    cache = getattr(getattr(providers, "CONSTANTS_CACHE", None), "cache", None)
    if collect is None or constants is None or cache is None:
        yield
        return
    empty = constants()
    providers._get_local_constants = lambda: empty
    cache.clear()  # the values allowed per strategy, worked out from the pools in use
    try:
        yield
    finally:
        providers._get_local_constants = collect
        cache.clear()
