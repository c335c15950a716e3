"""What a call must not change: its arguments, looked at before and after it returns.

A contract lets a method change its own object, never what it is handed unless it says
so: ``Hand.add(card)`` changes the hand, not the card; a computer player's
``choose(moves)`` reads the moves and changes none of them. Before the worker calls the
student's function it records the state of each argument, and when the call returns it
records it again; a difference is a broken promise, reported in the student's words.

A state is a flat list of what an argument holds, down to :data:`DEPTH` levels of lists,
tuples, dicts and sets: a list's items, a dict's keys and values, a set's members, and,
for an argument that is an object, its attributes (its ``__dict__`` and slots) and the
containers they hold. Other objects met on the way are compared as themselves: a call
handed a list of players may change the players (deal them cards), not the list, and a
call handed a player may not rebind its attributes nor change the lists it keeps.
Items are compared by identity, so no student code runs (no ``__eq__``, no
``__hash__``, no ``__iter__``) and an item replaced by an equal one still counts as a
change; numbers and strings, which cannot change, compare by value. Values of the
assignment's codec (cards, enum members), classes, functions, modules and generators
are never looked into: a value cannot change, and a generator's state is meant to move.

An assignment declares the arguments its contract lets a method change in its codec
(``Codec(types, may_change={"Table.apply": ("hand",)})``); everything else stays as it
was given. The check costs a walk over the arguments twice a call: a few microseconds
for cards and short lists (``benchmarks/proxy.py`` measures it).
"""

from __future__ import annotations

import enum
import inspect
import random
from collections.abc import Callable, Mapping
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

from .hostile import Collaborator

DEPTH = 3
"""How many levels into an argument its state reaches (a table, its piles, their cards)."""

ANY = "*"
"""In a declaration: every argument of the method may change."""

_SCALARS = frozenset((type(None), bool, int, float, complex, str, bytes))
_LEAVES = (
    type,
    ModuleType,
    FunctionType,
    BuiltinFunctionType,
    MethodType,
    random.Random,
    enum.Enum,
    Collaborator,
)
_CONTAINERS = frozenset((list, tuple, dict, set, frozenset))
_OWNERS = ("self", "cls")
"""A method called through its class (``Hand.add(hand, card)``) may change its object."""
_CONTAINER_NAMES: dict[type, str] = {list: "list", dict: "dict", set: "set", tuple: "tuple"}


class Size:
    """A container's length in a state, so that a state compares its headers by value."""

    __slots__ = ("length",)

    def __init__(self, length: int) -> None:
        """Note a length."""
        self.length = length

    def __eq__(self, other: object) -> bool:
        """Two sizes are the same when their lengths are."""
        return type(other) is Size and other.length == self.length

    __hash__ = None  # type: ignore[assignment]


