"""Canonical values: how an assignment's values cross between judge and worker.

Student objects never reach the judge. What crosses is canonical data: ``None``,
booleans, numbers, strings, lists, dicts, frozensets, and :class:`Value` for the
assignment's own value types (a card in its notation, an enum member by name).
Everything else stays in the worker and crosses as a handle.

A sequence answer is read once, here, into plain data (:func:`read_once`): a list,
tuple, set or dict of a class of the student's own (a subclass) is read through the
builtin type's own storage, so none of the subclass's methods (``__iter__``,
``__len__``, ``__getitem__``, ``__eq__``...) is asked; a generator, or another iterator
or view of the standard library, is run to its end once. The judge then holds one
answer, the same however often a test reads it. A named tuple is an object with
fields, not a sequence, and stays a handle, as does any other object of the student's
classes: its methods are what a test of that class asks.

An assignment declares its value types in ``graders/<assignment>/codec.py`` as a
module-level ``CODEC = Codec([...])``. The same codec encodes reference objects in
the judge, so a student's answer and the reference's answer compare as plain data.
"""

from __future__ import annotations

import enum
import importlib.util
from collections.abc import Callable, Iterable, Iterator, Mapping, MappingView
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

Resolve = Callable[[str], Any]
"""Finds an object of the assignment's package by dotted path, e.g. ``card.Card``."""


@dataclass(frozen=True, order=True)
class Value:
    """A value of one of the assignment's types, in canonical form.

    Attributes:
        type: The type's name, e.g. ``Card`` or ``Suit``.
        text: The value in the type's notation, e.g. ``QS`` or ``SPADES``.
        is_enum: Whether the type is an enum (shown as ``Suit.SPADES``).
    """

    type: str
    text: str
    is_enum: bool = field(default=False, compare=False)

    def __repr__(self) -> str:
        """Show a card as ``QS`` and an enum member as ``Suit.SPADES``."""
        return f"{self.type}.{self.text}" if self.is_enum else self.text


class CodecError(Exception):
    """A value could not be encoded or decoded; the message says which and why."""


@dataclass(frozen=True)
class EnumType:
    """An enum of the assignment, encoded by member name.

    Attributes:
        path: Dotted path of the enum inside the package, e.g. ``suit.Suit``.
    """

    path: str

    @property
    def name(self) -> str:
        """The type name used on the wire."""
        return self.path.rsplit(".", 1)[-1]

    def encode(self, obj: Any) -> Value:
        """Encode a member."""
        return Value(self.name, obj.name, is_enum=True)

    def decode(self, text: str, resolve: Resolve) -> Any:
        """Find the member named ``text`` in the (composed) enum."""
        try:
            return resolve(self.path)[text]
        except KeyError:
            raise CodecError(f"{self.name} has no member {text}") from None


@dataclass(frozen=True)
class TextType:
    """A value class of the assignment, encoded as a short notation.

    Attributes:
        path: Dotted path of the class inside the package, e.g. ``card.Card``.
        to_text: Gives the notation of an instance.
        from_text: Builds an instance from its notation, given a resolver for the
            package's classes (so the student's own class is used in the worker).
        inbound_only: When true, the type is only ever sent to the worker, where it is
            built from its notation; an instance never crosses back as a value (it
            stays a handle). A grader uses this to hand over a bundle of values, such
            as a game view, in the same request as the call that takes it.
    """

    path: str
    to_text: Callable[[Any], str]
    from_text: Callable[[str, Resolve], Any]
    inbound_only: bool = False

    @property
    def name(self) -> str:
        """The type name used on the wire."""
        return self.path.rsplit(".", 1)[-1]

    def encode(self, obj: Any) -> Value:
        """Encode an instance by its notation."""
        text = self.to_text(obj)
        if type(text) is not str:
            raise CodecError(f"the notation of a {self.name} is not a string: {text!r}")
        return Value(self.name, text)

    def decode(self, text: str, resolve: Resolve) -> Any:
        """Build an instance from its notation."""
        return self.from_text(text, resolve)


ValueType = EnumType | TextType
_SCALARS = (type(None), bool, int, float, str)
_ONE_PASS_MODULES = frozenset({"builtins", "itertools"})
"""Where the standard library's generators, iterators and views are defined."""


