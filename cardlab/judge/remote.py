"""What grader tests hold of the worker's side: handles, paths, exceptions, transcripts.

These are judge-side objects. A :class:`Handle` or a :class:`RemotePath` only names
something in the worker; using it sends a request through the :class:`Caller` that made
it (the :class:`~cardlab.judge.proxy.Student` of a test). Nothing here ever holds or runs
student code, and nothing here imports the proxy: the proxy builds on these types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..worker.untrusted import cut
from ..worker.wire import HandleRef

_TRANSCRIPT_LENGTH = 200
_TRANSCRIPT_LINE = 500
"""The longest line of a transcript shown (a call and what came back)."""


class Caller(Protocol):
    """The requests a handle sends to the worker (implemented by the proxy's ``Student``)."""

    def call(self, target: Any, *args: Any, **kwargs: Any) -> Any:
        """Call a worker object or a path in the composed package."""

    def call_method(self, target: Any, name: str, args: tuple, kwargs: dict) -> Any:
        """Call method ``name`` of a worker object."""

    def attribute(self, handle: Handle, name: str) -> Any:
        """Read ``handle.name``."""

    def builtin(self, name: str, *args: Any) -> Any:
        """Apply a builtin to worker objects, in the worker."""

    def builtin_int(self, name: str, *args: Any) -> int:
        """A builtin whose answer must be an int."""

    def builtin_bool(self, name: str, *args: Any) -> bool:
        """A builtin whose answer must be a bool."""


class StudentRaised(Exception):
    """Student code raised an exception during a call.

    Attributes:
        call: The call, as text.
        types: Qualified names of the exception's class and its bases.
        message: The exception's message.
        where: The place in the student's files, when known.
    """

    def __init__(self, call: str, types: list[str], message: str, where: str) -> None:
        """Describe the exception."""
        super().__init__(call, types, message, where)
        self.call = call
        self.types = types
        self.message = message
        self.where = where

    @property
    def type_name(self) -> str:
        """The exception class's own name, e.g. ``ValueError``."""
        return self.types[0].rsplit(".", 1)[-1] if self.types else "Exception"

    @property
    def qualified_name(self) -> str:
        """The exception class's module and name, e.g. ``cardgame.illegal_move.IllegalMove``.

        Two classes with the same name in different modules differ here, so a test can
        tell the provided exception from a student's own class of the same name.
        """
        return self.types[0] if self.types else "builtins.Exception"

    def is_a(self, name: str) -> bool:
        """Whether the exception is an instance of the named class (short or qualified)."""
        return any(name in (full, full.rsplit(".", 1)[-1]) for full in self.types)

    @property
    def stub_hint(self) -> str:
        """`` (this is still a stub: write it)`` for a stub's NotImplementedError, else ``""``."""
        return " (this is still a stub: write it)" if self.is_a("NotImplementedError") else ""

    @property
    def summary(self) -> str:
        """``call raised Type: message``: what happened, without the place in the student's files.

        For the message of a game that a call of the student's stopped (a forfeit, an
        illegal play). The colon stays when the message is empty.
        """
        return f"{self.call} raised {self.type_name}: {self.message}"

    def __str__(self) -> str:
        """``call raised Type: message (file, line)``."""
        place = f" ({self.where})" if self.where else ""
        message = f": {self.message}" if self.message else ""
        return f"{self.call} raised {self.type_name}{message}{place}"


class ToldRaised(StudentRaised):
    """A call sent without waiting (``Student.tell``) raised.

    It is raised by the later call that carried it to the worker, or by
    ``Student.flush``; its ``call`` names the told call, not the one that carried it.
    """


class BrokenPromise(AssertionError):
    """A call into student code returned, but changed what its contract does not let it.

    The worker compares the call's arguments before and after it
    (:mod:`cardlab.worker.arguments`); the test that made the call fails with this, its
    message naming the call and what changed. It is an ``AssertionError``, not a
    :class:`StudentRaised`: a grader that expects an exception does not mistake it for one.
    """


@dataclass(frozen=True)
class ConsoleRun:
    """A call run as a console program: its result or exception, and its output."""

    result: Any
    raised: StudentRaised | None
    out: str
    err: str
    cut: bool


@dataclass
class Transcript:
    """The calls made in one test, newest last.

    Lines are kept as (description, outcome) and turned into text only when a
    failure shows them, so recording a call costs next to nothing.
    """

    entries: list[tuple[Callable[[], str], str, Any]] = field(default_factory=list)

    def add(self, describe: Callable[[], str], kind: str, outcome: Any) -> None:
        """Record a call: ``kind`` is ``ok``, ``raised`` or ``failed``."""
        self.entries.append((describe, kind, outcome))
        if len(self.entries) > 2 * _TRANSCRIPT_LENGTH:
            del self.entries[:-_TRANSCRIPT_LENGTH]

    def last(self, count: int) -> list[str]:
        """The newest ``count`` calls, as text (each cut to a line's length)."""
        return [cut(_transcript_line(*entry), _TRANSCRIPT_LINE) for entry in self.entries[-count:]]


def _transcript_line(describe: Callable[[], str], kind: str, outcome: Any) -> str:
    if kind == "raised":
        return f"{describe()} -> raised {outcome.type_name}: {outcome.message}"
    if kind == "failed":
        return f"{describe()} -> no answer: {outcome}"
    return f"{describe()} -> {outcome!r}"


class RemotePath:
    """An object of the student's package named by its path, e.g. ``card.Card``."""

    __slots__ = ("_path", "_student")

    def __init__(self, student: Caller, path: str) -> None:
        """Name ``path`` in ``student``'s package."""
        self._student = student
        self._path = path

    def __getattr__(self, name: str) -> RemotePath:
        """A longer path."""
        if name.startswith("__"):
            raise AttributeError(name)
        return RemotePath(self._student, f"{self._path}.{name}")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the object in the worker."""
        return self._student.call(self, *args, **kwargs)

    def __repr__(self) -> str:
        """The path itself."""
        return self._path


class Package:
    """The student's composed package: its modules are its attributes (``pkg.card``).

    A grader reaches the package through this one attribute of the handle
    (``student.pkg.card.Card``), so a module of any name (``console``, say) is never
    hidden by one of the handle's own methods.
    """

    __slots__ = ("_student",)

    def __init__(self, student: Caller) -> None:
        """The package that ``student`` reaches."""
        self._student = student

    def __getattr__(self, name: str) -> RemotePath:
        """A module of the package (composed)."""
        if name.startswith("_"):
            raise AttributeError(name)
        return RemotePath(self._student, name)

    def __repr__(self) -> str:
        """Shown in messages and hypothesis's failing examples: the same on every run."""
        return "<your package>"


class Handle:
    """An object that lives in the worker, reached by number."""

    __slots__ = ("_generation", "_label", "_ref", "_student")

    def __init__(self, student: Caller, ref: HandleRef, generation: int, label: str) -> None:
        """Wrap a handle the worker gave out."""
        self._student = student
        self._ref = ref
        self._generation = generation
        self._label = label

    @property
    def type_name(self) -> str:
        """The name of the object's class in the worker."""
        return self._ref.type_name

    def __getattr__(self, name: str) -> Any:
        """An attribute of the object (a method is called without an extra trip)."""
        if name.startswith("__"):
            raise AttributeError(name)
        return self._student.attribute(self, name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the object."""
        return self._student.call(self, *args, **kwargs)

    def __len__(self) -> int:
        """``len`` of the object, checked to be an int."""
        return self._student.builtin_int("len", self)

    def __iter__(self) -> Iterator[Any]:
        """Iterate over ``list(obj)`` computed in the worker."""
        return iter(self._student.builtin("list", self))

    def __contains__(self, item: Any) -> bool:
        """``item in obj``, computed in the worker."""
        return self._student.builtin_bool("contains", self, item)

    def __getitem__(self, key: Any) -> Any:
        """``obj[key]``, computed in the worker."""
        return self._student.builtin("getitem", self, key)

    def __repr__(self) -> str:
        """How the object is shown in messages."""
        return self._label


class BoundMethod:
    """A method of a worker object, called in one trip."""

    __slots__ = ("_handle", "_name")

    def __init__(self, handle: Handle, name: str) -> None:
        """Name method ``name`` of ``handle``."""
        self._handle = handle
        self._name = name

    @property
    def owner(self) -> Handle:
        """Handle: The worker object whose method this is."""
        return self._handle

    @property
    def name(self) -> str:
        """str: The method's name."""
        return self._name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the method in the worker."""
        return self._handle._student.call_method(self._handle, self._name, args, kwargs)

    def __repr__(self) -> str:
        """``handle.name``."""
        return f"{self._handle!r}.{self._name}"
