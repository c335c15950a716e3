"""A console without UTF-8 (a Windows code page) gets the report with '?', and one line."""

from __future__ import annotations

import io
import sys

from cardlab.console import tolerate_narrow_encoding


def _stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict", write_through=True)


def test_a_cp1252_console_replaces_suits_and_says_so_once(monkeypatch):
    out, err = _stream("cp1252"), _stream("cp1252")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    tolerate_narrow_encoding()
    print("┌ Q♠ beats 3♥ ✓")
    assert out.buffer.getvalue() == b"? Q? beats 3? ?\n"
    assert err.buffer.getvalue().decode("cp1252").splitlines() == [
        "cardlab: this console's encoding (cp1252) lacks some characters of the report, "
        "shown as '?'; set PYTHONIOENCODING=utf-8 to see them all"
    ]


def test_a_utf8_console_is_left_alone(monkeypatch):
    out, err = _stream("utf-8"), _stream("utf-8")
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    tolerate_narrow_encoding()
    print("Q♠")
    assert out.buffer.getvalue() == "Q♠\n".encode() and err.buffer.getvalue() == b""
    assert out.errors == "strict"
