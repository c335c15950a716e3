"""Helpers for writing grader tests: canonical values and expectations.

Grader tests compare canonical data (see :mod:`cardlab.worker.codec`), so expected cards
are written in notation: ``card("QS")``, ``cards("QS 7H AD")``. Expectations raise
``AssertionError`` with a message for the student: the call, what was expected,
what came back.

Where a rule allows several answers within an order of steps, check conformance
instead of equality: :class:`Procedure`, :class:`Step`, :func:`check_conformance`
and :func:`expect_conformant` come from :mod:`cardlab.judge.conformance`.
"""

from __future__ import annotations

from typing import Any

from .judge.conformance import Breach, Procedure, Step, check_conformance, expect_conformant
from .worker.codec import Value

__all__ = [
    "Breach",
    "Procedure",
    "Step",
    "card",
    "cards",
    "check_conformance",
    "expect_conformant",
    "expect_equal",
    "expect_true",
    "member",
    "show",
]


def card(text: str) -> Value:
    """A card in canonical form, from its notation (``card("QS")``)."""
    return Value("Card", text)


def cards(text: str) -> list[Value]:
    """Cards in canonical form, from notations separated by spaces."""
    return [card(part) for part in text.split()]


def member(type_name: str, name: str) -> Value:
    """An enum member in canonical form (``member("Suit", "SPADES")``)."""
    return Value(type_name, name, is_enum=True)


def show(value: Any) -> str:
    """A value as the student should read it: cards in notation, lists bracketed."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(item) for item in value) + "]"
    return repr(value)


def expect_equal(got: Any, expected: Any, call: str) -> None:
    """Fail unless ``got == expected``, saying what was called, expected and got.

    Both sides must be judge-side data (canonical values or plain Python values), so
    the comparison never runs student code.
    """
    if type(got) is not type(expected) or got != expected:
        raise AssertionError(f"{call}\n  expected: {show(expected)}\n  got:      {show(got)}")


def expect_true(condition: bool, message: str) -> None:
    """Fail with ``message`` unless ``condition`` holds."""
    if condition is not True:
        raise AssertionError(message)
