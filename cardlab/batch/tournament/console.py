"""``cardlab tournament`` in the terminal: a progress bar, then the leaderboard's file names."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from ...course.project import Project
from ..console import EXIT_INTERRUPTED, RateColumn
from .ratings import LEADERBOARD
from .run import TournamentRequest, run_tournament


def run_tournament_in_terminal(
    project: Project, request: TournamentRequest, console: Console
) -> int:
    """Run the tournament with a progress bar; the exit status (130 when interrupted)."""
    progress = Progress(
        TextColumn("[bold]Matches"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        console=console,
    )
    task = progress.add_task("matches", total=None)

    def scheduled(total: int, done: int) -> None:
        progress.update(task, total=total, completed=done)
        progress.start()

    try:
        report = run_tournament(project, request, scheduled, lambda: progress.advance(task))
    except KeyboardInterrupt:
        progress.stop()
        console.print("Stopped: every finished match is kept; run the same command to go on.")
        return EXIT_INTERRUPTED
    progress.stop()
    for name, why in report.excluded:
        console.print(Text(f"left out {name}: {why}"))
    for group in report.duplicates:
        console.print(Text(f"the same submission entered twice: {', '.join(group)}"))
    for note in report.notes:
        console.print(Text(note))
    console.print(
        Text(
            f"{len(report.entrants)} entrants, {report.matches} matches ({report.schedule}): "
            f"{request.output / LEADERBOARD}"
        )
    )
    return 0
