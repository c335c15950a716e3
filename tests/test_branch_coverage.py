"""Hidden tests reach every branch of the student-written code, several times each.

Hidden tests are differential: each case they send to the student's code, they also
work out with the reference, in the judge. So counting which lines of the reference
run while the hidden tests grade the reference solution tells which branches of each
student-written method the hidden cases reach, and how often. A branch reached by no
hidden case, or by only one, is a rule a student can get wrong unnoticed.

Console programs run only in the worker, where nothing is counted: the shared grading
(``run_once.grade_reference``) replays each console run of a hidden test on the
reference's own program in the judge, and counts its lines there.

Branches are the two outcomes of every ``if`` (its body runs, or it is skipped) in the
student-written functions. Branches only fixed cases reach (errors raised for bad
arguments, say) are listed with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from run_once import graded_modules

SEVERAL = 3
"""How many hidden cases must reach each branch."""

FIXED_CASES = {
    ("bisca", "auto_player", "AutoPlayer.choose", 1, True): "an empty hand: a fixed public case",
    ("bisca", "card", "Card.__post_init__", 2, True): "a suit that is not a Suit: fixed cases",
    ("bisca", "card", "Card.__eq__", 1, True): "a non-card: fixed cases, no reference call",
    ("bisca", "board", "Board.__init__", 1, True): "first not 0 or 1: fixed cases",
    ("bisca", "board", "Board._opponent_of", 2, False): "a stranger to the board: fixed cases",
    ("bisca", "board", "Board.play", 1, True): "a move after the end: fixed cases",
    ("bisca", "board", "Board.winner", 1, True): "asked before the end: fixed cases",
    ("cardgame", "card", "Card.__eq__", 1, True): "a non-card: fixed cases, no reference call",
    ("cardgame", "card", "Card.__lt__", 1, True): "a non-card: fixed cases, no reference call",
}
"""Branches (assignment, module, function, if-number in it, outcome) that only fixed
cases reach (public tests, or hidden tests with written expectations), with why that
is enough."""

CASES = [("cardgame", 1), ("bisca", 1), ("bisca", 2), ("bisca", 3)]


def _branches(source: str, functions: tuple[str, ...]):
    """(function, k, body line, test line) of every ``if`` in the named functions (all if empty)."""
    found = []

    def visit(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.ClassDef):
                visit(child, [*scope, child.name])
                continue
            name = ".".join(scope)
            wanted = not functions or any(name == f or name.startswith(f + ".") for f in functions)
            if isinstance(child, ast.If) and wanted and scope:
                count = sum(1 for f in found if f[0] == name) + 1
                found.append((name, count, child.body[0].lineno, child.lineno))
            visit(child, scope)

    visit(ast.parse(source), [])
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "number"), CASES)
def test_hidden_cases_reach_every_branch_several_times(
    repo, reference_grading, assignment, number
):
    graded = reference_grading(assignment, number)  # shared with the grading tests
    assert graded.report.score == graded.report.max_score
    reference = repo.reference_dir(assignment)
    targets = graded_modules(repo.spec(assignment), number)
    files = {str((reference / f"{m}.py").resolve()): m for m in targets}
    hits = graded.lines
    rare = []
    for path, module in files.items():
        for function, k, body, test in _branches(Path(path).read_text(), targets[module]):
            taken = hits[path, body]
            skipped = hits[path, test] - taken
            for outcome, count in ((True, taken), (False, skipped)):
                known = (assignment, module, function, k, outcome) in FIXED_CASES
                if count < SEVERAL and not known:
                    rare.append(f"{module}.{function}: if #{k} (line {test}) {outcome}: {count}")
    assert not rare, f"branches reached by fewer than {SEVERAL} hidden cases:\n" + "\n".join(rare)
