"""Design rules (10%): the two rules of the course, measured on the files you write.

Your files are read as text, never run. Each indicator states its rule; it is all or
nothing, and counts in proportion to the functions you have written (a stub has no
design to mark yet). Code built from strings while it runs (``exec``, ``eval``,
``compile``, ``__import__``, ``importlib``) is code no rule can read, so it breaks
every rule. Your instructor reads your code too, and may change the mark.
"""

import ast

import pytest

from cardlab.testing import code_from_strings, design, style

RULES = {
    "encapsulation": (
        "no object examines or alters the variables of another object: no reading of "
        "another object's _attributes, no assigning to another object's attributes",
        design.reaching_into_objects,
    ),
    "io-apart": (
        "a function either does input and output (print, input) or computes, not both",
        design.io_mixed_with_computation,
    ),
}
_SHOWN = 12


def functions_of(path):
    """Qualified names ``module.Class.method`` of every function in a file."""
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, OSError, ValueError):
        return []
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            names.append(f"{path.stem}.{node.name}")
        elif isinstance(node, ast.ClassDef):
            names += [f"{path.stem}.{node.name}.{item.name}" for item in node.body
                      if isinstance(item, ast.FunctionDef)]
    return names


@pytest.mark.parametrize(
    "rule",
    [pytest.param(r, marks=pytest.mark.part(p), id=f"{r}-{p}")
     for p in ("design-1", "design-2") for r in RULES],
)
def test_design_rule(student_files, phase, credit, rule):
    """A design rule holds in the files you write in this phase."""
    text, measure = RULES[rule]
    files = {name: path for name, path in student_files.items() if name in phase.writes}
    functions = [f for path in files.values() for f in functions_of(path)]
    left = style.unwritten(files, functions)
    if not functions or len(left) == len(functions):
        raise AssertionError(f"rule: {text}\nnothing is written yet in "
                             f"{', '.join(sorted(files))}, so there is no design to mark")
    code_from_strings.expect_in_the_open(files.values(), text, "rule")
    findings = [finding for path in files.values() for finding in measure(path)]
    if findings:
        more = f"\n  ... and {len(findings) - _SHOWN} more" if len(findings) > _SHOWN else ""
        shown = "\n".join(f"  {finding}" for finding in findings[:_SHOWN])
        raise AssertionError(f"rule: {text}\nbroken at:\n{shown}{more}")
    share = 1 - len(left) / len(functions)
    credit.award(share, f"rule: {text}: holds ({len(functions) - len(left)} of "
                        f"{len(functions)} functions written)")
