"""The judge's handling of text from student code: valid, capped, printable."""

from __future__ import annotations

import json
import os
import time

import pytest

from cardlab.worker.untrusted import (
    MAX_DEPTH,
    MAX_MESSAGE,
    MAX_TEXT,
    clean,
    clean_answer,
    cut,
    printable,
    valid,
)
from cardlab.worker.wire import (
    FrameReader,
    FrameTimeout,
    ProtocolError,
    encode_message,
    parse_frame,
    write_bytes,
)


def test_printable_escapes_what_draws_and_keeps_lines():
    text = "a\x1b[2J\tb\nc\r\x00\x85\u202e\u2028\ufeff\ufffe\ud800 ♠ é"
    assert printable(text) == "a\\x1b[2J\tb\nc\\x0d\\x00\\x85\\u202e\\u2028\\ufeff\\ufffe\ufffd ♠ é"


def test_valid_and_cut():
    assert valid("x\udcffy") == "x\ufffdy"
    assert cut("abcdef", 4) == "abcd… [cut: 2 more characters]"
    assert cut("abc", 3) == "abc"


def test_clean_reaches_keys_and_nested_strings_and_refuses_deep_data():
    data = {"k\ud800": ["v\udfff", {"$v": ["Card", "x" * 10]}]}
    shown = "xxxxx… [cut: 5 more characters]"
    assert clean(data, 5) == {"k\ufffd": ["v\ufffd", {"$v": ["Card", shown]}]}
    deep: list = []
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(ProtocolError, match="nested more than"):
        clean(deep)


def _answer(**fields) -> tuple[dict, bytes]:
    frame = json.dumps({"id": 1, "out": "", "err": "", "cut": False, **fields}).encode()
    return json.loads(frame), frame


@pytest.mark.parametrize("with_frame", [True, False])
def test_clean_answer_applies_the_judges_limits(with_frame):
    answer, frame = _answer(
        out="o" * 5000,
        raised={"types": ["T" * 1000] * 100, "message": "m\ud800" * MAX_MESSAGE, "where": "w"},
    )
    cleaned = clean_answer(answer, 4096, frame if with_frame else None)
    assert cleaned["out"] == "o" * 4096 and cleaned["cut"] is True
    raised = cleaned["raised"]
    assert len(raised["types"]) == 64 and all(len(name) < 400 for name in raised["types"])
    assert raised["message"].startswith("m\ufffd") and len(raised["message"]) < MAX_MESSAGE + 50


def test_an_answer_that_cannot_break_a_limit_is_left_as_it_is():
    answer, frame = _answer(ok=[{"$v": ["Card", "QS"]}] * 3)
    assert clean_answer(answer, 4096, frame) == json.loads(frame)
    long, frame = _answer(ok="x" * (MAX_TEXT + 1))
    assert clean_answer(long, 4096, frame)["ok"].endswith("[cut: 1 more characters]")


def test_a_frame_is_walked_only_when_its_bytes_could_break_a_limit():
    from cardlab.worker.untrusted import _may_need_cleaning

    def frame(data) -> bytes:
        return json.dumps(data).encode()

    events = [{"$v": ["Event", f"play {n % 4} QS 0"]} for n in range(5000)]
    assert len(frame(events)) > MAX_TEXT
    assert not _may_need_cleaning(frame(events), MAX_TEXT)  # long but shallow, short strings
    assert not _may_need_cleaning(frame(["[[[{{{" * 100]), MAX_TEXT)  # brackets in a string
    assert _may_need_cleaning(frame(["x" * (MAX_TEXT + 1)]), MAX_TEXT)
    assert _may_need_cleaning(frame({"k" * (MAX_TEXT + 1): 1}), MAX_TEXT)
    assert _may_need_cleaning(frame(['\\"' * MAX_TEXT]), MAX_TEXT)  # escapes inside
    assert _may_need_cleaning(b'["\\ud800"]', MAX_TEXT)
    deep: list = [1]
    for _ in range(MAX_DEPTH - 1):
        deep = [deep, [[], {}]]
    assert _may_need_cleaning(frame(deep), MAX_TEXT)
    answer, raw = _answer(ok=deep)
    with pytest.raises(ProtocolError, match="nested more than"):
        clean_answer(answer, 4096, raw)


@pytest.mark.parametrize(
    "frame",
    [
        b'{"ok":[1,-2.5,"\xc3\xa9\\n",null,true,{"$v":["Card","QS"]}],"id":3}',
        b'{"ok":"bad \\ud800 text"}',  # msgspec refuses a lone surrogate: json reads it
        b'{"ok":NaN,"x":1e400}',
        b'{"ok":' + b"9" * 100 + b"}",
        b'{"a":1,"a":2}',
    ],
)
def test_frames_read_as_the_standard_library_reads_them(frame):
    assert repr(parse_frame(frame)) == repr(json.loads(frame))


@pytest.mark.parametrize(
    ("frame", "cause"),
    [
        (b'{"ok":"\xed\xa0\x80"}', "not JSON"),  # raw bytes of a lone surrogate
        (b'{"ok":' + b"9" * 5000 + b"}", "not JSON: Exceeds the limit"),
        (b"[" * 10_000 + b"]" * 10_000, "nested too deeply"),
        (b'{"ok":1} x', "not JSON"),
        (b"[1]", "not a JSON object"),
    ],
)
def test_a_frame_the_judge_cannot_trust_is_a_protocol_error(frame, cause):
    read_fd, write_fd = os.pipe()
    try:
        write_bytes(write_fd, frame)
        with pytest.raises(ProtocolError, match=cause):
            FrameReader(read_fd).read()
    finally:
        os.close(read_fd)
        os.close(write_fd)


@pytest.mark.parametrize(
    "message",
    [
        {"op": "getattr", "target": {"$h": [1, "Player"]}, "name": "points", "seed": 2**63},
        {"op": "call", "args": ["é ♠", 2**70, -0.5, True], "kwargs": {}, "stdin": None},
        {"args": [float("nan"), float("inf"), -float("inf")]},
    ],
)
def test_a_message_is_written_as_the_standard_library_writes_it(message):
    """Whatever writes a frame, the worker's standard library reads the same message."""
    written = json.loads(encode_message(message).decode("utf-8"))
    assert json.dumps(written) == json.dumps(message)


@pytest.mark.parametrize(("spin_seconds", "polls"), [(0.05, True), (0.0, False)])
def test_a_reader_polls_only_while_its_class_says_a_core_is_spare(monkeypatch, spin_seconds, polls):
    """``grade-all`` with a judge per core sets the class-wide poll to 0: readers sleep at once.

    The poll is long here (the default is 0.2 ms): on a busy machine the reader may lose
    its core for longer than a short poll between starting it and its first read.
    """
    yields = []
    monkeypatch.setattr(FrameReader, "spin_seconds", spin_seconds)
    monkeypatch.setattr(os, "sched_yield", lambda: yields.append(1))
    read_fd, write_fd = os.pipe()
    try:
        reader = FrameReader(read_fd)
        with pytest.raises(FrameTimeout):
            reader.read(time.monotonic() + 0.01)
    finally:
        os.close(read_fd)
        os.close(write_fd)
    assert bool(yields) is polls
