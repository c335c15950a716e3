"""The proxy: how grader tests reach student code, which runs in the worker.

Tests get a :class:`Student` from the ``student`` fixture. Attribute access builds
paths into the composed package (``student.card.Card``); calling a path or a handle
runs the call in the worker and returns canonical data (numbers, strings, lists,
:class:`~cardlab.worker.codec.Value` cards and enum members) or a :class:`Handle` to an
object that stays in the worker. Exceptions from student code arrive as
:class:`StudentRaised`; a worker that hangs or dies raises
:class:`~cardlab.worker.process.WorkerFailure` and is replaced on the next call.

Every call is written to a transcript, so a failure can say what was called, with
which arguments, and what came back.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, NoReturn

from ..worker.codec import Codec, Resolve
from ..worker.forkserver import ForkServer
from ..worker.portable import portable
from ..worker.process import Isolation, UnsafeToGrade, WorkerFailure, WorkerProcess, WorkerSetup
from ..worker.sandbox import WorkerTree, build_tree
from ..worker.wire import HandleRef, PathRef, ProtocolError, from_json, to_json
from .remote import (
    BoundMethod,
    ConsoleRun,
    Handle,
    RemotePath,
    StudentRaised,
    ToldRaised,
    Transcript,
)
from .seeds import PUBLIC_SECRET, Seeds

SPARES = 2
"""Workers kept starting ahead of the restarts to come (see :meth:`Student.restart`)."""
TOLD_AT_MOST = 64
"""Told calls (:meth:`Student.tell`) kept waiting at most: the next tell sends them all."""
_LABEL_LENGTH = 40
_CANARY_NAMES = 20


@dataclass(frozen=True)
class _Call:
    """A request on its way, with what names it in a failure."""

    message: dict
    describe: Callable[[], str]
    log: bool = True
    told: bool = False


class Student:
    """The student's composed package, reached through a worker process.

    Args:
        setup: How to start a worker for this submission.
        call_seconds: The time limit of one call.
        codec: The assignment's codec.
        reference: Resolves reference objects, so tests may pass reference values
            (a reference card, say) as arguments; None where there is no reference.
        seeds: Derives the seed the worker reseeds ``random`` with before each call.
    """

    def __init__(
        self,
        setup: WorkerSetup,
        call_seconds: float,
        codec: Codec,
        reference: Resolve | None = None,
        seeds: Seeds | None = None,
    ) -> None:
        """Prepare; the worker starts at the first call."""
        self._seeds = seeds or Seeds(PUBLIC_SECRET)
        self._setup = setup
        self._call_seconds = call_seconds
        self._codec = codec
        self._reference = reference
        self._process: WorkerProcess | None = None
        self._spares: deque[WorkerProcess] = deque()
        self._tree: WorkerTree | None = None
        self._forks: ForkServer | None = None
        self.isolation: Isolation | None = None
        self.unsafe: UnsafeToGrade | None = None
        self._generation = 0
        self._workers_started = 0
        self._methods: set[tuple[str, str]] = set()
        self._test_id = ""
        self._calls = 0
        self._next_seed = 0
        self._failure: WorkerFailure | None = None
        self._broken: WorkerFailure | None = None
        self._told: list[_Call] = []
        self.transcript = Transcript()
        self.last_out = ""
        self.last_err = ""
        self.last_cut = False

    def __repr__(self) -> str:
        """Shown in hypothesis's failing examples: the same on every run."""
        return "<your code>"

    # -- lifecycle ---------------------------------------------------------------

    def begin(self, test_id: str) -> None:
        """Start a test: fresh transcript, per-call seeds derived from ``test_id``.

        Each call's seed is derived from the test id and the call's number under the
        course secret, so a student who reads test ids in a report cannot predict it.

        Within a test, once a call gets no answer (a hang, a crash), every later
        call fails at once with the same cause: a test is failed by its first
        worker failure, and waiting out the time limit again would only slow the
        grading (hypothesis, for one, tries many examples after a failure).
        """
        self._test_id = test_id
        self._calls = 0
        self._failure = None
        self._told.clear()  # an earlier test's, left when it failed: its outcome is settled
        self.transcript = Transcript()
        if self._process is not None and not self._process.dead:
            self._request({"op": "reset"}, str, log=False)

    def new_example(self) -> None:
        """Start a new example of a property test: the transcript starts afresh."""
        self.transcript = Transcript()

    def restart(self, *, spare: bool = True) -> None:
        """End the worker: the next call goes to a fresh one, knowing nothing of this one.

        The fresh worker was launched at an earlier restart and has been starting while
        the judge worked (a spare); unless ``spare`` is False (no restart is coming),
        new spares are launched now so that :data:`SPARES` wait for the next restarts.
        A worker takes longer to start than a short game lasts, so one spare would keep
        the judge waiting. All are new processes that no earlier call reached, forked
        from the tree's zygote, which never runs student code
        (:mod:`cardlab.worker.forkserver`). The private tree is kept (it holds nothing a
        worker can change). Handles to objects of the ended worker are lost: passing
        one fails with that cause.
        """
        if self._told and self._failure is None:
            self.flush()  # told calls are answered by the worker they were meant for
        self._told.clear()
        if self._process is not None:
            self._process.kill()
        self._process = self._spares.popleft() if self._spares else None
        tree = self._tree if spare and self._broken is None else None
        if self._process is None and tree is not None:
            self._process = self._launch(tree)
        if self._process is not None:
            self._generation += 1
        while tree is not None and len(self._spares) < SPARES:
            launched = self._launch(tree)
            if launched is None:
                break
            self._spares.append(launched)
        for waiting in self._spares:
            waiting.advance()

    def _launch(self, tree: WorkerTree) -> WorkerProcess | None:
        """A new worker, sent its start-up requests but not waited for (None: no fork)."""
        try:
            process = WorkerProcess(self._setup, tree, self._forks, self._import_seed())
        except WorkerFailure:
            return None  # the next call starts one, and reports why it cannot
        process.launch()
        return process

    def _call_seed(self, call: int) -> int:
        """The seed of a call of this test: the one sent ahead with the previous call."""
        if call > 1:
            return self._next_seed
        return self._seeds.seed("call", self._test_id, call)

    def _import_seed(self) -> int:
        """The seed of ``random`` while a new worker imports the student's modules."""
        self._workers_started += 1
        return self._seeds.seed("import", self._test_id, self._workers_started)

    def canary(self) -> list[str]:
        """What student code has changed of the worker's runtime or the provided modules.

        Asks the running worker (none running: nothing to ask, nothing changed). Each
        entry names a replaced, added or removed function or class, for the report; see
        :mod:`cardlab.worker.canary`. An answer that is not a short list of names is
        itself a sign of tampering.
        """
        process = self._process
        if process is None or process.dead or not process.started or self._failure is not None:
            return []
        try:
            changed = self._request({"op": "canary"}, lambda: "the canary", log=False)
        except (WorkerFailure, StudentRaised):
            return ["the worker's canary (it gave no answer)"]
        if type(changed) is not list or not all(type(name) is str for name in changed):
            return ["the worker's canary (its answer is not a list of names)"]
        return [name[: _LABEL_LENGTH * 3] for name in changed[:_CANARY_NAMES]]

    def close(self) -> None:
        """Stop the worker and remove its private tree."""
        for process in (self._process, *self._spares):
            if process is not None:
                process.kill()
        self._process = None
        self._spares.clear()
        if self._forks is not None:
            self._forks.close()
            self._forks = None
        if self._tree is not None:
            self._tree.remove()
            self._tree = None

    def _worker(self) -> WorkerProcess:
        if self._broken is not None:
            raise self._broken
        if self._process is None or self._process.dead:
            if self._tree is None:
                self._tree = build_tree(self._setup.composition, self._setup.codec)
                if not portable():  # every worker forked from a clean zygote
                    self._forks = ForkServer(self._tree)
            self._generation += 1
            self._process = WorkerProcess(self._setup, self._tree, self._forks, self._import_seed())
        if not self._process.started:
            try:
                self._process.start()
            except WorkerFailure as failure:
                self._broken = WorkerFailure(f"loading your modules: {failure}")
                raise self._broken from None
            except UnsafeToGrade as unsafe:  # the instructor's problem: grading stops
                self.unsafe = unsafe
                self._broken = WorkerFailure("this machine cannot run your code safely")
                raise self._broken from None
            finally:
                if self.isolation is None:
                    self.isolation = self._process.isolation
        return self._process

    # -- requests ----------------------------------------------------------------

    def _request(
        self,
        message: dict,
        describe: Callable[[], str],
        seconds: float | None = None,
        *,
        log: bool = True,
        told: bool = False,
    ) -> Any:
        """Send a request, with the told calls waiting before it, and return its result.

        Raises:
            ToldRaised: When a told call raised (the first that did).
            StudentRaised: When the request's call raised.
            WorkerFailure: When the worker failed on any of them.
        """
        if self._failure is not None:
            raise self._failure
        calls, self._told = [*self._told, _Call(message, describe, log, told)], []
        for call in calls:
            self._calls += 1
            call.message["seed"] = self._call_seed(self._calls)
            call.message["next_seed"] = self._next_seed = self._seeds.seed(
                "call", self._test_id, self._calls + 1
            )
        answers = self._exchange(calls, seconds or self._call_seconds)
        raised: StudentRaised | None = None
        for call, answer in zip(calls, answers, strict=True):
            try:
                result = self._settle(call, answer)
            except StudentRaised as error:
                raised = raised or error
        if raised is not None:
            raise raised
        return result

    def _exchange(self, calls: list[_Call], limit: float) -> list[dict]:
        """The worker's answers to ``calls``, in order, each within ``limit`` seconds."""
        answers: list[dict] = []
        try:
            answers.extend(self._worker().exchange([call.message for call in calls], limit))
        except WorkerFailure as failure:
            describe = calls[len(answers)].describe
            self.transcript.add(describe, "failed", failure)
            self._failure = WorkerFailure(f"{describe()}: {failure}")
            raise self._failure from None
        return answers

    def _settle(self, call: _Call, answer: dict) -> Any:
        """The result of ``call`` from its answer; its exception, raised."""
        out, err = answer.get("out", ""), answer.get("err", "")
        self.last_out = out if type(out) is str else ""
        self.last_err = err if type(err) is str else ""
        self.last_cut = answer.get("cut") is True
        if "raised" in answer:
            raised = self._raised(call.describe(), answer["raised"], call.told)
            self.transcript.add(call.describe, "raised", raised)
            raise raised
        if "ok" not in answer:
            self._fail_protocol("an answer with neither a result nor an exception")
        result = self._result(answer["ok"], call.describe)
        if call.log:
            self.transcript.add(call.describe, "ok", result)
        return result

    def _fail_protocol(self, what: str) -> NoReturn:
        if self._process is not None:
            self._process.kill()
        raise WorkerFailure(
            f"the worker broke the protocol ({what}): only code in the worker can cause "
            "that, so the test gets no credit"
        )

    def _raised(self, text: str, data: Any, told: bool = False) -> StudentRaised:
        valid = (
            type(data) is dict
            and type(data.get("types")) is list
            and all(type(t) is str for t in data["types"])
            and type(data.get("message")) is str
            and type(data.get("where")) is str
        )
        if not valid:
            self._fail_protocol("a malformed exception")
        kind = ToldRaised if told else StudentRaised
        return kind(text, data["types"], data["message"], data["where"])

    def _result(self, data: Any, describe: Callable[[], str]) -> Any:
        try:
            value = from_json(data, self._codec.is_enum)
        except ProtocolError as error:
            self._fail_protocol(str(error))
        return self._wrap(value, describe)

    def _wrap(self, value: Any, describe: Callable[[], str]) -> Any:
        kind = type(value)
        if kind is HandleRef:
            text = describe()
            label = text if len(text) <= _LABEL_LENGTH else f"<{value.type_name} #{value.id}>"
            return Handle(self, value, self._generation, label)
        if kind is list:
            return [
                self._wrap(item, partial(_item_label, describe, index))
                if type(item) in _CONTAINERS
                else item
                for index, item in enumerate(value)
            ]
        if kind is dict:
            return {
                key: self._wrap(item, partial(_item_label, describe, key))
                if type(item) in _CONTAINERS
                else item
                for key, item in value.items()
            }
        return value

    def _argument(self, arg: Any) -> Any:
        kind = type(arg)
        if kind is Handle:
            if arg._student is not self or arg._generation != self._generation:
                raise WorkerFailure(
                    f"{arg!r} was lost when the worker was restarted after an earlier failure"
                )
            return to_json(arg._ref)
        if kind is RemotePath:
            return to_json(PathRef(arg._path))
        if kind is list:
            return [self._argument(item) for item in arg]
        if kind is tuple:
            return {"$tuple": [self._argument(item) for item in arg]}
        return to_json(self._codec.encode(arg, self._resolve_reference, _not_sendable))

    def _resolve_reference(self, path: str) -> Any:
        if self._reference is None:
            raise LookupError("no reference here")
        return self._reference(path)

    # -- what tests call ---------------------------------------------------------

    def __getattr__(self, name: str) -> RemotePath:
        """``student.card`` is the student's ``card`` module (composed)."""
        if name.startswith("_"):
            raise AttributeError(name)
        return RemotePath(self, name)

    def call(
        self,
        target: RemotePath | Handle | BoundMethod,
        *args: Any,
        _seconds: float | None = None,
        _stdin: str | None = None,
        **kwargs: Any,
    ) -> Any:
        """Call ``target(*args, **kwargs)`` in the worker and return its result.

        ``target`` may be a method of a worker object (``player.take_turn``), so that
        :meth:`console` runs a method with typed input as it runs a function.
        """
        message = self._call_message(target, args, kwargs)
        message["stdin"] = _stdin
        return self._request(message, lambda: f"{target!r}({_show_args(args, kwargs)})", _seconds)

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
        message = self._call_message(target, args, {})
        self._told.append(_Call(message, text, told=True))
        if len(self._told) >= TOLD_AT_MOST:
            self.flush()

    def flush(self) -> None:
        """Send the told calls now, and wait for their answers.

        Raises:
            ToldRaised: When one of them raised (the first that did).
            WorkerFailure: When the worker failed on one of them.
        """
        if not self._told:
            return
        last = self._told.pop()
        self._request(last.message, last.describe, told=True)

    def _call_message(
        self, target: RemotePath | Handle | BoundMethod, args: tuple, kwargs: dict
    ) -> dict:
        """The request calling ``target(*args, **kwargs)``: a function, or a worker's method."""
        message = {
            "op": "call",
            "args": [self._argument(a) for a in args],
            "kwargs": {k: self._argument(v) for k, v in kwargs.items()},
        }
        if type(target) is BoundMethod:
            message.update(op="callmethod", target=self._argument(target.owner), name=target.name)
        else:
            message["target"] = self._argument(target)
        return message

    def call_method(self, target: Any, name: str, args: tuple, kwargs: dict) -> Any:
        """Call method ``name`` of a worker object, or of a value rebuilt in the worker."""
        message = {
            "op": "callmethod",
            "target": self._argument(target),
            "name": name,
            "args": [self._argument(a) for a in args],
            "kwargs": {k: self._argument(v) for k, v in kwargs.items()},
        }
        return self._request(message, lambda: f"{target!r}.{name}({_show_args(args, kwargs)})")

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
        message = {"op": "getattr", "target": self._argument(target), "name": name}
        return self._request(message, lambda: f"{target!r}.{name}")

    def attribute(self, handle: Handle, name: str) -> Any:
        """``handle.name``: a value, another handle, or a method to call."""
        if (handle.type_name, name) in self._methods:
            return BoundMethod(handle, name)
        message = {"op": "getattr", "target": self._argument(handle), "name": name}
        result = self._request(message, lambda: f"{handle!r}.{name}")
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
        message = {"op": "getattr", "target": self._argument(target), "name": name, "keep": True}
        kept = self._request(message, lambda: f"{target!r}.{name}")
        if type(kept) is not Handle:
            self._fail_protocol("a kept attribute that did not come back as a handle")
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
        kept = self._request(message, lambda: f"{target!r}({_show_args(args, {})})")
        if type(kept) is not Handle:
            self._fail_protocol("a kept result that did not come back as a handle")
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
        return self._request(message, lambda: path)

    def builtin(self, name: str, *args: Any) -> Any:
        """Apply a builtin to worker objects, in the worker.

        Args:
            name: One of len, str, repr, hash, bool, list, sorted, eq, ne, lt, le, gt,
                ge, contains, getitem, is, isinstance, type_name, Random, iter, next,
                sorted_by (items, key), setattr, subclass (base, name, attributes),
                pickle_dumps and pickle_loads.
            *args: Its arguments.
        """
        message = {"op": "builtin", "name": name, "args": [self._argument(a) for a in args]}
        return self._request(message, lambda: f"{name}({_show_args(args, {})})")

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
    ) -> ConsoleRun:
        """Run a call as a console program: typed input in, printed output back.

        An exception from the call is returned in the run, not raised; a worker
        failure still raises :class:`~cardlab.worker.process.WorkerFailure`.
        """
        try:
            result = self.call(target, *args, _stdin=stdin, _seconds=seconds)
            raised = None
        except StudentRaised as error:
            result, raised = None, error
        return ConsoleRun(result, raised, self.last_out, self.last_err, self.last_cut)

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
        last = self.transcript.last(1)
        call = last[0] if last else "the call"
        raise AssertionError(f"expected {name} to be raised, but {call}")


_CONTAINERS = (HandleRef, list, dict)


def _item_label(describe: Callable[[], str], key: Any) -> str:
    return f"{describe()}[{key!r}]"


def _not_sendable(obj: Any) -> Any:
    raise TypeError(f"{type(obj).__name__} objects cannot be sent to student code")


def _show_args(args: tuple, kwargs: dict) -> str:
    shown = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return ", ".join(shown)
