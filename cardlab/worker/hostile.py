"""Collaborators that misbehave on purpose, built in the worker for graders.

Student code often calls code it is handed: a player asks its strategy for a card, a
game asks each player for its move. A contract says what the student's code does when
that collaborator misbehaves (a card it does not hold is refused with ``ValueError``),
and the only way to see it is to hand it a collaborator that misbehaves. Code cannot
cross from the judge to the worker, so the collaborators are made here: a subclass of
the contract's class (a ``Strategy``, a ``Player``) whose one method misbehaves in a
named way, every other method inherited, or doing nothing where the base leaves it
abstract. The judge asks for one with the ``misbehaving`` builtin
(:func:`cardlab.testing.misbehaving`).
"""

from __future__ import annotations

import inspect
from typing import Any

RETURNS = "returns"
"""The method gives the answer it was made with, whatever it is asked."""

RAISES = "raises"
"""The method raises :class:`CollaboratorFailed`."""

MEDDLES = "meddles"
"""The method empties its first argument, then gives its answer: a caller that was to
hand it a copy (of a hand, say) finds its own object emptied."""

BEHAVIOURS = (RETURNS, RAISES, MEDDLES)


class Collaborator:
    """What every misbehaving collaborator is, besides its base.

    The check of arguments (:mod:`cardlab.worker.arguments`) never looks into one: a
    collaborator notes what it is handed, which is no change of the student's making.
    """


class CollaboratorFailed(Exception):
    """What a failing collaborator raises; the contract says whether it passes through."""


def misbehaving(base: type | None, method: str, behaviour: str, answer: Any = None) -> type:
    """A subclass of ``base`` whose ``method`` misbehaves as ``behaviour`` says.

    Its instances are made with ``base``'s own arguments (any arguments, with no base),
    and note in ``handed`` the arguments of each call of ``method``, so that a grader
    can look at what it was handed.

    Args:
        base: The contract's class of the collaborator; None for a duck-typed one.
        method: The name of the method that misbehaves (``choose_card``).
        behaviour: One of :data:`BEHAVIOURS`.
        answer: What the method gives (with :data:`RETURNS` and :data:`MEDDLES`).

    Returns:
        The class.

    Raises:
        ValueError: If ``behaviour`` is not one of :data:`BEHAVIOURS`.
    """
    if behaviour not in BEHAVIOURS:
        raise ValueError(f"a collaborator misbehaves as one of {BEHAVIOURS}, not {behaviour!r}")

    def misbehave(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.handed.append(args)
        if behaviour == RAISES:
            raise CollaboratorFailed(f"the {method} of this collaborator fails on purpose")
        if behaviour == MEDDLES and args:
            _empty(args[0])
        return answer

    attributes: dict[str, Any] = {method: misbehave, "handed": None}
    parent = object if base is None else base
    for name in getattr(parent, "__abstractmethods__", ()):
        if name != method:
            attributes[name] = _does_nothing
    attributes["__init__"] = _initializer(parent)
    bases = (Collaborator,) if base is None else (parent, Collaborator)
    return type(f"Misbehaving{bases[0].__name__}", bases, attributes)


def _initializer(parent: type) -> Any:
    initialize = getattr(parent, "__init__")  # noqa: B009 - read from the class, not an instance

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if parent is not object:
            initialize(self, *args, **kwargs)
        self.handed = []

    if parent is not object:
        __init__.__signature__ = inspect.signature(initialize)  # type: ignore[attr-defined]
    return __init__


def _does_nothing(self: Any, *args: Any, **kwargs: Any) -> None:
    """A method the contract leaves abstract, which this collaborator does not use."""


def _empty(given: Any) -> None:
    """Empty ``given`` through its own methods: ``clear``, else ``remove`` of each item."""
    clear = getattr(given, "clear", None)
    if callable(clear):
        clear()
        return
    remove = getattr(given, "remove", None)
    if callable(remove) and hasattr(given, "__iter__"):
        for item in list(given):
            remove(item)
