r"""Text that student code controls, made safe for the judge: valid, capped and printable.

The judge runs this on everything a worker sends (:func:`clean_answer`, in
:meth:`cardlab.worker.process.WorkerProcess.request`) and on every report it writes
(:func:`printable` and :func:`cut`, in :func:`cardlab.judge.grading.run`), so a limit
holds whatever the worker did to its own side (``sys.stdout.limit = 2**30``, a forged
frame).

* **Valid**: a lone surrogate (a JSON escape such as ``\ud800`` that is not text) becomes
  U+FFFD, so every string can be written as UTF-8: to a report file, a terminal, SQLite.
* **Capped**: every string is cut at a size with a note saying how much was left out.
* **Printable**: control characters (ESC sequences, NUL, carriage returns, C1 codes),
  direction overrides and line separators are shown as escapes (``\x1b``, ``\u202e``),
  so student text cannot move the cursor, clear a screen or reorder what is shown.
  Newlines and tabs are kept.

This module is judge-side: the worker never imports it (it is not one of
:data:`cardlab.worker.sandbox.RUNTIME_MODULES`).
"""

from __future__ import annotations

import re
from typing import Any

from .wire import ProtocolError

MAX_TEXT = 1 << 16
"""The longest string taken from a worker, in characters (a result, output, a name)."""

MAX_MESSAGE = 2000
"""The longest exception message taken from a worker, in characters."""

MAX_WHERE = 300
"""The longest place-in-the-code text taken from a worker."""

MAX_TYPES = 64
"""The most class names of an exception taken from a worker."""

MAX_REPORT_MESSAGE = 8000
"""The longest message of one test in a report."""

MAX_NOTE = 1000
"""The longest note of a report."""

MAX_DEPTH = 100
"""The deepest nesting of lists and objects taken from a worker (canonical data needs a
handful of levels; a deeper message can only be an attempt to exhaust the judge's stack)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_EMPTY_PAIR = re.compile(rb"\[\]|\{\}")
_NOT_BRACKETS = bytes(sorted(set(range(256)) - set(b"[]{}")))
_UNPRINTABLE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
    "\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff\ufffe\uffff]"
)


def valid(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (so it encodes as UTF-8)."""
    return _SURROGATE.sub("\ufffd", text)


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with a note of what was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [cut: {len(text) - limit:,} more characters]"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, limit: int | None = None) -> str:
    """``text`` made safe to show: escapes for control characters, cut at ``limit``."""
    shown = _UNPRINTABLE.sub(_escape, text)
    return shown if limit is None else cut(shown, limit)


def clean(data: Any, limit: int = MAX_TEXT, depth: int = 0) -> Any:
    """JSON data from a worker with every string (keys too) valid and cut at ``limit``.

    Raises:
        ProtocolError: When the data is nested deeper than :data:`MAX_DEPTH`.
    """
    kind = type(data)
    if kind is str:
        return cut(valid(data), limit)
    if kind is not list and kind is not dict:
        return data
    if depth >= MAX_DEPTH:
        raise ProtocolError(f"a message nested more than {MAX_DEPTH} levels deep")
    if kind is list:
        return [clean(item, limit, depth + 1) for item in data]
    return {clean(key, limit): clean(value, limit, depth + 1) for key, value in data.items()}


def _may_need_cleaning(frame: bytes, limit: int) -> bool:
    """Whether a frame could break a limit: most cannot, and skip the walk.

    That is, whether its raw text could hold a string over ``limit``, a lone surrogate
    or nesting deeper than :data:`MAX_DEPTH`. The frame is valid JSON (it was parsed),
    so its strings are exactly its quoted tokens, and no string is longer than its
    token (nor than the frame: a short frame needs no look at its strings); a surrogate
    can only arrive as a JSON escape (backslash, ``u``, ``d`` and three more digits:
    raw UTF-8 cannot encode one); nesting is read from the brackets outside the
    strings, and a frame with fewer brackets than :data:`MAX_DEPTH` cannot nest too
    deeply (most answers). Each check is a scan of the bytes, not a walk of the data.
    """
    if b"\\ud" in frame or b"\\uD" in frame:
        return True
    if len(frame) > limit:
        strings = _JSON_STRING.findall(frame)
        if strings and max(map(len, strings)) - 2 > limit:
            return True
    if frame.count(b"[") + frame.count(b"{") < MAX_DEPTH:
        return False
    return _nesting(_JSON_STRING.sub(b"", frame)) >= MAX_DEPTH


def _nesting(text: bytes) -> int:
    """How deep the brackets of JSON text without its strings nest, up to MAX_DEPTH.

    Each pass removes the innermost empty pairs (``[]``, ``{}``), one level; brackets
    left that do not pair up count as too deep.
    """
    brackets = text.translate(None, _NOT_BRACKETS)
    depth = 0
    while brackets and depth < MAX_DEPTH:
        brackets, removed = _EMPTY_PAIR.subn(b"", brackets)
        if not removed:
            return MAX_DEPTH
        depth += 1
    return MAX_DEPTH if brackets else depth


def clean_answer(answer: dict, output_limit: int, frame: bytes | None = None) -> dict:
    """A worker's answer with every limit applied by the judge.

    Output is cut at ``output_limit`` (and marked ``cut``) whatever the worker's own cap
    was set to; an exception's message, place and class names are cut to their own
    sizes; every other string to :data:`MAX_TEXT`.

    Args:
        answer: The answer, as parsed from its frame.
        output_limit: The spec's ``output_bytes``.
        frame: The frame's raw bytes, when known: an answer whose frame cannot break
            a limit is not walked.

    Raises:
        ProtocolError: When the answer is nested deeper than :data:`MAX_DEPTH`.
    """
    limit = max(MAX_TEXT, output_limit)
    raised = answer.get("raised")
    if type(raised) is dict and type(raised.get("types")) is list:
        raised["types"] = raised["types"][:MAX_TYPES]  # before a flood of names is walked
    if frame is None or _may_need_cleaning(frame, limit):
        answer = clean(answer, limit)
    for stream in ("out", "err"):
        text = answer.get(stream)
        if type(text) is str and len(text) > output_limit:
            answer[stream] = text[:output_limit]
            answer["cut"] = True
    raised = answer.get("raised")
    if type(raised) is dict:
        if type(raised.get("message")) is str:
            raised["message"] = cut(raised["message"], MAX_MESSAGE)
        if type(raised.get("where")) is str:
            raised["where"] = cut(raised["where"], MAX_WHERE)
        if type(raised.get("types")) is list:
            raised["types"] = [
                cut(name, MAX_WHERE) if type(name) is str else name for name in raised["types"]
            ]
    return answer
