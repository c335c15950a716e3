"""The channel between judge and worker: framed JSON messages over two pipes.

A frame is a 4-byte big-endian length followed by that many bytes of UTF-8 JSON.
Canonical data is tagged so that it survives JSON: ``{"$v": [type, text]}`` for a
:class:`~cardlab.worker.codec.Value`, ``{"$set": [...]}``, ``{"$tuple": [...]}`` (arguments
only: results arrive as lists), ``{"$dict": [[k, v], ...]}``,
``{"$h": [id, type name]}`` for a handle to a worker object and ``{"$p": path}``
for an object of the package named by its dotted path. The judge decodes only
these shapes; anything else is a :class:`ProtocolError` and ends the worker.
"""

from __future__ import annotations

import json
import os
import select
import struct
import time
from dataclasses import dataclass
from typing import Any

from .codec import Value

_FAST_ENCODER: msgspec.json.Encoder | None
_FAST_DECODER: msgspec.json.Decoder | None
try:  # the judge's fast reader and writer; the worker's tree has the standard library only
    import msgspec
except ImportError:
    _FAST_ENCODER = _FAST_DECODER = None
else:
    _FAST_ENCODER = msgspec.json.Encoder()
    _FAST_DECODER = msgspec.json.Decoder()

_HEADER = struct.Struct(">I")
MAX_FRAME_BYTES = 16 * 1024 * 1024
_READ_SIZE = 1 << 16
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


class ProtocolError(Exception):
    """A frame that is not a well-formed cardlab message."""


class ChannelClosed(Exception):
    """The other side closed the channel (the worker ended)."""


@dataclass(frozen=True)
class HandleRef:
    """A reference to an object held in the worker.

    Attributes:
        id: The worker's number for the object.
        type_name: The name of the object's class, for messages.
    """

    id: int
    type_name: str


@dataclass(frozen=True)
class PathRef:
    """An object of the composed package, by dotted path (``suit.Suit.SPADES``)."""

    path: str


def to_json(data: Any) -> Any:
    """Tag canonical data (and references) so that it can be written as JSON."""
    kind = type(data)
    if kind in (type(None), bool, int, float, str):
        return data
    if kind in (list, tuple):
        return [to_json(item) for item in data]
    if kind is Value:
        return {"$v": [data.type, data.text]}
    if kind is frozenset or kind is set:
        return {"$set": sorted((to_json(item) for item in data), key=_sort_key)}
    if kind is dict:
        return {"$dict": [[to_json(k), to_json(v)] for k, v in data.items()]}
    if kind is HandleRef:
        return {"$h": [data.id, data.type_name]}
    if kind is PathRef:
        return {"$p": data.path}
    raise TypeError(f"{kind.__name__} is not canonical data")


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True)


def from_json(data: Any, is_enum: Any = None) -> Any:
    """Read tagged JSON back into canonical data, strictly.

    Args:
        data: Parsed JSON.
        is_enum: Optional predicate telling which value types are enums (for display).

    Raises:
        ProtocolError: On any shape that is not canonical data.
    """
    kind = type(data)
    if kind in (type(None), bool, int, float, str):
        return data
    if kind is list:
        return [from_json(item, is_enum) for item in data]
    if kind is not dict or len(data) != 1:
        raise ProtocolError(f"unexpected {kind.__name__} in a message")
    ((tag, body),) = data.items()
    if tag == "$v" and _is_pair(body, str, str):
        return Value(body[0], body[1], is_enum=bool(is_enum and is_enum(body[0])))
    if tag == "$h" and _is_pair(body, int, str):
        return HandleRef(body[0], body[1])
    if tag == "$p" and type(body) is str:
        return PathRef(body)
    if tag == "$tuple" and type(body) is list:
        return tuple(from_json(item, is_enum) for item in body)
    if tag == "$set" and type(body) is list:
        return frozenset(_hashable(from_json(item, is_enum)) for item in body)
    if tag == "$dict" and type(body) is list and all(_is_pair(p, object, object) for p in body):
        return {_hashable(from_json(k, is_enum)): from_json(v, is_enum) for k, v in body}
    raise ProtocolError(f"unexpected tag {tag!r} in a message")


def _is_pair(body: Any, first: type, second: type) -> bool:
    return (
        type(body) is list
        and len(body) == 2
        and isinstance(body[0], first)
        and isinstance(body[1], second)
    )


def _hashable(data: Any) -> Any:
    if type(data) is list:
        return tuple(_hashable(item) for item in data)
    if type(data) is dict:
        raise ProtocolError("a dict cannot be a set member or a key")
    return data


def write_frame(fd: int, message: dict) -> None:
    """Write one message to a file descriptor."""
    write_all(fd, encode_frame(message))


def encode_frame(message: dict) -> bytes:
    """A message's whole frame, its length first (frames may be written together)."""
    payload = encode_message(message)
    return _HEADER.pack(len(payload)) + payload


