"""Reports of a graded submission: terminal text, cardlab JSON, Gradescope JSON."""

import json

from ..judge.results import GradeReport
from .gradescope import to_gradescope
from .json_report import to_json
from .text import print_report, render_text

FORMATS = ("text", "json", "gradescope")

__all__ = ["FORMATS", "print_report", "render", "render_text", "to_gradescope", "to_json"]


def render(report: GradeReport, fmt: str, *, color: bool = False) -> str:
    """The report in a format: ``text``, ``json`` or ``gradescope``."""
    if fmt == "text":
        return render_text(report, color=color)
    data = to_json(report) if fmt == "json" else to_gradescope(report)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
