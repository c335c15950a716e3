"""The counters behind the branch-coverage tests (which are in ``test_assignments.py``).

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
designs freely are listed in ``[branches]`` of the assignment's ``assignment.toml``,
each with the reason. Rare rules get hidden tests aimed at them:
``graders/<assignment>/hidden/test_aimed_branches.py``.
"""

from __future__ import annotations

from support.counting import counting, instrumented

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