def encode_message(message: dict) -> bytes:
    """A message as the bytes of its frame (UTF-8 JSON).

    The judge writes with msgspec, over ten times faster than the standard library's
    encoder on a small request. msgspec writes a NaN or an infinity as ``null``, where
    the standard library writes ``NaN`` and ``Infinity``; a frame with ``null`` in it
    (rare in a request) is therefore written again by the standard library, so the
    worker reads the same values either way.
    """
    if _FAST_ENCODER is not None:
        payload = _FAST_ENCODER.encode(message)
        if b"null" not in payload:
            return payload
    return _ENCODER.encode(message).encode()


def write_bytes(fd: int, payload: bytes) -> None:
    """Write one frame of ``payload`` (already encoded) to a file descriptor."""
    write_all(fd, _HEADER.pack(len(payload)) + payload)


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to a file descriptor (frames already encoded)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _first_line(error: Exception) -> str:
    text = str(error).splitlines() or [type(error).__name__]
    return text[0][:200]


def parse_frame(frame: bytes) -> Any:
    """A frame's JSON, read by msgspec where it is installed (the judge), else by json.

    msgspec reads a small answer many times faster than the standard library, into the
    same plain dicts, lists, strings and numbers. What it refuses (a lone surrogate
    escape, NaN, a number out of its range, deep nesting, a malformed frame) is read by
    the standard library instead: the answers the judge accepts are the same either
    way. The frame must be strict UTF-8: ``json.loads`` would let raw bytes of a lone
    surrogate through, which only a tampered worker can write and no check looks for.

    Raises:
        ValueError: When the frame is not UTF-8 JSON.
        RecursionError: When it is nested too deeply.
    """
    if _FAST_DECODER is not None:
        try:
            return _FAST_DECODER.decode(frame)
        except (ValueError, RecursionError):  # msgspec.DecodeError is a ValueError
            pass
    return json.loads(frame.decode("utf-8"))


class FrameTimeout(Exception):
    """No whole frame arrived before the deadline."""


class FrameReader:
    """Reads frames from a descriptor, waiting at most until a deadline.

    The bytes of the last frame read are kept in ``last_frame``, for checks on the raw
    text. While waiting, it first polls for a short while before sleeping in ``select``:
    an answer usually comes within microseconds, and waking a sleeping process
    costs far more than that on a virtual machine.

    Polling pays only while a core would otherwise sit idle: a process that grades as
    many submissions at once as the machine has cores sets the class-wide
    ``spin_seconds`` to 0, so that its readers sleep at once and leave the processor to
    the side they wait for.

    Args:
        fd: The descriptor to read (set to non-blocking here).
        spin_seconds: How long to poll before sleeping (default: the class's).
    """

    spin_seconds = 0.0002

    def __init__(self, fd: int, spin_seconds: float | None = None) -> None:
        """Read from ``fd``."""
        self.fd = fd
        if spin_seconds is not None:
            self.spin_seconds = spin_seconds
        self.buffer = bytearray()
        self.last_frame = b""
        os.set_blocking(fd, False)

    def waiting(self) -> bool:
        """Whether bytes wait to be read (never blocks)."""
        return bool(self.buffer) or bool(select.select([self.fd], [], [], 0)[0])

    def read(self, deadline: float | None = None) -> dict:
        """The next message; ``deadline`` is a ``time.monotonic()`` value, or None.

        Raises:
            FrameTimeout: When the deadline passes first.
            ChannelClosed: When the other side has gone.
            ProtocolError: When the frame is too large or not a JSON object.
        """
        self.last_frame = self.read_bytes(deadline)
        try:
            message = parse_frame(self.last_frame)
        except RecursionError:
            raise ProtocolError("a message nested too deeply to read") from None
        except ValueError as error:  # not UTF-8, not JSON, or an int of too many digits
            raise ProtocolError(f"a message is not JSON: {_first_line(error)}") from None
        if type(message) is not dict:
            raise ProtocolError("a message is not a JSON object")
        return message

    def read_bytes(self, deadline: float | None = None) -> bytes:
        """The next frame's bytes, unparsed (:meth:`read` parses them as JSON).

        Raises:
            FrameTimeout: When the deadline passes first.
            ChannelClosed: When the other side has gone.
            ProtocolError: When the frame is too large.
        """
        (size,) = _HEADER.unpack(self._take(_HEADER.size, deadline))
        if size > MAX_FRAME_BYTES:
            raise ProtocolError(f"a message of {size} bytes is over the limit")
        return self._take(size, deadline)

    def _take(self, size: int, deadline: float | None) -> bytes:
        while len(self.buffer) < size:
            self._fill(deadline)
        data = bytes(self.buffer[:size])
        del self.buffer[:size]
        return data

    def _fill(self, deadline: float | None) -> None:
        spin_until = time.monotonic() + self.spin_seconds
        while True:
            try:
                chunk = os.read(self.fd, _READ_SIZE)
            except BlockingIOError:
                now = time.monotonic()
                if now < spin_until:
                    os.sched_yield()  # let the other side run if it shares this core
                    continue
                self._wait(deadline, now)
                continue
            if not chunk:
                raise ChannelClosed("the channel was closed")
            self.buffer += chunk
            return

    def _wait(self, deadline: float | None, now: float) -> None:
        timeout = None if deadline is None else deadline - now
        if timeout is not None and timeout <= 0:
            raise FrameTimeout()
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            raise FrameTimeout()
