"""Grading an alternative solution: only the parts whose tests run its modules.

An alternative solution is the reference solution with some of its modules written
another way. A part whose tests run none of those modules (``Spec.parts_running``: with
fair parts, every part that grades other code) runs exactly the reference solution's
code, and grading is deterministic, so it scores what the reference scores, which
``test_the_reference_scores_full_marks`` checks once a run. Grading it again would only
add time.

A spec whose parts run all of the student's code (``other_parts = "student"``) gives no
such part, with one exception: the grader of a phase tournament plays the game itself,
with the reference's classes, and calls only the objects of the tournament part's own
code, built in the worker from the classes that code imports and the codec builds. A
module outside that closure never runs in the tournament, and the tournament (hundreds
of games, each in a fresh worker) is left out for an alternative of such a module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from cardlab.course.project import CODEC_FILE, Project
from cardlab.course.spec import OTHER_PARTS_STUDENT, Spec, code_module
from cardlab.judge.grading import project_job, run


def points_lost(
    project: Project, assignment: str, phase: int, folder: Path, modules: Iterable[str]
) -> list[str]:
    """Grade the parts of ``phase`` that run any of ``modules`` of the submission ``folder``.

    Returns:
        A line for each of those parts short of full marks (a part marked by hand leaves
        its points open, and is not one) and for each test that lost points, then the
        report's notes: empty when the alternative scored full marks.
    """
    spec = project.spec(assignment)
    parts = spec.parts_running(phase, modules)
    tournament = spec.phase(phase).tournament
    if tournament is not None and spec.other_parts == OTHER_PARTS_STUDENT:
        reached = tournament_modules(project, spec, phase, folder)
        if not reached & set(modules):
            parts = tuple(part for part in parts if part != tournament.part)
    assert parts, f"no part of {assignment} phase {phase} runs {sorted(modules)}"
    report = run(project_job(project, assignment, phase, folder), parts=parts)
    short = [
        f"part {p.id}: {p.score} of {p.max_score}"
        for p in report.parts
        if p.id in parts and p.score < p.max_score and not p.manual
    ]
    tests = [f"{t.id}: {t.message.splitlines()[0]}" for t in report.tests if t.fraction < 1]
    return [*short, *tests, *report.notes]


def tournament_modules(project: Project, spec: Spec, phase: int, folder: Path) -> set[str]:
    """The submitted modules a phase tournament can run from ``folder``.

    The tournament part's own modules, the modules whose classes the assignment's codec
    builds in the worker, and every submitted module these import, directly or not.
    """
    submitted = spec.submitted_modules(phase)
    graded = spec.phase(phase)
    found = {code_module(entry, submitted) for entry in graded.part(graded.tournament.part).code}
    codec = project.graders_dir(spec.id) / CODEC_FILE
    if codec.is_file():
        found |= _named_in(ast.parse(codec.read_text(encoding="utf-8")), submitted)
    waiting = list(found)
    while waiting:
        module = waiting.pop()
        path = folder.joinpath(*module.split(".")).with_suffix(".py")
        if path.is_file():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for imported in _imports(tree, module, submitted) - found:
                found.add(imported)
                waiting.append(imported)
    return found


def _named_in(tree: ast.AST, submitted: tuple[str, ...]) -> set[str]:
    """Submitted modules that string constants of ``tree`` name (``"cards.hand.Hand"``)."""
    return {
        code_module(node.value, submitted)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and any(node.value.startswith(m + ".") for m in submitted)
    }


def _imports(tree: ast.AST, module: str, submitted: tuple[str, ...]) -> set[str]:
    """Submitted modules that ``module`` imports, absolutely or relatively, anywhere."""
    package = module.rsplit(".", 1)[0] if "." in module else ""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(filter(None, [package, base]))
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return {name for name in names if name in submitted}
