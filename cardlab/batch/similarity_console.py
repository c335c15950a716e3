"""``cardlab similarity`` in the terminal: compare, write the files, print one screen.

The summary says how many submissions were compared, how many pairs share code and how
many are suspicious, shows the most similar pairs in a table, and names each submission
left out with its cause (the first few; ``left-out.csv`` holds them all).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..course.output import make_folder
from ..course.project import Project
from ..worker.untrusted import MAX_NOTE, printable
from .similarity import Comparison, SimilarityRequest, check_folders, run_similarity
from .similarity_files import INDEX_PAGE, LEFT_OUT_CSV, PAIRS_CSV, write_similarity_files

SHOWN_PAIRS = 10
"""The most pairs the summary shows."""
SHOWN_LEFT_OUT = 5
"""The most left-out submissions the summary names."""


def _shown(text: str) -> str:
    return escape(printable(text, MAX_NOTE))


def _pairs(count: int) -> str:
    return "1 pair shares" if count == 1 else f"{count} pairs share"


def _table(comparison: Comparison) -> Table:
    table = Table(title="Most similar pairs", title_justify="left")
    for column in ("rank", "student A", "student B", "similarity", "A / B matching"):
        table.add_column(column, justify="right" if column in ("rank", "similarity") else "left")
    for rank, pair in enumerate(comparison.pairs[:SHOWN_PAIRS], 1):
        style = "bold red" if pair.similarity >= comparison.threshold else None
        table.add_row(
            str(rank),
            _shown(pair.first.name),
            _shown(pair.second.name),
            f"{pair.similarity:.0%}",
            f"{pair.first.share:.0%} / {pair.second.share:.0%}",
            style=style,
        )
    return table


def print_summary(comparison: Comparison, request: SimilarityRequest, console: Console) -> None:
    """Print the one-screen summary of a comparison written to ``request.output``."""
    archived = len(comparison.documents) - comparison.class_size
    against = f" (and {archived} from archives)" if archived else ""
    suspicious = len(comparison.suspicious)
    console.print(
        f"{comparison.class_size} submissions compared{against}: "
        f"{_pairs(len(comparison.pairs))} code, [bold]{suspicious} suspicious[/] "
        f"(similarity of {comparison.threshold:.0%} or more)"
    )
    if comparison.pairs:
        console.print(_table(comparison))
    if comparison.strays:
        console.print(
            f"[yellow]Left out {len(comparison.strays)} stray file(s)[/] (not a folder or .zip): "
            f"{_shown(', '.join(comparison.strays))}"
        )
    for item in comparison.left_out[:SHOWN_LEFT_OUT]:
        console.print(f"[yellow]Not compared[/] {_shown(item.name)}: {_shown(item.cause)}")
    if len(comparison.left_out) > SHOWN_LEFT_OUT:
        more = len(comparison.left_out) - SHOWN_LEFT_OUT
        console.print(f"… and {more} more not compared (all in {LEFT_OUT_CSV})")
    console.print(
        f"Written to {escape(str(request.output))}: {PAIRS_CSV}, {LEFT_OUT_CSV}, "
        f"{INDEX_PAGE} and {suspicious} pair page(s). A high score is a reason to look, "
        "never a verdict."
    )


def run_similarity_in_terminal(
    project: Project, request: SimilarityRequest, console: Console
) -> None:
    """Compare a class, write the files into ``request.output`` and print the summary.

    Raises:
        CardlabError: What :func:`~cardlab.batch.similarity.run_similarity` refuses, or an
            output folder that cannot be made.
    """
    check_folders(request)
    make_folder(request.output)
    comparison = run_similarity(project, request)
    write_similarity_files(comparison, request.output)
    print_summary(comparison, request, console)
