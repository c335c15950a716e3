"""The graders' face of the student's code: the ``student`` fixture.

Tests get a :class:`Student` from the ``student`` fixture. Its ``pkg`` builds paths
into the composed package (``student.pkg.card.Card``); calling a path or a handle
runs the call in the worker and returns canonical data (numbers, strings, lists,
:class:`~cardlab.worker.codec.Value` cards and enum members) or a :class:`Handle` to an
object that stays in the worker. Exceptions from student code arrive as
:class:`StudentRaised`; a worker that hangs or dies raises
:class:`~cardlab.worker.process.WorkerFailure` and is replaced on the next call.

Every call is written to a transcript, so a failure can say what was called, with
which arguments, and what came back. The worker itself (its lifecycle, its protocol)
is the :class:`~cardlab.judge.session.WorkerSession` behind the face, which the
framework drives (:attr:`Student.session`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..worker.codec import Codec, Resolve
from ..worker.process import WorkerSetup
from ..worker.wire import PathRef, to_json
from .remote import (
    BoundMethod,
    ConsoleRun,
    Handle,
    Package,
    RemotePath,
    StudentRaised,
    ToldRaised,
)
from .seeds import Seeds
from .session import WorkerSession

__all__ = ["Handle", "Student", "StudentRaised", "ToldRaised"]


class Student:
    """The student's composed package as graders reach it, through a worker process.

    Args:
        setup: How to start a worker for this submission.
        call_seconds: The time limit of one call.
        codec: The assignment's codec.
        reference: Resolves reference objects, so tests may pass reference values
            (a reference card, say) as arguments; None where there is no reference.
        seeds: Derives the seed the worker reseeds ``random`` with before each call.
        test_processor_seconds: The processor time the student's code may use in one
            test (None: no limit); see :class:`~cardlab.judge.session.WorkerSession`.
    """

    def __init__(
        self,
        setup: WorkerSetup,
        call_seconds: float,
        codec: Codec,
        reference: Resolve | None = None,
        seeds: Seeds | None = None,
        test_processor_seconds: float | None = None,
    ) -> None:
        """Prepare; the worker starts at the first call."""
        self._session = WorkerSession(
            self, setup, call_seconds, codec, reference, seeds, test_processor_seconds
        )
        self._package = Package(self)
        self._methods: set[tuple[str, str]] = set()

    def __repr__(self) -> str:
        """Shown in hypothesis's failing examples: the same on every run."""
        return "<your code>"

    @property
    def session(self) -> WorkerSession:
        """The worker behind this face, which the framework begins, restarts and closes."""
        return self._session

    @property
    def pkg(self) -> Package:
        """The student's composed package: ``student.pkg.card`` is their ``card`` module."""
        return self._package

    @property
    def last_out(self) -> str:
        """What the last call printed to standard output."""
        return self._session.last_out

    def restart(self, *, spare: bool = True) -> None:
        """End the worker: the next call goes to a fresh one (:meth:`WorkerSession.restart`).

        A grader that plays several games restarts between them, so that nothing of an
        earlier game reaches the next.
        """
        self._session.restart(spare=spare)

    def canary(self) -> list[str]:
        """What student code has changed of the worker (:meth:`WorkerSession.canary`)."""
        return self._session.canary()

    def new_example(self) -> None:
        """Start a new example of a property test: the transcript starts afresh."""
        self._session.new_example()

    def call(
        self,
        target: RemotePath | Handle | BoundMethod,
        *args: Any,
        _seconds: float | None = None,
        _stdin: str | None = None,
        _interrupt: bool = False,
        **kwargs: Any,
    ) -> Any:
        """Call ``target(*args, **kwargs)`` in the worker and return its result.

        ``target`` may be a method of a worker object (``player.take_turn``), so that
        :meth:`console` runs a method with typed input as it runs a function; with
        ``_interrupt``, reading past the typed input raises ``KeyboardInterrupt``.
        """
        message = self._call_message(target, args, kwargs)
        message["stdin"] = _stdin
        if _interrupt:
            message["interrupt"] = True
        return self._session.request(
            message, lambda: f"{target!r}({_show_args(args, kwargs)})", _seconds
        )

    def tell(
        self,
        target: RemotePath | Handle | BoundMethod,
        *args: Any,
        describe: Callable[[], str] | None = None,
    ) -> None:
        """Call ``target(*args)`` in the worker without waiting for its answer.

        For the many calls of a long game whose results a grader does not need (telling
        a player which card was played): the call waits in the judge and goes to the
        worker with the next call that waits for its answer, in the same write; the
        worker answers both in turn. A game then pays one round trip for each answer
        it needs rather than for each call. Told calls go in the order they were told,
        before the call that carries them, each with its own seed and time limit.

        When a told call raises, the call that carried it (or :meth:`flush`) raises
        :class:`~cardlab.judge.remote.ToldRaised` instead of its own result, naming the
        told call. The grading plugin flushes at the end of each test, so a told call's
        exception always fails the test that told it; a grader that plays several
        games in one test flushes after each, to know which game it came from. A
        module-scoped fixture (``part_student``) flushes before it returns: the next
        test's start drops told calls that are still waiting.

        Args:
            target: What to call, as for :meth:`call`.
            *args: Its arguments (kept as they are now: they are encoded at once).
            describe: Names the call in a failure (default: the call as text).
        """
        text = describe or (lambda: f"{target!r}({_show_args(args, {})})")
        self._session.tell(self._call_message(target, args, {}), text)

    def flush(self) -> None:
        """Send the told calls now, and wait for their answers.

        Raises:
            ToldRaised: When one of them raised (the first that did).
            WorkerFailure: When the worker failed on one of them.
        """
        self._session.flush()

    def _call_message(
        self, target: RemotePath | Handle | BoundMethod, args: tuple, kwargs: dict
    ) -> dict:
        """The request calling ``target(*args, **kwargs)``: a function, or a worker's method."""
        message = {
            "op": "call",
            "args": [self._session.argument(a) for a in args],
            "kwargs": {k: self._session.argument(v) for k, v in kwargs.items()},
        }
        if type(target) is BoundMethod:
            message.update(
                op="callmethod", target=self._session.argument(target.owner), name=target.name
            )
        else:
            message["target"] = self._session.argument(target)
        return message

    def call_method(self, target: Any, name: str, args: tuple, kwargs: dict) -> Any:
        """Call method ``name`` of a worker object, or of a value rebuilt in the worker."""
        message = {
            "op": "callmethod",
            "target": self._session.argument(target),
            "name": name,
            "args": [self._session.argument(a) for a in args],
            "kwargs": {k: self._session.argument(v) for k, v in kwargs.items()},
        }
        return self._session.request(
            message, lambda: f"{target!r}.{name}({_show_args(args, kwargs)})"
        )

    def method(self, target: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        """``target.name(*args, **kwargs)`` in the worker; ``target`` may be a value.

        A card that came back as a :class:`~cardlab.worker.codec.Value` is rebuilt with the
        student's class, so ``student.method(card, "beats", led, trump)`` calls the
        student's ``Card.beats``.
        """
        return self.call_method(target, name, args, kwargs)

    def attr(self, target: Any, name: str) -> Any:
        """``target.name`` in the worker; ``target`` may be a value (``attr(card, "points")``)."""
        if type(target) is Handle:
            return self.attribute(target, name)
        message = {"op": "getattr", "target": self._session.argument(target), "name": name}
        return self._session.request(message, lambda: f"{target!r}.{name}")

    def attribute(self, handle: Handle, name: str) -> Any:
        """``handle.name``: a value, another handle, or a method to call."""
        if (handle.type_name, name) in self._methods:
            return BoundMethod(handle, name)
        message = {"op": "getattr", "target": self._session.argument(handle), "name": name}
        result = self._session.request(message, lambda: f"{handle!r}.{name}")
        if type(result) is Handle and result.type_name == "method":
            self._methods.add((handle.type_name, name))
            return BoundMethod(handle, name)
        return result

    def attr_kept(self, target: Any, name: str) -> Handle:
        """``target.name`` kept in the worker: a handle to the very object it gives.

        Values cross as canonical data, in which a tuple and a list arrive alike (both
        as a list), so :meth:`attr` cannot tell a property documented to return a tuple
        copy from one that returns its owner's private list. This read keeps the
        object in the worker whatever its type: the handle's ``type_name`` is its
        class's name there (``"tuple"``, ``"list"``), and a test can change it in the
        worker (``student.method(kept, "clear")``) and read ``target.name`` again, to
        see whether the owner changed with it.

        Why a handle rather than a codec that keeps tuples apart: results of every
        assignment's graders compare with lists today, and would all have to change;
        a kept object costs nothing on other calls (one flag of the request, read by
        the worker), and the judge still decodes only handles and canonical data.
        A type name comes from the worker, like every answer: code that forges one
        (a list class named ``tuple``) gains nothing it would not gain by returning a
        tuple.

        Args:
            target: A handle, or a value rebuilt in the worker (a card).
            name: The attribute to read.

        Returns:
            A handle to the attribute's object.

        Raises:
            StudentRaised: When reading the attribute raises.
        """
        message = {
            "op": "getattr",
            "target": self._session.argument(target),
            "name": name,
            "keep": True,
        }
        kept = self._session.request(message, lambda: f"{target!r}.{name}")
        if type(kept) is not Handle:
            self._session.fail_protocol("a kept attribute that did not come back as a handle")
        return kept

    def call_kept(self, target: RemotePath | Handle | BoundMethod, *args: Any) -> Handle:
        """``target(*args)``, its result kept in the worker: a handle to the very object.

        What :meth:`attr_kept` is to an attribute, for a function's or a method's
        result: the handle's ``type_name`` tells a tuple from a list.

        Raises:
            StudentRaised: When the call raises.
        """
        message = self._call_message(target, args, {})
        message["keep"] = True
        kept = self._session.request(message, lambda: f"{target!r}({_show_args(args, {})})")
        if type(kept) is not Handle:
            self._session.fail_protocol("a kept result that did not come back as a handle")
        return kept

    def get(self, path: str) -> Any:
        """The object at a path of the package, as canonical data or a handle."""
        module, _, rest = path.partition(".")
        message = {"op": "getattr", "target": to_json(PathRef(module)), "name": rest}
        if not rest:
            raise ValueError("get() takes module.name, e.g. 'suit.Suit.SPADES'")
        if "." in rest:
            owner, _, name = path.rpartition(".")
            message = {"op": "getattr", "target": to_json(PathRef(owner)), "name": name}
        return self._session.request(message, lambda: path)

    def builtin(self, name: str, *args: Any) -> Any:
        """Apply a builtin to worker objects, in the worker.

        Args:
            name: One of len, str, repr, hash, bool, list, sorted, eq, ne, lt, le, gt,
                ge, contains, getitem, is, isinstance, type_name, Random, iter, next,
                sorted_by (items, key), setattr, subclass (base, name, attributes),
                pickle_dumps and pickle_loads.
            *args: Its arguments.
        """
        return self._builtin_request(name, args)

    def _builtin_request(self, name: str, args: tuple, *, keep: bool = False) -> Any:
        """Ask the worker for a builtin; with ``keep``, its result is kept there."""
        message: dict[str, Any] = {
            "op": "builtin",
            "name": name,
            "args": [self._session.argument(a) for a in args],
        }
        if keep:
            message["keep"] = True
        return self._session.request(message, lambda: f"{name}({_show_args(args, {})})")

    def builtin_kept(self, name: str, *args: Any) -> Handle:
        """:meth:`builtin`, its result kept in the worker: a handle to the very object.

        What :meth:`call_kept` is to a call, for a builtin: ``builtin_kept("list", cards)``
        is a list made in the worker, which a grader hands to the student's code and
        reads again after later calls (a pile that kept the caller's list changes it).

        Raises:
            StudentRaised: When the builtin raises.
        """
        kept = self._builtin_request(name, args, keep=True)
        if type(kept) is not Handle:
            self._session.fail_protocol("a kept builtin result that did not come back as a handle")
        return kept

    def builtin_int(self, name: str, *args: Any) -> int:
        """A builtin whose answer must be an int (``len``, ``hash``)."""
        result = self.builtin(name, *args)
        if type(result) is not int:
            raise AssertionError(f"{name}({_show_args(args, {})}) gave {result!r}, not an int")
        return result

    def builtin_bool(self, name: str, *args: Any) -> bool:
        """A builtin whose answer must be a bool (``eq``, ``contains``...)."""
        result = self.builtin(name, *args)
        if type(result) is not bool:
            raise AssertionError(f"{name}({_show_args(args, {})}) gave {result!r}, not a bool")
        return result

    def console(
        self,
        target: RemotePath | Handle | BoundMethod,
        *args: Any,
        stdin: str = "",
        seconds: float | None = None,
        interrupt: bool = False,
    ) -> ConsoleRun:
        """Run a call as a console program: typed input in, printed output back.

        An exception from the call is returned in the run, not raised; a worker
        failure still raises :class:`~cardlab.worker.process.WorkerFailure`.

        Args:
            target: The function or method to run.
            *args: Its arguments.
            stdin: The typed input.
            seconds: The call's time limit (None: the spec's).
            interrupt: Once ``stdin`` runs out, the next read raises KeyboardInterrupt,
                as Ctrl-C pressed at the prompt, instead of the end of file (EOFError).
        """
        try:
            result = self.call(target, *args, _stdin=stdin, _seconds=seconds, _interrupt=interrupt)
            raised = None
        except StudentRaised as error:
            result, raised = None, error
        return ConsoleRun(
            result, raised, self._session.last_out, self._session.last_err, self._session.last_cut
        )

    @contextmanager
    def raises(self, name: str) -> Iterator[None]:
        """Expect the block's student call to raise the named exception (or a subclass).

        Raises:
            AssertionError: When nothing, or another exception, was raised.
        """
        try:
            yield
        except StudentRaised as error:
            if not error.is_a(name):
                raise AssertionError(
                    f"{error.call} should raise {name}, but raised {error.type_name}: "
                    f"{error.message}"
                ) from None
            return
        last = self._session.transcript.last(1)
        call = last[0] if last else "the call"
        raise AssertionError(f"expected {name} to be raised, but {call}")


def _show_args(args: tuple, kwargs: dict) -> str:
    shown = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return ", ".join(shown)
