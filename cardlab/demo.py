"""``cardlab demo``: grade the reference solution and an example submission with bugs.

The demo shows, in one command, what an instructor gets: the reference written out
as a submission scores full marks, and a bundled example submission with a few
realistic bugs loses points in the parts where its bugs are, each failure saying what
was called, what was expected and what came back. The assignment whose declaration
has a ``[demo]`` table names the phase and the example.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from .course.project import Project
from .course.registry import DECLARATION_FILE, Declaration, Demo
from .course.solution import write_solution
from .errors import CardlabError
from .judge.grading import project_job, run
from .reports import print_report


def demo_of(project: Project) -> tuple[Declaration, Demo]:
    """The assignment that declares the demo, and its demo (the first, by id).

    Raises:
        CardlabError: When no assignment declares one.
    """
    for declaration in project.declarations():
        if declaration.demo is None:
            continue
        if not declaration.demo.submission.is_dir():
            raise CardlabError(
                f"{declaration.folder / DECLARATION_FILE}: demo.submission: "
                f"no folder {declaration.demo.submission}"
            )
        return declaration, declaration.demo
    raise CardlabError("no assignment declares a demo ([demo] in its assignment.toml)")


def example_submission(project: Project) -> Path:
    """The bundled example submission with bugs."""
    return demo_of(project)[1].submission


def run_demo(project: Project, console: Console | None = None) -> None:
    """Grade the solution and the example submission of the demo's phase, and print both."""
    console = console or Console(highlight=False)
    declaration, demo = demo_of(project)
    spec = project.spec(declaration.id)
    with tempfile.TemporaryDirectory(prefix="cardlab-demo-") as scratch:
        solution = Path(scratch) / "solution"
        write_solution(project, spec, solution)
        submissions = [
            ("The reference solution, written out as a submission", solution),
            (demo.title, demo.submission),
        ]
        for title, folder in submissions:
            console.print(Rule(f"[bold]{title}"))
            with console.status(f"Grading {folder.name} ({declaration.id}, phase {demo.phase})…"):
                report = run(project_job(project, declaration.id, demo.phase, folder))
            print_report(report, console)
            console.print(f"[bold]Score: {report.score:g} / {report.max_score:g}[/]\n")
