"""The report of ``cardlab mutants``: kill rates, survivors as diffs, reviewed equivalents.

For instructors (see docs/instructors/mutants.md): a table of kill rates per part, then
each surviving mutant as a diff of the reference with the tests that ran on it and did
not notice, then the mutants the spec lists as equivalent, with their reasons.
The JSON form (``mutants.json``, format ``cardlab-mutants/1``) holds the same.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from ..errors import CardlabError
from ..judge.mutation import EQUIVALENT, MutantResult, MutationReport, PartRate

FORMAT = "cardlab-mutants/1"
_WIDTH = 100


def _percent(rate: PartRate) -> str:
    return f"{100 * rate.rate:.1f}%" if rate.counted else "–"


def _rates_table(report: MutationReport) -> Table:
    table = Table(show_footer=True)
    overall = report.overall()
    columns = ("mutants", "killed", "survived", "equivalent", "kill rate")
    footers = (overall.mutants, overall.killed, overall.counted - overall.killed)
    table.add_column("Part", footer="All (each mutant once)")
    for column, footer in zip(
        columns, (*footers, overall.equivalent, _percent(overall)), strict=True
    ):
        table.add_column(column, justify="right", footer=str(footer))
    for rate in report.rates():
        survived = rate.counted - rate.killed
        table.add_row(
            rate.part,
            str(rate.mutants),
            str(rate.killed),
            str(survived),
            str(rate.equivalent),
            _percent(rate),
        )
    return table


def _survivor(console: Console, result: MutantResult) -> None:
    mutant = result.mutant
    console.print(f"\n[bold]{mutant.id}[/]  line {mutant.line}: {mutant.change}")
    console.print(mutant.diff().rstrip("\n"), markup=False, highlight=False)
    console.print(f"Tests that ran on it ({len(result.tests)}), all with full marks:")
    for test in result.tests:
        console.print(f"  {test}", markup=False)


def print_mutation_report(report: MutationReport, console: Console) -> None:
    """Print the report on a rich console."""
    console.print(
        f"[bold]{report.assignment}[/] phase {report.phase}: {len(report.results)} mutants of "
        f"the student-written code (other parts graded with: {report.other_parts})"
    )
    console.print(_rates_table(report))
    per_mutant = report.seconds * report.jobs / max(len(report.results), 1)
    console.print(
        f"Time: {report.seconds:.1f} s with {report.jobs} job(s), "
        f"{per_mutant:.2f} s of a judge per mutant."
    )
    survivors = report.survivors
    console.print(f"\n[bold]{len(survivors)} surviving mutant(s)[/]")
    for result in survivors:
        _survivor(console, result)
    equivalent = [r for r in report.results if r.status == EQUIVALENT]
    if equivalent:
        console.print(f"\n[bold]{len(equivalent)} reviewed equivalent mutant(s)[/] (not counted)")
        for result in equivalent:
            console.print(f"  {result.mutant.id}: {result.message}", markup=False)
    for entry in report.stale:
        console.print(
            f"[yellow]Note:[/] the spec lists {entry} as equivalent, but no such mutant is made "
            "any more: review the entry"
        )


def render_mutation_text(report: MutationReport, *, color: bool = False) -> str:
    """The report as terminal text (with ANSI colour when ``color``)."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=_WIDTH, force_terminal=color, no_color=not color, highlight=False
    )
    print_mutation_report(report, console)
    return buffer.getvalue()


def _result(result: MutantResult) -> dict[str, Any]:
    mutant = result.mutant
    return {
        "id": mutant.id,
        "module": mutant.module,
        "function": mutant.function,
        "operator": mutant.operator,
        "line": mutant.line,
        "change": mutant.change,
        "status": result.status,
        "parts": list(result.parts),
        "killed_by": result.killed_by,
        "message": result.message,
        "tests": list(result.tests),
        "seconds": round(result.seconds, 3),
        "diff": mutant.diff(),
    }


def mutation_json(report: MutationReport) -> dict[str, Any]:
    """The report as JSON-ready data."""
    return {
        "format": FORMAT,
        "assignment": report.assignment,
        "phase": report.phase,
        "other_parts": report.other_parts,
        "jobs": report.jobs,
        "seconds": round(report.seconds, 3),
        "rates": [
            {
                "part": rate.part,
                "mutants": rate.mutants,
                "killed": rate.killed,
                "equivalent": rate.equivalent,
                "rate": round(rate.rate, 4),
            }
            for rate in [*report.rates(), report.overall()]
        ],
        "stale_equivalents": list(report.stale),
        "mutants": [_result(result) for result in report.results],
    }


def write_mutation_report(report: MutationReport, output: Path | None) -> str:
    """The text report; with ``output``, also written there with the JSON and the diffs.

    Returns:
        The text report, to print.

    Raises:
        CardlabError: When the folder cannot be written (the text is still returned in
            the message's place: the caller prints it first).
    """
    text = render_mutation_text(report)
    if output is None:
        return text
    try:
        survivors = output / "survivors"
        survivors.mkdir(parents=True, exist_ok=True)
        (output / "report.txt").write_text(text, encoding="utf-8")
        data = json.dumps(mutation_json(report), indent=2, ensure_ascii=False)
        (output / "mutants.json").write_text(data + "\n", encoding="utf-8")
        for result in report.survivors:
            name = result.mutant.id.replace(":", "-").replace("<", "").replace(">", "")
            (survivors / f"{name}.diff").write_text(result.mutant.diff(), encoding="utf-8")
    except OSError as error:
        raise CardlabError(
            f"could not write the mutants report to {output} ({error.strerror}); "
            f"here it is:\n{text}"
        ) from None
    return text + f"Report written to {output}\n"
