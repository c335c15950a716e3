"""The terminal report: a table of parts, then the failures, a few per test file.

The table comes first, so that a report of many failures starts with its summary. Each
test file shows at most :data:`FAILURES_PER_FILE` of its failures in a report of the whole
phase, and says how many more it has; a run limited to some tests (``--test``) shows every
failure it has. The JSON and Gradescope reports keep every failure.
"""

from __future__ import annotations

import io
from collections import Counter

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..judge.manual import NOTE
from ..judge.results import (
    FAILED,
    HIDDEN,
    PASSED,
    RERUN_PREFIX,
    SKIPPED,
    GradeReport,
    PartResult,
    TestResult,
)

REPORT_WIDTH = 100
"""The report's width in characters, in a terminal and on a page."""
_TITLE_ROOM = REPORT_WIDTH - 8
"""The characters a panel's title may take: the width, less the borders and the mark."""

FAILURES_PER_FILE = 3
"""The failures shown of each test file, in a report of the whole phase."""

_NOT_SCORED = "—"
_ELLIPSIS = "…"


def fit(text: str, room: int) -> str:
    """``text`` cut at a word to at most ``room`` characters, an ellipsis marking the cut."""
    if len(text) <= room:
        return text
    cut = text[: room - len(_ELLIPSIS) + 1].rsplit(" ", 1)[0].rstrip(" ,:;")
    return f"{cut}{_ELLIPSIS}"


def _title(lead: str, tail: str, room: int = _TITLE_ROOM) -> str:
    """``lead`` and then ``tail`` in ``room``, ``lead`` cut at a word when they do not fit."""
    tail = f" {tail}" if tail else ""
    return f"{fit(lead, max(room - len(tail), room // 3))}{tail}"


def _name_title(part: str, name: str, room: int = _TITLE_ROOM) -> str:
    """A passed test's title: its part and name, else its name alone, cut before its case.

    Two tests of one part differ by their names, often only by the case at the end
    (``[io-apart]``): a cut keeps that end, so that no two titles look alike.
    """
    whole = f"{part}: {name}"
    if len(whole) <= room:
        return whole
    head, case = name, ""
    if name.endswith("]") and " [" in name:
        at = name.rindex(" [")
        head, case = name[:at], name[at:]
    return f"{fit(head, max(room - len(case), room // 3))}{case}"


def _parts_table(report: GradeReport) -> Table:
    """One row per part: its tests passed and points (no points in a run of some tests)."""
    selected = report.selection is not None
    table = Table(title=None, expand=False, show_footer=True)
    table.add_column("Part", footer="Total", ratio=1)
    table.add_column("Tests passed", justify="right", no_wrap=True, footer=_passed_total(report))
    if not selected:
        scored = [part for part in report.parts if part.scored]
        earned = sum(part.score for part in scored)
        points = sum(part.max_score for part in scored)
        table.add_column("Points", justify="right", no_wrap=True, footer=f"{earned:g} / {points:g}")
    for part in report.parts:
        cells = [Text(part.title), Text(_passed(part, selected))]
        if not selected:
            cells.append(Text(_points(part)))
        table.add_row(*cells)
    return table


def _passed(part: PartResult, selected: bool) -> str:
    if part.manual:
        return "by hand"
    if not part.counted:
        return "when graded" if not part.scored and not selected else "none ran"
    if not part.scored:  # a student's own tests, run on their own code
        return "your tests ✓" if part.passed == part.counted else "your tests ✗"
    return f"{part.passed} / {part.counted}"


def _points(part: PartResult) -> str:
    if part.manual:
        return f"{_NOT_SCORED} / {part.max_score:g}"
    if not part.scored:
        return _NOT_SCORED
    return f"{part.score:g} / {part.max_score:g}"


def _passed_total(report: GradeReport) -> str:
    """The footer of the tests column: only a run of some tests adds them up."""
    if report.selection is None:
        return ""
    ran = [test for test in report.tests if test.status != SKIPPED]
    return f"{sum(test.status == PASSED for test in ran)} / {len(ran)}"


def _panel(body: Text, title: str, style: str) -> Panel:
    return Panel(body, title=title, title_align="left", border_style=style)


def _named(test: TestResult) -> Text:
    """A panel's body: the test's whole name, then its message."""
    return Text.assemble((test.name, "bold"), "\n", test.message)


def _results(report: GradeReport) -> list[Panel]:
    """Panels for passed tests that say what they measured (a tournament's result)."""
    return [
        _panel(
            _named(test),
            f"[bold green]✓[/] {escape(_name_title(part.title, test.name))}",
            "green",
        )
        for part in report.parts
        for test in part.tests
        if test.status == PASSED and test.message
    ]


