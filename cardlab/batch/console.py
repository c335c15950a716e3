"""``cardlab grade-all``, ``cardlab overview`` and ``cardlab marks import`` in the terminal.

A progress bar (submissions done out of those to grade, rate, time left) runs while
the batch grades; each submission that could not be graded prints one line. At the
end, the gradebook, reports, class overview and the class's HTML pages are written from
the database and the overview is printed as tables. Importing marks given by hand stores them all or
none, then writes the class files again, so that they hold the new totals. Verifying
(``--verify K``) prints the seed of its sample, then one line per submission whose new
grading differs from its stored result, and a summary.
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

from ..course.deadline import describe
from ..course.project import Project
from ..errors import EXIT_DIFFERENT, EXIT_INTERRUPTED, CardlabError
from ..worker.untrusted import MAX_NOTE, printable
from .grade_all import BatchPlan, BatchRequest, grade_all
from .gradebook import write_class_files
from .marks import class_record, read_marks
from .overview import HISTOGRAM, OVERVIEW, print_overview, summarize, write_histogram
from .overview import write_overview_csv as write_csv
from .site import write_site
from .store import DATABASE_NAME, FAILED, GRADED, Outcome, Verdict, open_store
from .verify import Disagreement, Sample, verify


class RateColumn(ProgressColumn):
    """Submissions graded per second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        """The task's speed as ``1.23/s`` (``?/s`` before the first result)."""
        speed = task.finished_speed or task.speed
        return Text("?/s" if speed is None else f"{speed:.2f}/s", style="progress.data.speed")


