"""The worker's session: one submission's worker, its lifecycle and its protocol.

A :class:`WorkerSession` starts the worker at the first request, begins each test (a
fresh transcript, per-call seeds), restarts the worker between games, asks its canary
and closes it. It sends requests (with the told calls waiting before them), settles
each answer into canonical data, a :class:`~cardlab.judge.remote.Handle` or a
:class:`~cardlab.judge.remote.StudentRaised`, and fails closed on an answer that breaks
the protocol. Graders never hold a session: they hold its face, the
:class:`~cardlab.judge.proxy.Student` that made it, through which handles call back.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..worker.codec import Codec, Resolve
from ..worker.forkserver import ForkServer
from ..worker.portable import portable
from ..worker.process import Isolation, UnsafeToGrade, WorkerFailure, WorkerProcess, WorkerSetup
from ..worker.sandbox import WorkerTree, build_tree
from ..worker.untrusted import cut
from ..worker.wire import HandleRef, PathRef, ProtocolError, from_json, to_json
from .remote import (
    BrokenPromise,
    Caller,
    Handle,
    RemotePath,
    StudentRaised,
    ToldRaised,
    Transcript,
)
from .seeds import PUBLIC_SECRET, Seeds

SPARES = 2
"""Workers kept starting ahead of the restarts to come (see :meth:`WorkerSession.restart`)."""
TOLD_AT_MOST = 64
"""Told calls (:meth:`WorkerSession.tell`) kept waiting at most: the next tell sends them all."""
_LABEL_LENGTH = 40
_PROMISE_LENGTH = 300
_CANARY_NAMES = 20
BUDGET_READ_EVERY = 0.5
"""Seconds at least between two readings of a test's processor time (a few ``/proc`` reads)."""


@dataclass(frozen=True)
class _Call:
    """A request on its way, with what names it in a failure."""

    message: dict
    describe: Callable[[], str]
    log: bool = True
    told: bool = False


class WorkerSession:
    """One submission's worker process, from its first request to its close.

    Args:
        caller: The face whose handles this session makes: they call back through it.
        setup: How to start a worker for this submission.
        call_seconds: The time limit of one call.
        codec: The assignment's codec.
        reference: Resolves reference objects, so tests may pass reference values
            (a reference card, say) as arguments; None where there is no reference.
        seeds: Derives the seed the worker reseeds ``random`` with before each call.
        test_processor_seconds: The processor time the student's code may use in one
            test, all its workers and their processes together (None: no limit).
            Processor time, not time on the clock: a busy machine slows a test without
            bringing it nearer its limit.
    """

    def __init__(
        self,
        caller: Caller,
        setup: WorkerSetup,
        call_seconds: float,
        codec: Codec,
        reference: Resolve | None = None,
        seeds: Seeds | None = None,
        test_processor_seconds: float | None = None,
    ) -> None:
        """Prepare; the worker starts at the first request."""
        self._caller = caller
        self._budget = test_processor_seconds
        self._spent = 0.0  # processor seconds of the test's workers that have ended
        self._measured: WorkerProcess | None = None  # the worker whose time is counted
        self._baseline = 0.0  # its processor seconds when counting began
        self._read_at = 0.0
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
        self._spent = 0.0
        self._measured = None
        if self._process is not None and not self._process.dead:
            self.request({"op": "reset"}, str, log=False)

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
            self._spent += self._used_by_current()
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
            changed = self.request({"op": "canary"}, lambda: "the canary", log=False)
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
        if self._measured is not self._process:  # counted from here: its start-up is not
            self._measured, self._baseline = self._process, self._process.processor_seconds()
        return self._process

    # -- requests ----------------------------------------------------------------

    def request(
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
        self._check_test_budget(calls[-1].describe)
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

    def _used_by_current(self) -> float:
        """The processor time the current worker has used in this test."""
        if self._measured is None or self._measured is not self._process:
            return 0.0
        return max(0.0, self._measured.processor_seconds() - self._baseline)

    def _check_test_budget(self, describe: Callable[[], str]) -> None:
        """Fail the test once the student's code has used up its processor time.

        Read at most every :data:`BUDGET_READ_EVERY` seconds, after an answer: what runs
        between answers (a process the code left running) is counted at the next one.

        Raises:
            WorkerFailure: The test's processor time is used up; the worker is ended.
        """
        now = time.monotonic()
        if self._budget is None or now - self._read_at < BUDGET_READ_EVERY:
            return
        self._read_at = now
        used = self._spent + self._used_by_current()
        if used <= self._budget:
            return
        if self._process is not None:
            self._process.kill()
        failure = WorkerFailure(
            f"your code used more than {self._budget:g} s of processor time in this test"
        )
        self.transcript.add(describe, "failed", failure)
        self._failure = WorkerFailure(f"{describe()}: {failure}")
        raise self._failure

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
            self.fail_protocol("an answer with neither a result nor an exception")
        result = self._result(answer["ok"], call.describe)
        if call.log:
            self.transcript.add(call.describe, "ok", result)
        broken = answer.get("broken")
        if broken is not None:
            if type(broken) is not str:
                self.fail_protocol("a broken promise that is not a sentence")
            raise BrokenPromise(f"{call.describe()}\n  {cut(broken, _PROMISE_LENGTH)}")
        return result

    def fail_protocol(self, what: str) -> None:
        """End the worker and fail: its answer broke the protocol (``what`` says how)."""
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
            self.fail_protocol("a malformed exception")
        kind = ToldRaised if told else StudentRaised
        return kind(text, data["types"], data["message"], data["where"])

    def _result(self, data: Any, describe: Callable[[], str]) -> Any:
        try:
            value = from_json(data, self._codec.is_enum)
        except ProtocolError as error:
            self.fail_protocol(str(error))
        return self._wrap(value, describe)

    def _wrap(self, value: Any, describe: Callable[[], str]) -> Any:
        kind = type(value)
        if kind is HandleRef:
            text = describe()
            label = text if len(text) <= _LABEL_LENGTH else f"<{value.type_name} #{value.id}>"
            return Handle(self._caller, value, self._generation, label)
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

    def argument(self, arg: Any) -> Any:
        """An argument for a request: a handle, a path, or a value the codec encodes."""
        kind = type(arg)
        if kind is Handle:
            if arg._student is not self._caller or arg._generation != self._generation:
                raise WorkerFailure(
                    f"{arg!r} was lost when the worker was restarted after an earlier failure"
                )
            return to_json(arg._ref)
        if kind is RemotePath:
            return to_json(PathRef(arg._path))
        if kind is list:
            return [self.argument(item) for item in arg]
        if kind is tuple:
            return {"$tuple": [self.argument(item) for item in arg]}
        return to_json(self._codec.encode(arg, self._resolve_reference, _not_sendable))

    def _resolve_reference(self, path: str) -> Any:
        if self._reference is None:
            raise LookupError("no reference here")
        return self._reference(path)

    def tell(self, message: dict, describe: Callable[[], str]) -> None:
        """Keep a request waiting: it goes with the next request, in the same write.

        See :meth:`~cardlab.judge.proxy.Student.tell`; at :data:`TOLD_AT_MOST` waiting,
        they are sent at once.
        """
        self._told.append(_Call(message, describe, told=True))
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
        self.request(last.message, last.describe, told=True)


_CONTAINERS = (HandleRef, list, dict)


def _item_label(describe: Callable[[], str], key: Any) -> str:
    return f"{describe()}[{key!r}]"


def _not_sendable(obj: Any) -> Any:
    raise TypeError(f"{type(obj).__name__} objects cannot be sent to student code")
