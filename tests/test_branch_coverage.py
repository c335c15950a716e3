"""Hidden tests reach every branch of the student-written code, several times each.

Hidden tests are differential: each case they send to the student's code, they also
work out with the reference, in the judge. So counting which lines of the reference
run while the hidden tests grade the reference solution tells which branches of each
student-written method the hidden cases reach, and how often. A branch reached by no
hidden case, or by only one, is a rule a student can get wrong unnoticed.

Lines are counted by arc (from one line to the next), so that a body whose first line
runs twice in one pass (a loop, a statement over several lines) counts once.

Console programs run only in the worker, where nothing is counted: the shared grading
(``run_once.grade_reference``) replays each console run of a hidden test on the
reference's own program in the judge, and counts its arcs there (unless the test ran
that program in the judge itself, which counted them already).

Branches are the two outcomes of every ``if`` (its body runs, or it is skipped) in the
student-written functions. Branches only fixed cases reach (errors raised for bad
arguments, say), branches no differential case can reach, and modules the student
designs freely are listed, each with the reason. Rare rules get hidden tests aimed at
them: ``graders/<assignment>/hidden/test_aimed_branches.py``.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from run_once import graded_files, graded_modules

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

UNREACHABLE = {
    ("kings_corner", "table", "Table.apply", 4, False): (
        "a move of no known kind: a Move crosses to the worker as its notation, which has none"
    ),
    ("whist", "whist.basic_player", "BasicPlayer.play_card", 2, True): (
        "a strategy choosing a card not held: a strategy is code, which cannot cross"
    ),
    ("whist", "whist.basic_whist", "human_game", 1, True): (
        "the basic players' tie-breaks, which the contract leaves open, shape the person's "
        "games: the same typed lines give the reference and a student different games"
    ),
    ("whist", "whist.basic_whist", "human_game", 1, False): "as the other outcome",
}
"""Branches (as in ``FIXED_CASES``) no differential hidden case can reach, reviewed, with why."""

OWN_DESIGN = {
    ("whist", "whist.advanced_strategy"): (
        "the student's own strategy, graded by the tournament: the reference's is one of many"
    ),
}
"""Modules a student designs freely: no hidden case compares them with the reference."""

CASES = [
    ("cardgame", 1),
    ("bisca", 1),
    ("bisca", 2),
    ("bisca", 3),
    ("kings_corner", 1),
    ("kings_corner", 2),
    ("kings_corner", 3),
    ("whist", 1),
    ("whist", 2),
    ("hearts", 1),
    ("hearts", 2),
]


def _branches(source: str, functions: tuple[str, ...]):
    """(function, k, test lines, body lines) of every ``if`` in the named functions (all if empty).

    Both are ranges of lines: the test from the ``if`` to the last line of its condition,
    the body those of its first statement.
    """
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
                test = range(child.lineno, child.test.end_lineno + 1)
                first = child.body[0]
                found.append((name, count, test, range(first.lineno, first.end_lineno + 1)))
            visit(child, scope)

    visit(ast.parse(source), [])
    return found


def branch_counts(arcs: Counter, path: str, functions: tuple[str, ...]):
    """(function, k, outcome, hidden cases, line) of each branch of a file's functions.

    A test is evaluated each time one of its lines is reached from a line outside it (a
    statement over several lines may start running on any of them); its body runs each
    time a line of the body's first statement is reached from the test.
    """
    here = [(start, end, n) for (file, start, end), n in arcs.items() if file == path]
    for function, k, test, body in _branches(Path(path).read_text(), functions):
        evaluated = sum(n for start, end, n in here if end in test and start not in test)
        taken = sum(n for start, end, n in here if end in body and start in test)
        yield function, k, True, taken, test.start
        yield function, k, False, evaluated - taken, test.start


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "number"), CASES)
def test_hidden_cases_reach_every_branch_several_times(repo, reference_grading, assignment, number):
    graded = reference_grading(assignment, number)  # shared with the grading tests
    assert graded.report.score == graded.report.max_score - graded.report.open_points
    spec = repo.spec(assignment)
    targets = graded_modules(spec, number)
    rare = []
    for path, module in graded_files(repo, spec, number).items():
        if (assignment, module) in OWN_DESIGN:
            continue
        for function, k, outcome, count, line in branch_counts(graded.arcs, path, targets[module]):
            branch = (assignment, module, function, k, outcome)
            known = branch in FIXED_CASES or branch in UNREACHABLE
            if count < SEVERAL and not known:
                rare.append(f"{module}.{function}: if #{k} (line {line}) {outcome}: {count}")
    assert not rare, f"branches reached by fewer than {SEVERAL} hidden cases:\n" + "\n".join(rare)
