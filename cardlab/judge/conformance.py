"""Conformance: does a sequence of choices follow a procedure of ordered steps?

Some rules fix an order of steps but leave the choice inside a step free: "lay a King
if you can, else move a pile, else lay a card, ...; any card that fits", or "play one of
the tied cards, at random".  A grader must not compare a student's choices with the
reference's then, since every choice in the allowed set is correct.  Instead it replays
the student's choices on its own state and checks, choice by choice, that

* each choice is allowed by the *current step*: the first step, in order, that allows
  any choice in the state reached so far;
* no step is left while it still allows a choice (a choice of a later step, or the end
  of the sequence, while an earlier step still had one, is a breach);
* nothing is chosen once the procedure is finished, and the sequence does not stop
  before it is: it ends either finished or with no step allowing anything.

A ``Procedure`` describes the rules (the steps, how a choice changes the state, and when
the procedure is finished); ``check_conformance`` returns the first ``Breach`` or None;
``expect_conformant`` raises an ``AssertionError`` whose message a student can act on.
The state is the judge's own (a reference object or a small model), never student code.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

State = TypeVar("State")
Choice = TypeVar("Choice")

NOT_ALLOWED = "not allowed"
"""``Breach.kind`` of a choice that no step allows in the state reached."""

STEP_SKIPPED = "step skipped"
"""``Breach.kind`` of a choice of a later step while the current step still had choices."""

AFTER_THE_END = "after the end"
"""``Breach.kind`` of a choice made once the procedure was finished."""

ENDED_EARLY = "ended early"
"""``Breach.kind`` of a sequence that stops while a step still allows a choice."""


@dataclass(frozen=True)
class Step(Generic[State, Choice]):
    """One step of a procedure: its name and the choices it allows in a state.

    Attributes:
        name: How messages name the step, e.g. "step 2 (pile moves)".
        choices: A pure function of the state giving every choice the step allows
            (empty when the step has nothing to do).
    """

    name: str
    choices: Callable[[State], Collection[Choice]]


@dataclass(frozen=True)
class Procedure(Generic[State, Choice]):
    """Steps in their order of priority, and how choices move the state on.

    Attributes:
        steps: The steps, the first to try first.
        apply: Makes a choice in a state and returns the state after it (it may be the
            same object, changed).  Only called with an allowed choice.
        finished: Tells whether the procedure is over in a state (no choice may follow).
    """

    steps: Sequence[Step[State, Choice]]
    apply: Callable[[State, Choice], State]
    finished: Callable[[State], bool]

    def current(self, state: State) -> tuple[Step[State, Choice], Collection[Choice]] | None:
        """Return the first step allowing a choice in ``state``, with its choices, or None."""
        for step in self.steps:
            choices = step.choices(state)
            if choices:
                return step, choices
        return None


@dataclass(frozen=True)
class Breach(Generic[Choice]):
    """The first place where a sequence of choices leaves the procedure.

    Attributes:
        kind: ``NOT_ALLOWED``, ``STEP_SKIPPED``, ``AFTER_THE_END`` or ``ENDED_EARLY``.
        index: The position of the offending choice in the sequence, from 0; for
            ``ENDED_EARLY``, the number of choices made.
        choice: The offending choice (None for ``ENDED_EARLY``).
        step: The name of the current step (None when the procedure was finished or
            no step allowed anything).
        allowed: The choices the current step allowed, as the step gave them.
        later_step: For ``STEP_SKIPPED``, the name of the later step that allows the
            choice; otherwise None.
    """

    kind: str
    index: int
    choice: Choice | None
    step: str | None
    allowed: tuple[Choice, ...]
    later_step: str | None = None

    def describe(self, show: Callable[[Choice], str] = str) -> str:
        """Say in one sentence what went wrong, choices written with ``show``."""
        allowed = ", ".join(show(choice) for choice in self.allowed)
        if self.kind == ENDED_EARLY:
            return (
                f"the choices stopped after {self.index} choice(s) while {self.step} "
                f"still allowed: {allowed}"
            )
        assert self.choice is not None, f"a {self.kind} breach names its choice"
        offending = f"choice {self.index + 1}, {show(self.choice)},"
        if self.kind == AFTER_THE_END:
            return f"{offending} came after the end"
        if self.kind == STEP_SKIPPED:
            later = f"belongs to {self.later_step}, but {self.step} still allowed"
            return f"{offending} {later}: {allowed}"
        if self.step is None:
            return f"{offending} is not allowed: nothing was allowed there"
        return f"{offending} is not allowed: {self.step} allowed: {allowed}"


def check_conformance(
    procedure: Procedure[State, Choice], state: State, taken: Iterable[Choice]
) -> Breach[Choice] | None:
    """Replay ``taken`` on ``state`` and return the first breach, or None if there is none.

    Args:
        procedure: The rules.
        state: The judge's state before the first choice; ``procedure.apply`` may
            change it.
        taken: The choices made, in order (e.g. a student's moves, in the judge's form).

    Returns:
        None when every choice belongs to the current step and the sequence ends
        properly; otherwise the first ``Breach``.
    """
    made = 0
    for choice in taken:
        if procedure.finished(state):
            return Breach(AFTER_THE_END, made, choice, None, ())
        current = procedure.current(state)
        if current is None:
            return Breach(NOT_ALLOWED, made, choice, None, ())
        step, allowed = current
        if choice not in allowed:
            later = _later_step(procedure, step, state, choice)
            kind = NOT_ALLOWED if later is None else STEP_SKIPPED
            return Breach(kind, made, choice, step.name, tuple(allowed), later)
        state = procedure.apply(state, choice)
        made += 1
    current = None if procedure.finished(state) else procedure.current(state)
    if current is not None:
        step, allowed = current
        return Breach(ENDED_EARLY, made, None, step.name, tuple(allowed))
    return None


def _later_step(
    procedure: Procedure[State, Choice], current: Step[State, Choice], state: State, choice: Choice
) -> str | None:
    """The name of the first step after ``current`` that allows ``choice``, or None."""
    steps = list(procedure.steps)
    for step in steps[steps.index(current) + 1 :]:
        if choice in step.choices(state):
            return step.name
    return None


def expect_conformant(
    procedure: Procedure[State, Choice],
    state: State,
    taken: Sequence[Choice],
    context: str,
    show: Callable[[Choice], str] = str,
) -> None:
    """Fail with a message for the student unless ``taken`` conforms to ``procedure``.

    Args:
        procedure: The rules.
        state: The judge's state before the first choice.
        taken: The choices made, in order.
        context: What was run, and on which position, said first in the message.
        show: How a choice is written in the message (default ``str``).

    Raises:
        AssertionError: At the first breach: the context, the choices made, and what
            went wrong.
    """
    breach = check_conformance(procedure, state, taken)
    if breach is not None:
        made = " ".join(f"[{show(choice)}]" for choice in taken) or "nothing"
        raise AssertionError(
            f"{context}\n  your choices: {made}\n  problem: {breach.describe(show)}"
        )