class ArgumentWatch:
    """Takes the states of a call's arguments and names the ones the call changed.

    Args:
        is_value: Whether an object is a value of the assignment's codec (a leaf).
        may_change: Per method, the parameters its contract lets it change (or ``"*"``);
            a key is ``Class.method``, or a function's or method's bare name.
    """

    def __init__(
        self, is_value: Callable[[Any], bool], may_change: Mapping[str, tuple[str, ...]]
    ) -> None:
        """Watch with the codec's values as leaves."""
        self._is_value = is_value
        self._may_change = may_change
        self._leaf_types: dict[type, bool] = {}

    def states(self, args: list[Any], kwargs: dict[str, Any]) -> list[list[Any]] | None:
        """The state of every argument, or None when nothing given could change."""
        values = [*args, *kwargs.values()]
        if all(type(value) in _SCALARS or self._is_leaf(type(value), value) for value in values):
            return None  # numbers, cards, suits: the commonest arguments cannot change
        return [self._state(value) for value in values]

    def broken(
        self,
        function: Callable[..., Any],
        args: list[Any],
        kwargs: dict[str, Any],
        before: list[list[Any]],
    ) -> str | None:
        """What the call broke of its promise, in the student's words; None if nothing.

        Args:
            function: What was called (a function, a bound method or a class).
            args: Its positional arguments, as given.
            kwargs: Its keyword arguments, as given.
            before: :meth:`states` of the arguments before the call.
        """
        values = [*args, *kwargs.values()]
        owner = getattr(function, "__self__", None)  # a method may change its own object
        changed = [
            value
            for value, state in zip(values, before, strict=True)
            if value is not owner and not _same(state, self._state(value))
        ]
        if not changed:
            return None
        name, allowed = self._declared(function)
        if ANY in allowed:
            return None
        names = _parameter_names(function, args, kwargs)
        for value in changed:
            parameter = next((n for n, v in names if v is value), None)
            if parameter in allowed or parameter in _OWNERS:
                continue
            given = f"the {_kind(value)} it was given"
            if parameter is not None:
                given += f" as `{parameter}`"
            return (
                f"your `{name}` changed {given}: its contract lets it read what it is "
                "given, not change it (work on a copy if you need one)"
            )
        return None

    def _declared(self, function: Callable[..., Any]) -> tuple[str, tuple[str, ...]]:
        """The name a student knows the callable by, and the parameters it may change.

        A declaration names the method by its bare name or by ``Class.method``, where the
        class is the one it is defined in, or any class of the object it is bound to (a
        ``ComputerPlayer``'s ``take_turn`` is also ``Player.take_turn``).
        """
        target = getattr(function, "__func__", function)
        name = getattr(target, "__name__", type(function).__name__)
        names = [getattr(target, "__qualname__", name), name]
        owner = getattr(function, "__self__", None)
        if isinstance(function, type):
            names += [f"{cls.__name__}.__init__" for cls in function.__mro__]
        elif owner is not None:
            names += [f"{cls.__name__}.{name}" for cls in type(owner).__mro__]
        for candidate in names:
            allowed = self._may_change.get(candidate)
            if allowed is not None:
                return name, allowed
        return name, ()

    def _state(self, value: Any) -> list[Any]:
        found: list[Any] = []
        self._record(value, DEPTH, found, given=True)
        return found

    def _record(self, value: Any, depth: int, found: list[Any], given: bool = False) -> None:
        found.append(value)
        kind = type(value)
        if depth == 0 or kind in _SCALARS:
            return
        if kind is list or kind is tuple:
            found.append(Size(len(value)))
            for item in value:
                if type(item) in _CONTAINERS:
                    self._record(item, depth - 1, found)
                else:
                    found.append(item)
        elif kind is dict:
            found.append(Size(len(value)))
            for key, item in value.items():
                found.append(key)
                self._record(item, depth - 1, found)
        elif kind is set or kind is frozenset:
            found.append(Size(len(value)))
            found.extend(sorted(value, key=id))
        elif given and not self._is_leaf(kind, value):
            for name, item in _attributes(value):
                found.append(name)
                self._record(item, depth - 1, found)

    def _is_leaf(self, kind: type, value: Any) -> bool:
        leaf = self._leaf_types.get(kind)
        if leaf is None:
            leaf = self._leaf_types[kind] = isinstance(value, _LEAVES) or self._is_value(value)
        return leaf


def _same(before: list[Any], after: list[Any]) -> bool:
    if len(before) != len(after):
        return False
    for old, new in zip(before, after, strict=True):
        if old is new:
            continue
        kind = type(old)
        if kind is not type(new) or not (kind in _SCALARS or kind is Size) or old != new:
            return False
    return True


def _attributes(value: Any) -> list[tuple[str, Any]]:
    """An object's attributes, read past any ``__getattribute__`` of its class."""
    try:
        own = object.__getattribute__(value, "__dict__")
    except AttributeError:
        own = {}
    found = list(own.items()) if type(own) is dict else []
    for cls in type(value).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for slot in (slots,) if isinstance(slots, str) else slots:
            descriptor = cls.__dict__.get(slot)
            if slot in ("__dict__", "__weakref__") or descriptor is None:
                continue
            try:
                found.append((slot, descriptor.__get__(value, cls)))
            except AttributeError:
                continue  # a slot not set yet
    return found


def _kind(value: Any) -> str:
    return _CONTAINER_NAMES.get(type(value)) or type(value).__name__


def _parameter_names(
    function: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]
) -> list[tuple[str, Any]]:
    """Each argument with the name of the parameter it was bound to (nothing if unbound)."""
    try:
        bound = inspect.signature(function).bind(*args, **kwargs)
    except (TypeError, ValueError):
        return []
    named: list[tuple[str, Any]] = []
    for name, value in bound.arguments.items():
        kind = bound.signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_POSITIONAL:
            named.extend((name, item) for item in value)
        elif kind is inspect.Parameter.VAR_KEYWORD:
            named.extend((name, item) for item in value.values())
        else:
            named.append((name, value))
    return named
