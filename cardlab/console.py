"""A console that cannot show every character still shows the report.

cardlab's reports draw tables and card suits (``┌``, ``♠``). Windows consoles whose
output is redirected, and terminals set to a legacy code page (cp1252, say), cannot
encode them, and Python would stop with a ``UnicodeEncodeError`` halfway through a
report. :func:`tolerate_narrow_encoding` makes such a stream write ``?`` instead, and
says once, in one line, how to see everything.
"""

from __future__ import annotations

import io
import sys
from typing import TextIO

SAMPLE = "┌─┐♠♥♦♣✓"
"""Characters the reports use that a legacy code page lacks."""


def _narrow(stream: TextIO) -> str | None:
    """The stream's encoding when it cannot encode the sample, else None."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        SAMPLE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return encoding
    return None


def tolerate_narrow_encoding() -> None:
    """Let stdout and stderr replace what their encoding lacks, and say so on stderr once."""
    narrow = None
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and (encoding := _narrow(stream)):
            stream.reconfigure(errors="replace")
            narrow = encoding
    if narrow:
        print(
            f"cardlab: this console's encoding ({narrow}) lacks some characters of the report, "
            "shown as '?'; set PYTHONIOENCODING=utf-8 to see them all",
            file=sys.stderr,
        )
