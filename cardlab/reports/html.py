"""The terminal report as HTML: the very report a student reads, for a page in a browser.

The report is printed by :func:`~cardlab.reports.text.print_report` on a console that
records it, then exported by rich as HTML: each run of text HTML-escaped, its colour as
an inline style, the whole in one ``<pre>``. A page that shows it thus shows what the
terminal shows, line for line, with nothing a student wrote read as markup (the text
report already keeps rich from reading their text as rich markup, so no student text
becomes a link either).

The "Run it again" commands of the failures are also given one by one
(:func:`rerun_commands`), every failure's, for a page that lists them to copy.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.terminal_theme import TerminalTheme

from ..judge.results import FAILED, RERUN_PREFIX, GradeReport
from .text import REPORT_WIDTH, print_report

_PRE = '<pre class="report">{code}</pre>'
"""What rich's export fills in: the report's spans, with no colours of a page around it."""

_COLOURS = [
    (0, 0, 0),
    (178, 24, 24),
    (20, 120, 40),
    (150, 100, 0),
    (30, 80, 170),
    (140, 40, 140),
    (20, 120, 130),
    (110, 110, 110),
]
"""Black, red, green, yellow, blue, magenta, cyan and white, as they are on a white page."""
LIGHT = TerminalTheme((255, 255, 255), (30, 30, 30), _COLOURS, _COLOURS)
"""Terminal colours dark enough to read on a white page (rich's default is for a dark one)."""


def report_html(report: GradeReport) -> str:
    """The report's terminal text as an HTML ``<pre>`` element (escaped, coloured)."""
    console = Console(
        record=True,
        width=REPORT_WIDTH,
        force_terminal=True,
        color_system="truecolor",
        highlight=False,
        file=io.StringIO(),
    )
    print_report(report, console)
    return console.export_html(theme=LIGHT, code_format=_PRE, inline_styles=True)


def rerun_commands(report: GradeReport) -> list[tuple[str, str]]:
    """Each failing test's name and the command that runs it again, in report order."""
    commands = []
    for test in report.tests:
        if test.status != FAILED:
            continue
        _, found, command = test.message.partition(f"\n{RERUN_PREFIX}")
        if found:
            commands.append((test.name, command))
    return commands
