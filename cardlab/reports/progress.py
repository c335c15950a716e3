"""A live line on the terminal while one submission is graded: tests done, part at work.

Only for a terminal: the command gives no progress when its error stream is a file or a
pipe, and a progress never reaches a report.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)

from ..judge.plugin import Progress as Told
from .text import fit

_PART_ROOM = 48
"""The characters of a part's title shown beside the bar."""


@contextlib.contextmanager
def grading_progress(what: str, console: Console) -> Iterator[Told]:
    """Show on ``console`` how a grading goes, while the block runs; yield what to tell.

    Args:
        what: What is being graded ("hearts phase 1"), shown until the first test.
        console: A terminal console (the caller decides that there is one).
    """
    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("tests"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(f"Grading {what}", total=None)

        def tell(done: int, total: int, part: str) -> None:
            shown = fit(part, _PART_ROOM) if part else f"Grading {what}"
            bar.update(task, completed=done, total=total, description=shown)

        yield tell


@contextlib.contextmanager
def terminal_progress(what: str) -> Iterator[Told]:
    """:func:`grading_progress` on the terminal that stderr is when the block starts.

    pytest captures the standard streams, down to their file descriptors, while each
    grader test runs: the progress writes to a copy of stderr's descriptor, which still
    reaches the terminal.
    """
    encoding = sys.stderr.encoding or "utf-8"
    terminal = os.fdopen(os.dup(sys.stderr.fileno()), "w", encoding=encoding, errors="replace")
    with terminal, grading_progress(what, Console(file=terminal)) as tell:
        yield tell
