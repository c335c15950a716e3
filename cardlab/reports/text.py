"""The terminal report: a table of parts, then each failure with its message."""

from __future__ import annotations

import io
from collections import Counter

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..judge.results import HIDDEN, RERUN_PREFIX, SKIPPED, GradeReport, PartResult

_WIDTH = 100


def _parts_table(report: GradeReport) -> Table:
    table = Table(title=None, expand=False, show_footer=True)
    table.add_column("Part", footer="Total")
    table.add_column("Tests passed", justify="right")
    table.add_column("Points", justify="right", footer=f"{report.score:g} / {report.max_score:g}")
    for part in report.parts:
        table.add_row(Text(part.title), Text(_passed(part)), f"{part.score:g} / {part.max_score:g}")
    return table


def _passed(part: PartResult) -> str:
    if part.note:
        return part.note
    return f"{part.passed} / {part.counted}"


def _panel(text: str, title: str, style: str = "none") -> Panel:
    return Panel(Text(text), title=title, title_align="left", border_style=style)


def _results(report: GradeReport) -> list[Panel]:
    """Panels for passed tests that say what they measured (a tournament's result)."""
    return [
        _panel(test.message, f"[bold green]✓[/] {part.title}: {test.name}", "green")
        for part in report.parts
        for test in part.tests
        if test.status == "passed" and test.message
    ]


def _documents(report: GradeReport) -> list[Panel]:
    """Panels holding, in full, the files of the parts the instructor marks by hand."""
    return [
        _panel(
            part.document, f"{part.manual}, for {part.title} ({part.max_score:g} points to award)"
        )
        for part in report.parts
        if part.manual and part.document is not None
    ]


def _failures(report: GradeReport) -> list[tuple[Panel, str]]:
    """A panel per failing test, and its "Run it again" line (printed below, unwrapped)."""
    failures = []
    for part in report.parts:
        for test in part.tests:
            if test.status != "failed":
                continue
            kind = " (hidden test)" if test.visibility == HIDDEN else ""
            message, _, rerun = test.message.partition(f"\n{RERUN_PREFIX}")
            body = Text.assemble((test.name, "bold"), "\n", message)
            panel = Panel(
                body,
                title=f"[bold red]✗[/] {escape(part.title)}{kind}",
                title_align="left",
                border_style="red",
            )
            failures.append((panel, f"{RERUN_PREFIX}{rerun}" if rerun else ""))
    return failures


def _skips(report: GradeReport) -> list[str]:
    """One line per part and reason for the tests that were skipped (they do not count)."""
    skipped = Counter(
        (part.title, test.message or "no reason given")
        for part in report.parts
        for test in part.tests
        if test.status == SKIPPED
    )
    return [
        f"{count} test(s) of {title} skipped, not counted: {reason}"
        for (title, reason), count in skipped.items()
    ]


def _other_parts(report: GradeReport) -> str:
    if report.other_parts == "reference":
        return "Each part was graded with the reference for the code of every other part."
    return "Each part was graded with all of the submission's code."


def render_text(report: GradeReport, *, color: bool = False) -> str:
    """The report as terminal text (with ANSI colour when ``color``)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=_WIDTH, force_terminal=color, no_color=not color, highlight=False
    )
    print_report(report, console)
    return buffer.getvalue()


def print_report(report: GradeReport, console: Console) -> None:
    """Print the report on a rich console."""
    scope = "public tests only" if report.public_only else "public and hidden tests"
    console.print(
        f"[bold]{report.title}[/] — phase {report.phase}: {report.phase_title}\n"
        f"Submission: {escape(report.submission)}  ({scope})"
    )
    console.print(_parts_table(report))
    if not report.public_only:
        console.print(f"[dim]{_other_parts(report)}[/]")
    for note in report.notes:
        console.print(f"[yellow]Note:[/] {escape(note)}")
    if not report.public_only:  # for the instructor: a student's own check needs no sandbox
        for note in report.isolation_notes:
            console.print(f"[dim]Isolation not available: {escape(note)}[/]")
    for line in _skips(report):
        console.print(f"[dim]Skipped:[/] {escape(line)}")
    if report.open_points:
        console.print(
            f"{report.open_points:g} points are left for the instructor to award by hand."
        )
    for panel in (*_results(report), *_documents(report)):
        console.print(panel)
    failures = _failures(report)
    if failures:
        console.print(f"\n[bold]{len(failures)} failing test(s):[/]")
        for panel, rerun in failures:
            console.print(panel)
            if rerun:  # one line however long, so that it can be copied whole
                console.print(rerun, soft_wrap=True, markup=False)
    elif not any(part.counted for part in report.parts):
        console.print("[yellow]No test ran.[/]")
    else:
        console.print("[green]Every test that ran passed.[/]")
