"""Hypothesis's notes on a failing example, rewritten for a student.

Hypothesis notes the failing example as a call of the test function with every
argument, the test's fixtures included (``student=<your code>, ref=<reference>``).
A student needs only the values that were drawn; the rest is the grader's machinery.
"""

from __future__ import annotations

import re
from collections.abc import Collection

_EXAMPLE_HEADER = re.compile(r"^[A-Z][a-z ]*(?:example|test case): [\w.]+\($")
"""Hypothesis's wordings: "Falsifying example", "Failing explicit example", "Failing test case"."""
_ARGUMENT = re.compile(r"^    (\w+)=")


def student_note(note: str, fixtures: Collection[str]) -> str:
    """A note as the student sees it: an example's drawn values only, others unchanged.

    Args:
        note: One of an exception's ``__notes__``.
        fixtures: The names of the test's fixtures, left out of the example.

    Returns:
        ``Failing example: name=value, ...`` (a value over several lines keeps them), or
        the note unchanged when it is not hypothesis's note on an example.
    """
    lines = note.splitlines()
    if len(lines) < 2 or not _EXAMPLE_HEADER.match(lines[0]) or lines[-1] != ")":
        return note
    arguments: list[list[str]] = []
    for line in lines[1:-1]:
        if _ARGUMENT.match(line) or not arguments:
            arguments.append([])
        arguments[-1].append(line)
    drawn = [
        "\n".join(argument).strip().removesuffix(",")
        for argument in arguments
        if not ((match := _ARGUMENT.match(argument[0])) and match.group(1) in fixtures)
    ]
    return "Failing example: " + ", ".join(drawn) if drawn else "Failing example"
