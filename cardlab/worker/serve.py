"""The worker: the only process where student code runs.

Started by the judge as ``python -S -s -P -B -m cardlab.worker.serve READ_FD WRITE_FD``, with
the worker's private tree (:mod:`cardlab.worker.sandbox`) as its only import path. It reads
requests on one pipe and answers on the other; the student's standard input and
output are separate per call (given text in, captured and capped text out). It
holds the objects student code returns and gives the judge handles to them. It
knows nothing of scores: the judge decides every verdict.

Requests (``op``): ``confine`` (the confinement plan: always the first request, before
any student code is loaded; see :mod:`cardlab.worker.confine`), ``init`` (composition, codec
file, output cap), ``call`` (target, args, kwargs, stdin, seed, and the next call's seed;
with ``interrupt`` set, reading past stdin raises ``KeyboardInterrupt``, as Ctrl-C does),
``callmethod`` (target, method name, args, kwargs),
``getattr`` (target, name; with ``keep`` set, the attribute's object is kept and
answered as a handle, whatever its type), ``builtin`` (name, args; what ``iter``
gives is answered as a handle, to walk with ``next``),
``reset`` (forget every handle), ``canary`` (what of the worker's runtime or the
provided modules has changed since it was loaded; see :mod:`cardlab.worker.canary`),
``ping``, and ``student_tests`` (run the student's own
tests against one implementation, in a forked child: :mod:`cardlab.worker.student_tests`).
Answers carry ``ok`` (the result) or
``raised`` (type names, message, place in the student's code), plus ``out``, ``err``
and ``cut`` (whether output was cut at the cap); a call into student code that changed
what its contract does not let it change also carries ``broken``, which says what in
the student's words (:mod:`cardlab.worker.arguments`).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import pickle
import random
import signal
import sys
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from . import canary, compose, confine, hostile, portable, student_tests
from .arguments import ArgumentWatch
from .codec import Codec, Value, load_codec
from .wire import FrameReader, HandleRef, PathRef, from_json, to_json, write_frame

_ORIGINAL_STDIN = sys.stdin
_SCALARS = frozenset((type(None), bool, int, float, str))


class CappedOutput(io.TextIOBase):
    """A text stream that keeps at most ``limit`` characters and counts the rest."""

    def __init__(self, limit: int) -> None:
        """Keep up to ``limit`` characters."""
        super().__init__()
        self.limit = limit
        self.parts: list[str] = []
        self.kept = 0
        self.cut = False

    def reset(self, limit: int) -> None:
        """Forget what was kept, ready for the next call."""
        self.limit = limit
        self.parts.clear()
        self.kept = 0
        self.cut = False

    def writable(self) -> bool:
        """A capped output is writable."""
        return True

    def write(self, text: str) -> int:
        """Keep what fits under the cap."""
        text = str(text)
        room = self.limit - self.kept
        if len(text) > room:
            self.cut = True
            text = text[: max(room, 0)]
        if text:
            self.parts.append(text)
        self.kept += len(text)
        return len(text)

    def getvalue(self) -> str:
        """Everything kept."""
        return "".join(self.parts)


class InterruptedInput(io.StringIO):
    """Typed lines, then Ctrl-C: reading past the last line raises ``KeyboardInterrupt``.

    Where plain typed input ends (``input`` raises ``EOFError``), this one stands for a
    user who presses Ctrl-C at the next question, so a console program's handling of
    Ctrl-C can be graded.
    """

    # typeshed gives StringIO the bytes readline of _IOBase, not TextIOBase's str one.
    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]
        """The next typed line; ``KeyboardInterrupt`` once every line has been read."""
        line = super().readline(size)
        if not line:
            raise KeyboardInterrupt
        return line


def typed_input(request: dict) -> io.StringIO:
    """The standard input of a request: its typed lines, then the end of input or Ctrl-C."""
    typed = request.get("stdin") or ""
    return InterruptedInput(typed) if request.get("interrupt") else io.StringIO(typed)


class Worker:
    """Serves requests from the judge against one composed package."""

    def __init__(self, read_fd: int, write_fd: int, reader: FrameReader | None = None) -> None:
        """Serve on the two channel descriptors (``reader`` given: the portable worker)."""
        self.reader = reader or FrameReader(read_fd)
        self.portable = reader is not None
        self.write_fd = write_fd
        self.handles: dict[int, Any] = {}
        self.next_handle = 1
        self.composition = compose.Composition("", None)
        self.modules: dict[str, ModuleType] = {}
        self.paths: dict[str, tuple[str, list[str]]] = {}
        self.refused = False
        self.student_files: set[str] = set()
        self.codec = Codec([])
        self.arguments = self.watch_arguments()
        self.broken: str | None = None
        self.output_limit = 65536
        self.out = CappedOutput(self.output_limit)
        self.err = CappedOutput(self.output_limit)
        self.watch = canary.Watch()
        self.seeded: int | None = None

    def serve(self) -> None:
        """Answer requests until the judge closes the channel, or confinement is refused."""
        # Ctrl-C's signal means the same to student code whatever the judge does with it:
        # a grade-all judge ignores it, and a child inherits an ignored signal.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        while not self.refused:
            try:
                request = self.reader.read()
            except Exception:  # noqa: BLE001 - the judge went away: nothing left to do
                return
            write_frame(self.write_fd, self.answer(request))
            self.seed_ahead(request.get("next_seed"))

    def seed_ahead(self, seed: int | None) -> None:
        """Seed ``random`` for the next call while the judge reads this answer.

        Each call runs with ``random`` freshly seeded from the seed its request carries
        (the same draws on every run of a test). Seeding takes a few microseconds; the
        judge sends the next call's seed along, so that the worker seeds once the
        answer is written, on the other core, and the next call finds it done. A
        request whose seed is not the one seeded ahead is seeded when it arrives.
        """
        if seed is not None:
            random.seed(seed)
        self.seeded = seed

    def answer(self, request: dict) -> dict:
        """Carry out one request with the student's output captured."""
        out, err = self.out, self.err
        out.reset(self.output_limit)
        err.reset(self.output_limit)
        sys.stdin = typed_input(request)
        sys.stdout, sys.stderr = out, err
        self.broken = None
        try:
            seed = request.get("seed", 0)
            if seed != self.seeded:
                random.seed(seed)
            value = self.dispatch(request)
            result = {"ok": to_json(self.keep(value)) if _kept(request) else self.encode(value)}
            if self.broken is not None:
                result["broken"] = self.broken
        except BaseException as error:  # noqa: BLE001 - SystemExit too: report, never die
            result = {"raised": self.describe(error)}
        finally:
            sys.stdin, sys.stdout, sys.stderr = _ORIGINAL_STDIN, sys.__stdout__, sys.__stderr__
        result.update(
            id=request.get("id"), out=out.getvalue(), err=err.getvalue(), cut=out.cut or err.cut
        )
        return result

    def dispatch(self, request: dict) -> Any:
        """Run the operation a request names."""
        op = request.get("op")
        if op == "call":
            return self.invoke(self.decode(request["target"]), request)
        if op == "callmethod":
            return self.invoke(getattr(self.decode(request["target"]), request["name"]), request)
        if op == "getattr":
            return getattr(self.decode(request["target"]), request["name"])
        if op == "builtin":
            args = [self.decode(arg) for arg in request.get("args", [])]
            return apply_builtin(request["name"], args)
        if op == "canary":
            return self.watch.changes()
        if op == "init":
            return self.init(request)
        if op == "confine" and self.portable:
            return {"applied": [], "missing": [portable.NOT_CONFINED]}
        if op == "confine":
            try:
                outcome = confine.apply(confine.Plan.from_message(request["plan"]))
            except confine.Refused:
                self.refused = True  # answered, then the worker ends: nothing else runs
                raise
            return {"applied": outcome.applied, "missing": outcome.missing}
        if op == "reset":
            self.handles.clear()
            return None
        if op == "ping":
            return "pong"
        if op == "student_tests":
            return student_tests.run(request, recompose)
        raise ValueError(f"unknown operation {op!r}")

    def invoke(self, function: Callable[..., Any], request: dict) -> Any:
        """Call ``function`` with the request's arguments.

        A call into the student's code has its arguments checked when it returns
        (:mod:`cardlab.worker.arguments`): what its contract does not let it change must
        be as it was given, or :attr:`broken` says what changed.
        """
        args = [self.decode(arg) for arg in request.get("args", [])]
        kwargs = {key: self.decode(value) for key, value in request.get("kwargs", {}).items()}
        if not self.is_student_code(function):
            return function(*args, **kwargs)
        before = self.arguments.states(args, kwargs)
        result = function(*args, **kwargs)
        if before is not None:
            self.broken = self.arguments.broken(function, args, kwargs, before)
        return result

    def is_student_code(self, function: Callable[..., Any]) -> bool:
        """Whether a function, method or class (its ``__init__``) is the student's code."""
        target = function
        if isinstance(function, type):
            target = getattr(function, "__init__")  # noqa: B009 - the class's, as mypy wants
        target = getattr(target, "__func__", target)
        code = getattr(target, "__code__", None)
        return code is not None and code.co_filename in self.student_files

    def watch_arguments(self) -> ArgumentWatch:
        """The check of arguments, with the codec's values (cards, enum members) as leaves."""

        def is_value(obj: Any) -> bool:
            return self.codec.value_type(obj, self.resolve) is not None

        return ArgumentWatch(is_value, self.codec.may_change)

    def init(self, request: dict) -> None:
        """Compose the package and load the codec."""
        composition = compose.Composition.from_message(request["composition"])
        self.composition = composition
        self.paths.clear()
        self.student_files = {str(path) for path in composition.student_files()}
        self.output_limit = int(request.get("output_bytes", self.output_limit))
        compose.install(composition, on_provided=self.watch.provided)
        codec_path = request.get("codec")
        if codec_path:
            self.codec = load_codec(Path(codec_path))
        self.arguments = self.watch_arguments()
        provided = tuple(
            f"{part.package}.{name}"
            for part in composition.packages
            for name, origin in part.origins.items()
            if origin == compose.PROVIDED
        )
        self.watch.runtime(self, provided)
        self.preload(composition.student_modules())

    def preload(self, names: Iterable[str]) -> None:
        """Import the student's modules now, at start-up.

        A module that hangs or ends the process while loading then does so once, and
        every test fails at once with that cause. An import that raises is left for
        the call that needs the module, which reports the error.
        """
        for name in names:
            with contextlib.suppress(BaseException):
                importlib.import_module(self.composition.import_name(name)[0])

    def resolve(self, path: str) -> Any:
        """Find an object of the composed package by dotted path (``card.Card``).

        With several packages, a path names its package first (``cards.card.Card``).
        Each module is imported once and kept, and each path is split once: the codec
        resolves a class for every value it encodes or decodes, and
        ``importlib.import_module`` costs far more than a dict lookup. Attributes are
        still looked up on every call, so a class the student's code rebinds is seen.
        """
        found = self.paths.get(path)
        if found is None:
            found = self.paths[path] = self.composition.import_name(path)
        module_name, attributes = found
        obj: Any = self.modules.get(module_name)
        if obj is None:
            obj = self.modules[module_name] = importlib.import_module(module_name)
        for attribute in attributes:
            obj = getattr(obj, attribute)
        return obj

    def encode(self, obj: Any) -> Any:
        """Canonical data for a result, with handles for everything else."""
        if type(obj) in _SCALARS:  # most results: nothing to look up or tag
            return obj
        return to_json(self.codec.encode(obj, self.resolve, self.keep))

    def keep(self, obj: Any) -> HandleRef:
        """Hold an object and give the judge a handle to it."""
        number = self.next_handle
        self.next_handle += 1
        self.handles[number] = obj
        return HandleRef(number, type(obj).__name__)

    def decode(self, data: Any) -> Any:
        """An argument from the judge as an object of the composed package."""
        if type(data) in _SCALARS:  # the commonest arguments, as in encode
            return data
        return self._materialize(from_json(data))

    def _materialize(self, value: Any) -> Any:
        kind = type(value)
        if kind is HandleRef:
            try:
                return self.handles[value.id]
            except KeyError:
                raise LookupError(f"handle {value.id} is no longer held") from None
        if kind is PathRef:
            return self.resolve(value.path)
        if kind is Value:
            return self.codec.decode_value(value, self.resolve)
        if kind is list:
            return [self._materialize(item) for item in value]
        if kind is tuple:
            return tuple(self._materialize(item) for item in value)
        if kind is frozenset:
            return {self._materialize(item) for item in value}
        if kind is dict:
            return {self._materialize(k): self._materialize(v) for k, v in value.items()}
        return value

    def describe(self, error: BaseException) -> dict:
        """What the judge needs to know of an exception raised by student code."""
        kind = type(error)
        names = [f"{k.__module__}.{k.__qualname__}" for k in kind.__mro__]
        try:
            message = error.msg if isinstance(error, SyntaxError) else str(error)
        except Exception:  # noqa: BLE001 - a student exception whose __str__ fails
            message = "(the exception's message could not be shown)"
        return {"types": names, "message": message, "where": self.where(error)}

    def where(self, error: BaseException) -> str:
        """The deepest place in the student's files that the exception passed through."""
        place = ""
        if isinstance(error, SyntaxError) and error.filename in self.student_files:
            return f"{Path(error.filename).name}, line {error.lineno}"
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename in self.student_files:
                place = f"{Path(frame.filename).name}, line {frame.lineno}, in {frame.name}"
        return place


