"""The report of ``cardlab mutants``: kill rates, survivors as diffs, reviewed equivalents.

For instructors (see docs/instructors/mutants.md): a table of kill rates per part, then,
when the costs were asked for, what a killed mutant costs (the least, the median and the
most points, and the cheapest mutants), then each surviving mutant as a diff of the
reference with the tests that ran on it and did not notice, then the mutants the spec
lists as equivalent, with their reasons. The JSON form (``mutants.json``, format
``cardlab-mutants/1``) holds the same.
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
_CHEAPEST = 10
"""The killed mutants the text report lists as the cheapest."""


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


def _costs(console: Console, report: MutationReport) -> None:
    spread = report.costs_spread()
    if spread is None:
        return
    console.print(
        f"\nPoints a killed mutant costs in its parts ({spread.mutants} mutants): "
        f"least {spread.least:.2f}, median {spread.median:.2f}, most {spread.most:.2f}"
    )
    killed = [r for r in report.results if r.points is not None]
    cheapest = sorted(killed, key=lambda r: (r.points, r.mutant.id))[:_CHEAPEST]
    console.print(f"The {len(cheapest)} cheapest:")
    for result in cheapest:
        console.print(
            f"  {result.points:6.2f} of {result.out_of:g}  {result.mutant.id}  "
            f"line {result.mutant.line}: {result.mutant.change}",
            markup=False,
            soft_wrap=True,
        )


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
    _costs(console, report)
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
        "points": None if result.points is None else round(result.points, 4),
        "out_of": result.out_of,
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
        "costs": _spread_json(report),
        "stale_equivalents": list(report.stale),
        "mutants": [_result(result) for result in report.results],
    }


def _spread_json(report: MutationReport) -> dict[str, Any] | None:
    spread = report.costs_spread()
    if spread is None:
        return None
    return {
        "mutants": spread.mutants,
        "min": round(spread.least, 4),
        "median": round(spread.median, 4),
        "max": round(spread.most, 4),
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
