"""The kinds of rubric parts, each a :class:`~cardlab.judge.parts.kind.PartKind`.

A part is of the first kind in :data:`KINDS` that claims it: marked by hand, the
student's own tests, the phase's tournament, else grader tests of the student's code.
A new kind of part is a new module here and one entry in :data:`KINDS`.
"""

from __future__ import annotations

from ...course.spec import Part, Phase
from .code import CodePart
from .kind import PartKind, PartsRun
from .manual import ManualPart
from .strength import StrengthPart
from .student_tests import StudentTestsPart

KINDS: tuple[PartKind, ...] = (ManualPart(), StudentTestsPart(), StrengthPart(), CodePart())
"""Every kind of part, the most particular first: the last claims every part."""


def kind_of(part: Part, phase: Phase) -> PartKind:
    """The kind of ``part`` in ``phase``: the first of :data:`KINDS` that claims it."""
    return next(kind for kind in KINDS if kind.claims(part, phase))


__all__ = ["KINDS", "PartKind", "PartsRun", "kind_of"]