def _kept(request: dict) -> bool:
    """Whether a request's result stays here as a handle, whatever its type.

    The judge asks for that with ``keep`` (to read a result's type, or change it here),
    and gets it for ``iter``: an iterator asked for is one to walk with ``next``, not a
    sequence answer to read to its end (:func:`cardlab.worker.codec.read_once`).
    """
    return bool(request.get("keep")) or (
        request.get("op") == "builtin" and request.get("name") == "iter"
    )


def apply_builtin(name: str, args: list[Any]) -> Any:
    """Apply a builtin operation to worker objects.

    Written as code, not as a table of functions: a table is data that student code can
    reach and rewrite (``table["eq"] = lambda a, b: True``), while changing this
    function's code trips the canary.
    """
    match name, args:
        case "len", [obj]:
            return len(obj)
        case "str", [obj]:
            return str(obj)
        case "repr", [obj]:
            return repr(obj)
        case "hash", [obj]:
            return hash(obj)
        case "bool", [obj]:
            return bool(obj)
        case "list", [obj]:
            return list(obj)
        case "sorted", [obj]:
            return sorted(obj)
        case "eq", [left, right]:
            return left == right
        case "ne", [left, right]:
            return left != right
        case "lt", [left, right]:
            return left < right
        case "le", [left, right]:
            return left <= right
        case "gt", [left, right]:
            return left > right
        case "ge", [left, right]:
            return left >= right
        case "contains", [container, item]:
            return item in container
        case "getitem", [container, key]:
            return container[key]
        case "is", [left, right]:
            return left is right
        case "isinstance", [obj, kind]:
            return isinstance(obj, kind)
        case "type_name", [obj]:
            return type(obj).__name__
        case "Random", [*seed]:
            return random.Random(*seed)
        # Graders of iterators, key functions and pickling with format versions (whist):
        case "iter", [obj]:
            return iter(obj)
        case "next", [iterator]:
            return next(iterator)
        case "sorted_by", [items, key]:
            return sorted(items, key=key)
        case "setattr", [obj, name, value]:
            return setattr(obj, name, value)
        case "subclass", [base, name, attributes]:
            return type(name, (base,), attributes)
        case "pickle_dumps", [obj]:
            return pickle.dumps(obj)
        case "pickle_loads", [data]:
            return pickle.loads(data)
        # Collaborators that misbehave on purpose (cardlab.testing.misbehaving):
        case "misbehaving", [base, method, behaviour, answer]:
            return hostile.misbehaving(base, method, behaviour, answer)
    raise ValueError(f"unknown builtin {name!r} with {len(args)} arguments")


def recompose(message: dict) -> None:
    """Replace the installed composition by another one (in a child running tests)."""
    for finder in [f for f in sys.meta_path if isinstance(f, compose.ComposingFinder)]:
        compose.uninstall(finder)
    compose.install(compose.Composition.from_message(message))


def main(argv: list[str] | None = None) -> None:
    """Run a worker on the descriptors named on the command line."""
    import site  # started with -S: add only exit() and quit(), which console programs use

    site.setquit()
    args = argv or sys.argv[1:]
    reader = None
    if args == [portable.STDIO]:
        read_fd, write_fd, reader = portable.serve_on_stdio()
    else:
        read_fd, write_fd = (int(arg) for arg in args)
    sys.dont_write_bytecode = True
    Worker(read_fd, write_fd, reader).serve()


if __name__ == "__main__":
    main()