class Codec:
    """The value types of one assignment, and the rules to encode and decode them."""

    def __init__(
        self,
        types: Iterable[ValueType],
        may_change: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        """Declare the assignment's value types.

        Args:
            types: Each value type of the assignment, once.
            may_change: The arguments the contract lets a method of the student's code
                change, by parameter name (``{"Table.apply": ["hand"]}``; ``["*"]``: any);
                a key is ``Class.method`` or a bare name. The worker checks that every
                other argument of a call into student code is as it was given
                (:mod:`cardlab.worker.arguments`).
        """
        self.types = tuple(types)
        self._by_name = {t.name: t for t in self.types}
        self.may_change = {
            method: tuple(parameters) for method, parameters in (may_change or {}).items()
        }

    def value_type(self, obj: Any, resolve: Resolve) -> ValueType | None:
        """The declared value type ``obj`` is an instance of, if any."""
        for value_type in self.types:
            if getattr(value_type, "inbound_only", False):
                continue
            cls = _try_resolve(resolve, value_type.path)
            if cls is not None and isinstance(obj, cls):
                if isinstance(value_type, EnumType) and not isinstance(obj, enum.Enum):
                    continue
                return value_type
        return None

    def encode(self, obj: Any, resolve: Resolve, fallback: Callable[[Any], Any]) -> Any:
        """Turn ``obj`` into canonical data.

        Args:
            obj: Any object.
            resolve: Finds the package's classes (reference or composed).
            fallback: Called for an object with no canonical form (a handle in the
                worker, an error in the judge).

        Returns:
            Canonical data.
        """
        kind = type(obj)
        if kind in _SCALARS:
            return obj
        if kind in (list, tuple):
            return [self.encode(item, resolve, fallback) for item in obj]
        if kind in (set, frozenset):
            return frozenset(self.encode(item, resolve, fallback) for item in obj)
        if kind is dict:
            return {
                _hashable(self.encode(k, resolve, fallback)): self.encode(v, resolve, fallback)
                for k, v in obj.items()
            }
        if kind is Value:
            return obj
        value_type = self.value_type(obj, resolve)
        if value_type is not None:
            return value_type.encode(obj)
        plain = read_once(obj)
        if plain is None:
            return fallback(obj)
        return self.encode(plain, resolve, fallback)

    def decode_value(self, value: Value, resolve: Resolve) -> Any:
        """Build the package's object for a canonical value."""
        try:
            value_type = self._by_name[value.type]
        except KeyError:
            raise CodecError(f"unknown value type {value.type}") from None
        return value_type.decode(value.text, resolve)

    def is_enum(self, type_name: str) -> bool:
        """Whether a wire type name is an enum of the assignment."""
        return isinstance(self._by_name.get(type_name), EnumType)


def read_once(obj: Any) -> list | tuple | dict | frozenset | None:
    """A sequence answer as one plain builtin value; None for any other object.

    Args:
        obj: An object that is neither canonical data nor a declared value type.

    Returns:
        For an instance of a subclass of list, tuple, set, frozenset or dict (not a
        named tuple), a copy read through the builtin type's own iteration, which never
        calls the subclass's methods; for a generator, iterator or view of the standard
        library (``map``, ``dict.values()``, ``range``, ``itertools``...), its items,
        read to the end once; None otherwise.
    """
    if isinstance(obj, tuple) and hasattr(type(obj), "_fields"):
        return None  # a named tuple: an object whose fields are read by name
    if isinstance(obj, dict):
        return dict(dict.items(obj))
    if isinstance(obj, list):
        return list(list.__iter__(obj))
    if isinstance(obj, tuple):
        return tuple(tuple.__iter__(obj))
    if isinstance(obj, frozenset):
        return frozenset(frozenset.__iter__(obj))
    if isinstance(obj, set):
        return frozenset(set.__iter__(obj))
    one_pass = isinstance(obj, Iterator | MappingView | range)
    if one_pass and type(obj).__module__ in _ONE_PASS_MODULES:
        return list(cast(Iterable[Any], obj))
    return None


def _hashable(data: Any) -> Any:
    return tuple(_hashable(item) for item in data) if isinstance(data, list) else data


def _try_resolve(resolve: Resolve, path: str) -> Any:
    try:
        return resolve(path)
    except Exception:  # noqa: BLE001 - a broken student module simply has no such type
        return None


def load_codec(path: Path | None) -> Codec:
    """Load an assignment's ``CODEC`` from its codec file (no file: no value types)."""
    if path is None or not path.is_file():
        return Codec([])
    module_spec = importlib.util.spec_from_file_location(f"cardlab_codec_{path.parent.name}", path)
    if module_spec is None or module_spec.loader is None:
        raise ImportError(f"{path} cannot be loaded as a module")
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module.CODEC
