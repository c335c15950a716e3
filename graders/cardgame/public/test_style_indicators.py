"""Style (10%): indicators measured on the files you edit, each with the rule it checks.

Your files are read as text, never run. Each indicator is all or nothing, and counts
in proportion to the methods you have written (a stub has no style to mark yet). Code
built from strings while it runs (``exec``, ``eval``, ``compile``, ``__import__``,
``importlib``) is code no indicator can read, so it breaks every indicator. Your
instructor reads your code too, and may change the mark these indicators suggest.
"""

import pytest

from cardlab.testing import code_from_strings, style

pytestmark = pytest.mark.part("style")

_SHOWN = 12


def mark(student_files, phase, credit, rule, findings):
    """Fail with the findings, or award credit for the share of methods written.

    Code built from strings fails every indicator, since none of them can read it.
    """
    code_from_strings.expect_in_the_open(student_files.values(), rule, "indicator")
    left = style.unwritten(student_files, phase.methods)
    if len(left) == len(phase.methods):
        raise AssertionError(
            f"rule: {rule}\nnone of the methods you write is written yet, so there is no "
            "style to mark: this indicator counts once you write them"
        )
    if findings:
        more = f"\n  ... and {len(findings) - _SHOWN} more" if len(findings) > _SHOWN else ""
        shown = "\n".join(f"  {finding}" for finding in findings[:_SHOWN])
        raise AssertionError(f"rule: {rule}\nbroken at:\n{shown}{more}")
    share = 1 - len(left) / len(phase.methods)
    note = f"rule: {rule}: holds"
    if left:
        note += (
            f"; {len(phase.methods) - len(left)} of {len(phase.methods)} methods written, so "
            f"{share:.0%} of the credit (still to write: {', '.join(left)})"
        )
    credit.award(share, note)


def test_lint(student_files, phase, credit):
    """Lint: ruff finds nothing in your files."""
    rule = (
        f"ruff check finds nothing (rules {', '.join(style.LINT_RULES)}, lines up to "
        f"{style.LINE_LENGTH} characters)"
    )
    mark(student_files, phase, credit, rule, style.lint_findings(list(student_files.values())))


def test_docstrings(student_files, phase, credit):
    """Docstrings: every public module, class and function has one."""
    findings = [f for path in student_files.values() for f in style.missing_docstrings(path)]
    rule = "every public module, class and function has a docstring"
    mark(student_files, phase, credit, rule, findings)


def test_function_length(student_files, phase, credit):
    """Length: no function is longer than the limit."""
    findings = [f for path in student_files.values() for f in style.long_functions(path)]
    rule = f"no function is longer than {style.MAX_FUNCTION_LINES} lines, docstring included"
    mark(student_files, phase, credit, rule, findings)
