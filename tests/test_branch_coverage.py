"""Hidden tests reach every branch of the student-written code, several times each.

Hidden tests are differential: each case they send to the student's code, they also
work out with the reference, in the judge. So counting which way each ``if`` of the
reference went while the hidden tests grade the reference solution tells which
branches of each student-written method the hidden cases reach, and how often. A branch
reached by no hidden case, or by only one, is a rule a student can get wrong unnoticed.
The reference is counted by compiling its modules with counters in them (``counting``).

Console programs run only in the worker, where nothing is counted: the shared grading
(``run_once.grade_reference``) replays each console run of a hidden test on the
reference's own program in the judge, and counts it there (unless the test ran that
program in the judge itself, which counted it already).

Branches are the two outcomes of every ``if`` (its body runs, or it is skipped) in the
student-written functions. Branches only fixed cases reach (errors raised for bad
arguments, say), branches no differential case can reach, and modules the student
designs freely are listed, each with the reason. Rare rules get hidden tests aimed at
them: ``graders/<assignment>/hidden/test_aimed_branches.py``.
"""

from __future__ import annotations

import pytest
from branches import FIXED_CASES, OWN_DESIGN, SEVERAL, UNREACHABLE, branch_counts
from counting import counting, instrumented
from run_once import graded_files, graded_modules

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
        counted = branch_counts(graded.branches, path, targets[module])
        for function, k, outcome, count, line in counted:
            branch = (assignment, module, function, k, outcome)
            known = branch in FIXED_CASES or branch in UNREACHABLE
            if count < SEVERAL and not known:
                rare.append(f"{module}.{function}: if #{k} (line {line}) {outcome}: {count}")
    assert not rare, f"branches reached by fewer than {SEVERAL} hidden cases:\n" + "\n".join(rare)


COUNTED_SOURCE = '''
class Box:
    def pick(self, items):
        """A docstring stays the docstring."""
        found = []
        for item in items:
            if item.check():
                found.append(item)
            elif item.odd:
                found.append(None)
        return found
'''


def test_the_counters_count_each_condition_once_and_change_nothing_else(tmp_path):
    """The counted reference behaves as the reference: each condition is evaluated once."""
    path = str(tmp_path / "box.py")
    evaluated = []

    class Item:
        def __init__(self, passes: bool, odd: bool) -> None:
            self.passes, self.odd = passes, odd

        def check(self) -> bool:
            evaluated.append(self)
            return self.passes

    with counting(str(tmp_path)) as counts:
        namespace: dict = {}
        exec(instrumented(COUNTED_SOURCE.encode(), path), namespace)
        box = namespace["Box"]
        items = [Item(True, False), Item(False, True), Item(False, False)]
        assert box().pick(items) == [items[0], None]
        assert box.pick.__doc__ == "A docstring stays the docstring."
    assert evaluated == items
    assert counts.branches == {
        (path, "Box.pick", 1, True): 1,
        (path, "Box.pick", 1, False): 2,
        (path, "Box.pick", 2, True): 1,
        (path, "Box.pick", 2, False): 1,
    }
    assert counts.entered == {(path, "Box.pick"): 1}
