"""``cardlab grade-all``, ``cardlab overview`` and ``cardlab marks import`` in the terminal.

A progress bar (submissions done out of those to grade, rate, time left) runs while
the batch grades; each submission that could not be graded prints one line. At the
end, the gradebook, reports and class overview are written from the database and
the overview is printed as tables. Importing marks given by hand stores them all or
none, then writes the class files again, so that they hold the new totals.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..course.project import Project
from ..errors import EXIT_INTERRUPTED, CardlabError
from ..worker.untrusted import MAX_NOTE, printable
from .grade_all import BatchPlan, BatchRequest, grade_all
from .gradebook import write_class_files
from .marks import class_record, read_marks
from .overview import HISTOGRAM, OVERVIEW, print_overview, summarize, write_histogram
from .overview import write_overview_csv as write_csv
from .store import DATABASE_NAME, FAILED, GRADED, Outcome, open_store


class RateColumn(ProgressColumn):
    """Submissions graded per second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        """The task's speed as ``1.23/s`` (``?/s`` before the first result)."""
        speed = task.finished_speed or task.speed
        return Text("?/s" if speed is None else f"{speed:.2f}/s", style="progress.data.speed")


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[bold]Grading"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )


def _stop(progress: Progress) -> None:
    if progress.live.is_started:
        progress.stop()


def run_grade_all(project: Project, request: BatchRequest, console: Console) -> int:
    """Grade a class with a progress bar, write the class files and print the overview.

    Returns:
        The exit status: 0, or 130 when interrupted with Ctrl-C (results kept).
    """
    progress = _progress(console)
    task_id = progress.add_task("grading", total=None)

    def planned(plan: BatchPlan) -> None:
        if plan.strays:
            console.print(
                f"[yellow]Left out {len(plan.strays)} stray file(s)[/] in "
                f"{escape(str(request.submissions))} (not a folder or .zip): "
                f"{escape(printable(', '.join(plan.strays), MAX_NOTE))}"
            )
        if plan.other_secret:
            console.print(
                f"[yellow]Warning:[/] {escape(str(request.output))} was graded under another "
                f"course secret ({plan.other_secret}, this project's is {plan.secret}): "
                "other deals and seeds; copy that secret (see Grading a class) or --regrade"
            )
        up_to_date = len(plan.submissions) - len(plan.to_grade)
        console.print(
            f"{len(plan.submissions)} submissions: {len(plan.to_grade)} to grade, "
            f"{up_to_date} already graded and unchanged"
        )
        progress.update(task_id, total=len(plan.to_grade))
        if plan.to_grade:
            progress.start()

    def finished(outcome: Outcome, stored: bool) -> None:
        progress.advance(task_id)
        if outcome.status != GRADED:
            kept = "" if stored else " (the earlier result is kept)"
            progress.console.print(
                f"[red]{escape(printable(outcome.student))}[/]: {outcome.status}: "
                f"{escape(printable(outcome.cause, MAX_NOTE))}{kept}"
            )

    try:
        outcomes = grade_all(project, request, planned, finished)
    except KeyboardInterrupt:
        _stop(progress)
        console.print(
            f"Interrupted. Every result received is stored in {request.output}; "
            "run the same command again to grade the rest."
        )
        return EXIT_INTERRUPTED
    finally:
        _stop(progress)
    failed = sum(o.status == FAILED for o in outcomes)
    if failed:
        console.print(f"[yellow]{failed} grading(s) failed[/]; the next run tries them again.")
    return write_and_print(project, request.assignment, request.phase, request.output, console)


def write_and_print(
    project: Project,
    assignment: str,
    phase_number: int,
    output: Path,
    console: Console,
) -> int:
    """Write the class files and overview of a batch's output folder, and print it.

    Everything is written from the results database, with the marks given by hand.

    Raises:
        CardlabError: No results database in ``output``, or the histogram cannot be
            drawn (everything else is written first).
    """
    spec = project.spec(assignment)
    phase = spec.phase(phase_number)
    outcomes = class_record(output, assignment, phase_number)
    write_class_files(output, outcomes, phase)
    overview = summarize(outcomes, phase)
    write_csv(output / OVERVIEW, overview)
    print_overview(overview, console)
    console.print(f"Gradebook, reports and overview written to {output}")
    write_histogram(output / OVERVIEW / HISTOGRAM, overview, f"{spec.title}, phase {phase_number}")
    return 0


def run_marks_import(
    project: Project, assignment: str, phase_number: int, output: Path, marks_file: Path
) -> str:
    """Check a marks file, store its marks in a batch's database, write the class files.

    Returns:
        A line saying what was stored.

    Raises:
        CardlabError: No results database in ``output``, or a wrong marks file (then
            nothing is stored).
    """
    phase = project.spec(assignment).phase(phase_number)
    if not (output / DATABASE_NAME).is_file():
        raise CardlabError(
            f"{output} holds no results of cardlab grade-all; grade the class first "
            "or name its folder with --output"
        )
    with open_store(output, assignment, phase_number) as store:
        marks, removed = read_marks(marks_file, phase, store.all())
        store.put_marks(marks, removed)
    outcomes = class_record(output, assignment, phase_number)
    write_class_files(output, outcomes, phase)
    write_csv(output / OVERVIEW, summarize(outcomes, phase))
    taken_back = f", {len(removed)} taken back" if removed else ""
    return (
        f"Stored {len(marks)} mark(s) from {marks_file}{taken_back}; gradebook, reports "
        f"and overview tables in {output} written again"
    )