def _documents(report: GradeReport) -> list[Panel]:
    """Panels holding, in full, the files of the parts the instructor marks by hand."""
    return [
        _panel(
            Text(part.document),
            escape(
                _title(f"{part.manual}, for {part.title}", f"({part.max_score:g} points to award)")
            ),
            "none",
        )
        for part in report.parts
        if part.manual and part.document is not None
    ]


def _failure(part: PartResult, test: TestResult) -> tuple[Panel, str]:
    """A failing test's panel, and its "Run it again" line (printed below, unwrapped)."""
    kind = "(hidden test)" if test.visibility == HIDDEN else ""
    message, _, rerun = test.message.partition(f"\n{RERUN_PREFIX}")
    body = Text.assemble((test.name, "bold"), "\n", message)
    title = f"[bold red]✗[/] {escape(_title(part.title, kind))}"
    return _panel(body, title, "red"), f"{RERUN_PREFIX}{rerun}" if rerun else ""


def _by_file(report: GradeReport) -> dict[str, list[tuple[PartResult, TestResult]]]:
    """The failing tests, by the test file they are in, in the order first met."""
    files: dict[str, list[tuple[PartResult, TestResult]]] = {}
    for part in report.parts:
        for test in part.tests:
            if test.status == FAILED:
                files.setdefault(test.id.split("::", 1)[0], []).append((part, test))
    return files


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


def _selection_line(report: GradeReport) -> str | None:
    chosen = report.selection
    if chosen is None:
        return None
    return (
        f"Only the tests matching --test {chosen.test} ran: {chosen.ran} of the phase's "
        f"{chosen.of} tests, so no points are added up; run without --test for the score."
    )


def _not_scored_line(report: GradeReport) -> str | None:
    """What the points of a student's check leave out: the parts only grading scores."""
    later = [part for part in report.parts if not part.scored]
    if not later or report.selection is not None:
        return None
    points = sum(part.max_score for part in later)
    titles = "; ".join(f"{part.title} ({part.max_score:g})" for part in later)
    return f"Checked only when your work is graded, not in the total: {points:g} points ({titles})."


def _manual_lines(report: GradeReport) -> list[str]:
    """A line per part marked by hand: what was found of its file, and its open points."""
    lines = []
    for part in report.parts:
        if not part.manual:
            continue
        who = "your instructor" if report.public_only else "you"
        found = part.note.removeprefix(NOTE)
        points = f"its {part.max_score:g} points are for {who} to award"
        lines.append(f"{part.title}: {found}; {points}.")
    return lines


def render_text(report: GradeReport, *, color: bool = False) -> str:
    """The report as terminal text (with ANSI colour when ``color``)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=REPORT_WIDTH, force_terminal=color, no_color=not color, highlight=False
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
    for line in (_selection_line(report), _not_scored_line(report)):
        if line:
            console.print(escape(line))
    if not report.public_only:
        console.print(f"[dim]{_other_parts(report)}[/]")
    for note in report.notes:
        console.print(f"[yellow]Note:[/] {escape(note)}")
    if not report.public_only:  # for the instructor: a student's own check needs no sandbox
        for note in report.isolation_notes:
            console.print(f"[dim]Isolation not available: {escape(note)}[/]")
    for line in _skips(report):
        console.print(f"[dim]Skipped:[/] {escape(line)}")
    for line in _manual_lines(report):
        console.print(escape(line))
    for panel in (*_results(report), *_documents(report)):
        console.print(panel)
    _print_failures(report, console)


def _print_failures(report: GradeReport, console: Console) -> None:
    """The failures, a few per test file unless the run was of some tests; or that none failed."""
    files = _by_file(report)
    total = sum(len(failures) for failures in files.values())
    if not total:
        if not any(part.counted for part in report.parts):
            console.print("[yellow]No test ran.[/]")
        else:
            console.print("[green]Every test that ran passed.[/]")
        return
    shown = total if report.selection is not None else FAILURES_PER_FILE
    heading = f"{total} failing test(s)"
    if any(len(failures) > shown for failures in files.values()):
        heading += f", the first {shown} of each test file shown"
    console.print(f"\n[bold]{heading}:[/]")
    for file, failures in files.items():
        for part, test in failures[:shown]:
            panel, rerun = _failure(part, test)
            console.print(panel)
            if rerun:  # one line however long, so that it can be copied whole
                console.print(rerun, soft_wrap=True, markup=False)
        if len(failures) > shown:
            console.print(
                f"… and {len(failures) - shown} more failing in {file}: run that file alone "
                f"with --test {file}, or see every failure with --format json",
                markup=False,
                highlight=False,
            )
