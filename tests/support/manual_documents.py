"""The hand-marked documents of a whole submission, which the reference has no file for.

A solution written out for the framework's tests (``write_solution``) holds the modules;
a part marked by hand reads a document of the student's instead (whist's
``ADVANCED.md``). Tests that grade the reference as a whole submission add these, so
that its report has no note of a missing document.
"""

from __future__ import annotations

from pathlib import Path

DOCUMENTS = {
    "whist": {"ADVANCED.md": "# How my AdvancedStrategy plays\n\nIt counts the cards played.\n"},
}


def write_documents(assignment: str, folder: Path) -> None:
    """Write the assignment's hand-marked documents into a submission folder."""
    for name, text in DOCUMENTS.get(assignment, {}).items():
        (folder / name).write_text(text, encoding="utf-8")
