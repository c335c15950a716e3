"""A graded toy class whose folder names and failure messages try to run script in a page.

Each payload, if a page ever let it through as markup, would set ``data-pwned`` on the
page's ``<html>`` element (:data:`MARK`): what a browser test looks for. Folder names
cannot hold ``/``, so the payloads that need a closing tag are in the messages: the
hostile submission's ``add`` returns :data:`MESSAGE_PAYLOAD` (each failing ``add`` test
shows it), its ``Tally.add`` raises a ``KeyError`` carrying :data:`ERROR_PAYLOAD`, and its
``NOTES.md`` (a part marked by hand, shown in full) is :data:`NOTES_PAYLOAD`.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from rich.console import Console

from cardlab.batch.console import write_and_print
from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.course.project import Project
from support.toy_class import BUGGY, GOOD

MARK = "document.documentElement.dataset.pwned=1"
"""What every payload runs: sets ``data-pwned="1"`` on the ``<html>`` element."""
HOSTILE_NAMES = [
    f"<svg onload={MARK}>",
    f'"><img src=x onerror={MARK}>',
    f"javascript:{MARK}",
    f"<script>{MARK}",
    "=2+5",
]
"""Folder names of the class that try HTML, an attribute, a link, a script and a formula."""
HOSTILE = HOSTILE_NAMES[0]
"""The student whose submission also carries the payloads in its messages."""
MESSAGE_PAYLOAD = (
    f'<script>{MARK}</script>"><img src=x onerror="{MARK}"></style>'
    f"<a href='javascript:{MARK}'>j</a> [link=javascript:{MARK}]rich[/link] =2+5"
)
ERROR_PAYLOAD = f"</pre></code></style><script>{MARK}</script>"
NOTES_PAYLOAD = f'</pre><script>{MARK}</script>\n<iframe src="javascript:{MARK}"></iframe>\n'
HOSTILE_SOURCE = f"""
    def add(a, b):
        return {MESSAGE_PAYLOAD!r}

    class Tally:
        def __init__(self):
            self._total = 0

        def add(self, amount):
            if amount < 0:
                raise KeyError({ERROR_PAYLOAD!r})
            self._total += amount

        @property
        def total(self):
            return self._total
"""
STUDENTS = {
    "ann": GOOD,
    "bob": BUGGY,
    "cy": None,
    HOSTILE: HOSTILE_SOURCE,
    **{name: GOOD for name in HOSTILE_NAMES[1:]},
}
"""Student id -> source of ``counter.py`` (None: an empty folder)."""


def grade_hostile_class(project: Project, folder: Path) -> Path:
    """Grade :data:`STUDENTS` into ``folder / "out"``, class files and site written."""
    subs = folder / "subs"
    for student, source in STUDENTS.items():
        (subs / student).mkdir(parents=True)
        if source is None:
            continue
        (subs / student / "counter.py").write_text(textwrap.dedent(source), encoding="utf-8")
        notes = NOTES_PAYLOAD if student == HOSTILE else "The tally keeps a running total.\n"
        (subs / student / "NOTES.md").write_text(notes, encoding="utf-8")
    output = folder / "out"
    grade_all(project, BatchRequest("toy", 1, subs, output, jobs=2))
    write_and_print(project, "toy", 1, output, Console(quiet=True))
    return output