def _progress(console: Console, what: str = "Grading") -> Progress:
    return Progress(
        TextColumn(f"[bold]{what}"),
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
        up_to_date = len(plan.submissions) - len(plan.to_grade) - len(plan.refused)
        refused = f", {len(plan.refused)} refused as late" if plan.refused else ""
        console.print(
            f"{len(plan.submissions)} submissions: {len(plan.to_grade)} to grade, "
            f"{up_to_date} already graded and unchanged{refused}"
        )
        if plan.timing is not None:
            _print_timing(console, plan)
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


def _print_timing(console: Console, plan: BatchPlan) -> None:
    """Say where the submission times come from, and who was late or refused."""
    timing = plan.timing
    assert timing is not None
    source = (
        f"times from {escape(str(timing.times_file))}"
        if timing.times_file
        else "times from each zip's entries or folder's files (no submissions.csv)"
    )
    extensions = f", {len(timing.extensions)} extension(s)" if timing.extensions else ""
    console.print(f"Deadline: {escape(describe(timing.deadline))}; {source}{extensions}")
    unlisted = timing.unlisted(plan.submissions)
    if unlisted:
        console.print(
            f"[yellow]Not in {escape(str(timing.times_file))}[/], timed by their files: "
            f"{escape(printable(', '.join(unlisted), MAX_NOTE))}"
        )
    untimed = [s for s, t in plan.timings.items() if not t.submitted_at]
    if untimed:
        console.print(
            f"[yellow]No submission time[/] (graded as on time): "
            f"{escape(printable(', '.join(untimed), MAX_NOTE))}"
        )
    for submission in plan.refused:
        console.print(
            f"[red]{escape(printable(submission.student))}[/]: late-refused: "
            f"{escape(printable(plan.timings[submission.student].cause, MAX_NOTE))}"
        )


def write_and_print(
    project: Project,
    assignment: str,
    phase_number: int,
    output: Path,
    console: Console,
) -> int:
    """Write the class files, overview and pages of a batch's output folder; print it.

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
    index = write_site(output, outcomes, overview, f"{spec.title}, phase {phase_number}")
    print_overview(overview, console)
    console.print(f"Gradebook, reports and overview written to {output}")
    console.print(f"The class's pages, to open in a browser: {index}", markup=False, soft_wrap=True)
    write_histogram(output / OVERVIEW / HISTOGRAM, overview, f"{spec.title}, phase {phase_number}")
    return 0


def run_marks_import(
    project: Project, assignment: str, phase_number: int, output: Path, marks_file: Path
) -> str:
    """Check a marks file, store its marks in a batch's database, write the class again.

    The class files, the overview's tables and the class's pages are written again.

    Returns:
        A line saying what was stored.

    Raises:
        CardlabError: No results database in ``output``, or a wrong marks file (then
            nothing is stored).
    """
    spec = project.spec(assignment)
    phase = spec.phase(phase_number)
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
    overview = summarize(outcomes, phase)
    write_csv(output / OVERVIEW, overview)
    write_site(output, outcomes, overview, f"{spec.title}, phase {phase_number}")
    taken_back = f", {len(removed)} taken back" if removed else ""
    return (
        f"Stored {len(marks)} mark(s) from {marks_file}{taken_back}; gradebook, reports, "
        f"overview tables and the class's pages in {output} written again"
    )


SHOWN_TESTS = 10
"""Changed tests named on a differing submission's line; the rest are counted."""


def run_verify(
    project: Project, request: BatchRequest, count: int, seed: int, console: Console
) -> int:
    """Grade ``count`` random results of a batch again, printing those that differ.

    The sample's seed and a progress bar go to ``console``; the line of each differing
    submission and the summary go to the standard output.

    Returns:
        The exit status: 0 when every new grading agrees, 1 when one differs, 130 when
        interrupted with Ctrl-C (nothing is changed either way).

    Raises:
        CardlabError: See :func:`~cardlab.batch.verify.verify`.
    """
    progress = _progress(console, "Verifying")
    task_id = progress.add_task("verifying", total=count)
    out = Console(highlight=False, soft_wrap=True)

    def drawn(chosen: Sample) -> None:
        left_out = (
            f"; {chosen.left_out} left out (files or graders changed since they were graded)"
            if chosen.left_out
            else ""
        )
        console.print(
            f"Grading again {count} of {chosen.checkable} graded submissions, chosen with "
            f"seed {chosen.seed} (--verify-seed {chosen.seed} chooses the same){left_out}",
            soft_wrap=True,
        )
        progress.start()

    def checked(verdict: Verdict, difference: Disagreement | None) -> None:
        progress.advance(task_id)

    try:
        differences = verify(project, request, count, seed, drawn, checked)
    except KeyboardInterrupt:
        _stop(progress)
        console.print("Interrupted. Nothing was changed.")
        return EXIT_INTERRUPTED
    finally:
        _stop(progress)
    for difference in differences:
        out.print(escape(difference_line(difference)))
    agree = count - len(differences)
    if differences:
        out.print(
            f"{len(differences)} of {count} submissions graded again differ from their stored "
            f"result ({agree} agree; seed {seed}); the stored results are unchanged"
        )
        return EXIT_DIFFERENT
    out.print(f"All {count} submissions graded again agree with their stored result (seed {seed})")
    return 0


def difference_line(difference: Disagreement) -> str:
    """One line: the submission, both scores and the tests whose outcome changed."""
    stored, regraded = difference.stored, difference.regraded
    if regraded.status == GRADED:
        now = f"{regraded.score:g} / {regraded.max_score:g}"
    else:
        now = f"{regraded.status} ({printable(regraded.cause, MAX_NOTE)})"
    line = (
        f"{printable(stored.student)}: stored {stored.score:g} / {stored.max_score:g}, "
        f"graded again {now}"
    )
    changes = [
        f"{printable(change.test, MAX_NOTE)} {change.stored} -> {change.regraded}"
        for change in difference.tests[:SHOWN_TESTS]
    ]
    hidden = len(difference.tests) - SHOWN_TESTS
    if hidden > 0:
        changes.append(f"and {hidden} more")
    return f"{line}; tests changed: {', '.join(changes)}" if changes else line
