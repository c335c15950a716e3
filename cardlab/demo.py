"""``cardlab demo``: grade the bisca solution and an example submission with bugs.

The demo shows, in one command, what an instructor gets: the reference written out
as a submission scores full marks in phase 2, and a bundled example submission with
a few realistic bugs loses points in the parts where its bugs are, each failure
saying what was called, what was expected and what came back.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from .course.project import Project
from .course.solution import write_solution
from .judge.grading import project_job, run
from .reports import print_report

ASSIGNMENT = "bisca"
PHASE = 2
EXAMPLE = Path("examples") / "phase2-buggy"


def example_submission(project: Project) -> Path:
    """The bundled example submission with bugs."""
    return project.graders_dir(ASSIGNMENT) / EXAMPLE


def run_demo(project: Project, console: Console | None = None) -> None:
    """Grade the solution and the example submission for bisca phase 2, and print both."""
    console = console or Console(highlight=False)
    spec = project.spec(ASSIGNMENT)
    with tempfile.TemporaryDirectory(prefix="cardlab-demo-") as scratch:
        solution = Path(scratch) / "solution"
        write_solution(project, spec, solution)
        submissions = [
            ("The reference solution, written out as a submission", solution),
            ("An example submission with three bugs", example_submission(project)),
        ]
        for title, folder in submissions:
            console.print(Rule(f"[bold]{title}"))
            with console.status(f"Grading {folder.name} (bisca, phase {PHASE})…"):
                report = run(project_job(project, ASSIGNMENT, PHASE, folder))
            print_report(report, console)
            console.print(f"[bold]Score: {report.score:g} / {report.max_score:g}[/]\n")
