"""The grader API: everything a grader imports from cardlab, and nothing else.

Graders (``graders/<assignment>/``, public and hidden, and their conftests) import
only from this module, as tests import only from ``pytest``: the framework's modules
behind it may move without a grader changing. It holds the student handle's types
(:class:`Student`, :class:`Package`, :class:`Handle`, :class:`RemotePath`,
:class:`BoundMethod`), what a call can raise (:class:`StudentRaised`,
:class:`ToldRaised`, :class:`WorkerFailure`), the codec's types (:class:`Codec`,
:class:`EnumType`, :class:`TextType`, :class:`Value`, and the card notations and
records of :mod:`cardlab.worker.notation`), tamper checks (:func:`tampered`), seeding
of property tests (:func:`seed_examples`), the style and design indicators
(:mod:`style`, :mod:`design`, and :mod:`code_from_strings` for code built at run
time), the tournament's :class:`Forfeit`, strength measured by confidence over deals
played in batches (:func:`measure`, giving a :class:`Verdict`) and
:func:`folder_module`, which loads a module of the assignment's own folders (a
tournament's bot kept beside its terminal game). Every import here is light: public
graders run in a student's handout, with the cardlab wheel.

An assignment's codec is the one exception: the worker loads it too, and the worker
holds only its own runtime, so a codec imports :mod:`cardlab.worker.codec` and
:mod:`cardlab.worker.notation` themselves.

Grader tests compare canonical data (see :mod:`cardlab.worker.codec`), so expected cards
are written in notation: ``card("QS")``, ``cards("QS 7H AD")``. Expectations raise
``AssertionError`` with a message for the student: the call, what was expected,
what came back.

Promises about what a call may change, how code treats a collaborator that misbehaves
and which objects are copies or the same object: the worker checks every call's
arguments itself (a change fails the test with :class:`BrokenPromise`; the codec declares
what a method may change), and :func:`misbehaving`, :func:`expect_refusals`,
:func:`expect_handed_a_copy`, :func:`expect_same_object` and
:func:`expect_unchanged_by` check the rest through handles.

Where a rule allows several answers within an order of steps, check conformance
instead of equality: :class:`Procedure`, :class:`Step`, :func:`check_conformance`
and :func:`expect_conformant` come from :mod:`cardlab.judge.conformance`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .batch.tournament.hook import Forfeit
from .course import code_from_strings, design, style
from .course.registry import folder_module
from .judge.confidence import Verdict, measure
from .judge.conformance import Breach, Procedure, Step, check_conformance, expect_conformant
from .judge.plugin import excuse, seed_examples, tampered
from .judge.proxy import Student
from .judge.remote import (
    BoundMethod,
    BrokenPromise,
    ConsoleRun,
    Handle,
    Package,
    RemotePath,
    StudentRaised,
    ToldRaised,
)
from .worker.codec import Codec, CodecError, EnumType, Resolve, TextType, Value
from .worker.notation import (
    RANK_NAMES,
    Cards,
    CardsType,
    CardTexts,
    CardType,
    Flag,
    Member,
    Number,
    OneCard,
    RecordType,
    Word,
    by_keywords,
    in_order,
    suit_letters,
)
from .worker.process import WorkerFailure

__all__ = [
    "NOT_A_CARD",
    "RANK_NAMES",
    "BoundMethod",
    "Breach",
    "BrokenPromise",
    "CardTexts",
    "CardType",
    "Cards",
    "CardsType",
    "Codec",
    "CodecError",
    "ConsoleRun",
    "EnumType",
    "Flag",
    "Forfeit",
    "Handle",
    "Member",
    "Misbehaviour",
    "Number",
    "OneCard",
    "Package",
    "Procedure",
    "RecordType",
    "RemotePath",
    "Resolve",
    "Step",
    "Student",
    "StudentRaised",
    "TextType",
    "ToldRaised",
    "Value",
    "Verdict",
    "Word",
    "WorkerFailure",
    "by_keywords",
    "card",
    "cards",
    "check_conformance",
    "code_from_strings",
    "design",
    "excuse",
    "expect_conformant",
    "expect_copy",
    "expect_equal",
    "expect_handed_a_copy",
    "expect_like_reference",
    "expect_never_equal",
    "expect_refusals",
    "expect_same_object",
    "expect_true",
    "expect_tuple",
    "expect_tuple_result",
    "expect_unchanged_by",
    "folder_module",
    "in_order",
    "measure",
    "member",
    "misbehaving",
    "misbehaviours",
    "reference_outcome",
    "seed_examples",
    "show",
    "style",
    "suit_letters",
    "tampered",
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


def expect_never_equal(student: Student, value: Any, other: Any, left: str, right: str) -> None:
    """Fail unless, in the student's code, ``value == other`` is False and ``!=`` True.

    For a value compared with something of another type (a card and a string, say): its
    ``__eq__`` returns NotImplemented, Python falls back to identity, and neither
    comparison raises.

    Args:
        student: The ``student`` fixture.
        value: The student's value.
        other: What it is compared with.
        left: How ``value`` reads in messages (``"Card('Q', Suit.SPADES)"``).
        right: How ``other`` reads in messages (``"None"``).
    """
    for name, symbol, wanted in (("eq", "==", False), ("ne", "!=", True)):
        call = f"{left} {symbol} {right}"
        try:
            answer = student.builtin(name, value, other)
        except StudentRaised as error:
            raise AssertionError(
                f"{call} raised {error.type_name}: {error.message} (expected {wanted}: "
                "__eq__ returns NotImplemented for a non-card, and Python falls back)"
            ) from None
        expect_equal(answer, wanted, call)


def expect_true(condition: bool, message: str) -> None:
    """Fail with ``message`` unless ``condition`` holds."""
    if condition is not True:
        raise AssertionError(message)


def expect_tuple(student: Student, owner: Any, name: str, label: str, made: str) -> None:
    """Fail unless ``owner.name`` is a tuple in the student's code, as its contract says.

    A tuple and a list arrive in the judge alike, so the type is read in the worker
    (:meth:`~cardlab.judge.proxy.Student.attr_kept`).

    Args:
        student: The ``student`` fixture.
        owner: The student's object (a handle).
        name: The property documented to return a tuple.
        label: What ``owner`` is called in messages (``"player"``).
        made: How ``owner`` was made (``"Player('Ann'), then take(QS)"``).
    """
    kind = student.attr_kept(owner, name).type_name
    if kind != "tuple":
        raise AssertionError(
            f"{label} = {made}\n  {label}.{name} gave a {kind}, where its contract says a "
            "tuple: return a tuple of what you keep"
        )


def expect_tuple_result(student: Student, function: Any, *args: Any, call: str) -> None:
    """Fail unless ``function(*args)`` gives a tuple in the student's code, as its contract says.

    The result is kept in the worker to read its type
    (:meth:`~cardlab.judge.proxy.Student.call_kept`).

    Args:
        student: The ``student`` fixture.
        function: The student's function or bound method (``student.pkg.rules.sorted_cards``).
        *args: Its arguments.
        call: The call as the message shows it (``"sorted_cards([QS, 2C])"``).
    """
    kind = student.call_kept(function, *args).type_name
    if kind != "tuple":
        raise AssertionError(
            f"{call} gave a {kind}, where its contract says a tuple: return a tuple"
        )


def expect_copy(student: Student, owner: Any, name: str, label: str, made: str) -> None:
    """Fail if changing what ``owner.name`` gives changes ``owner``: a copy must be a copy.

    What the property gave is kept in the worker and, unless it is a tuple, cleared
    there; then the property is read again and must give what it gave before. Set up
    ``owner`` so that the property is not empty.

    Args:
        student: The ``student`` fixture.
        owner: The student's object (a handle).
        name: The property documented to return a copy.
        label: What ``owner`` is called in messages (``"player"``).
        made: How ``owner`` was made (``"Player('Ann'), then take(QS)"``).
    """
    before = student.attr(owner, name)
    kept = student.attr_kept(owner, name)
    if kept.type_name == "tuple":
        return  # nothing can change a tuple
    try:
        student.method(kept, "clear")
    except StudentRaised:
        return  # it has no clear: another immutable value (a frozenset, say)
    after = student.attr(owner, name)
    if after != before:
        raise AssertionError(
            f"{label} = {made}\n  {label}.{name} gave {show(before)}; once that "
            f"{kept.type_name} was cleared, {label}.{name} gave {show(after)}: it handed out "
            f"the {kept.type_name} it keeps, where its contract says a copy"
        )


NOT_A_CARD = "QS"
"""What a misbehaving collaborator gives for "a non-card": a card's notation, not a card."""


@dataclass(frozen=True)
class Misbehaviour:
    """One way a collaborator misbehaves, and how a message tells it.

    Attributes:
        said: What the collaborator does, for a message ("chose None").
        behaviour: How it is built in the worker (``returns`` or ``raises``).
        answer: What it gives, with ``returns``.
    """

    said: str
    behaviour: str
    answer: Any = None

    @property
    def raises(self) -> bool:
        """Whether the collaborator raises rather than gives a wrong answer."""
        return self.behaviour == "raises"


def misbehaviours(
    wrong: Value, *, wrong_is: str = "a card not held", raising: bool = True
) -> tuple[Misbehaviour, ...]:
    """The ways a collaborator that chooses a card misbehaves.

    A wrong card (one not held), None, a non-card (:data:`NOT_A_CARD`, the notation of
    a card as a string) and, with ``raising``, an exception of its own.

    Args:
        wrong: A card the collaborator may not choose when it is asked.
        wrong_is: Why it may not, for messages.
        raising: Whether to include the collaborator that raises.
    """
    found = [
        Misbehaviour(f"chose {show(wrong)}, {wrong_is}", "returns", wrong),
        Misbehaviour("chose None", "returns", None),
        Misbehaviour(f"chose the string {NOT_A_CARD!r}, not a card", "returns", NOT_A_CARD),
    ]
    if raising:
        found.append(Misbehaviour("raised CollaboratorFailed", "raises"))
    return tuple(found)


def misbehaving(
    student: Student, base: Any, method: str, behaviour: str, answer: Any = None
) -> Handle:
    """A class in the worker whose instances misbehave as collaborators of student code.

    The class is a subclass of ``base`` (the contract's class of the collaborator, a
    path such as ``student.pkg.whist.player.Strategy``; None for a duck-typed one) whose
    ``method`` misbehaves, every other method inherited (or doing nothing where ``base``
    leaves it abstract). Make instances by calling the class with ``base``'s arguments.

    Args:
        student: The ``student`` fixture.
        base: The collaborator's class in the worker, or None.
        method: The method that misbehaves (``"choose_card"``).
        behaviour: ``"returns"`` (gives ``answer`` whatever it is asked), ``"raises"``
            (raises ``CollaboratorFailed``) or ``"meddles"`` (empties its first
            argument, then gives ``answer``).
        answer: What the method gives: a card that is not held, None, a non-card.
    """
    made = student.builtin("misbehaving", base, method, behaviour, answer)
    if type(made) is not Handle:
        raise AssertionError(f"a misbehaving {method} could not be made in the worker: {made!r}")
    return made


def expect_refusals(
    student: Student,
    make: Callable[[Handle], Any],
    ask: Callable[[Any], Any],
    *,
    base: Any,
    method: str,
    wrong: Value,
    call: str,
    role: str,
    wrong_is: str = "a card not held",
    refusal: str = "ValueError",
    state: Callable[[Any], Any] | None = None,
    raising: bool = True,
) -> None:
    """Fail unless student code refuses each misbehaviour of its collaborator.

    For each of :func:`misbehaviours`, a collaborator is made (:func:`misbehaving`),
    ``make`` builds the student's object with it, and ``ask`` makes the call that asks
    the collaborator. The call must raise ``refusal`` (or a subclass), or, for the
    collaborator that raises, let its ``CollaboratorFailed`` through; with ``state``,
    the student's object must read the same after the refused call as before it (a
    refused card is not taken from the hand).

    Args:
        student: The ``student`` fixture.
        make: Given the collaborator's class, makes the student's object with an
            instance of it (``BasicPlayer(1, strategy)``, then the cards dealt).
        ask: Makes the call that asks the collaborator, on the student's object.
        base: The collaborator's class in the worker (see :func:`misbehaving`).
        method: The collaborator's method the call asks.
        wrong: A card the collaborator may not choose when it is asked (not held).
        call: The call as a message shows it (``"player.play_card(trick)"``).
        role: What the collaborator is called in messages (``"its strategy"``).
        wrong_is: Why ``wrong`` may not be chosen, for messages.
        refusal: The exception the contract promises.
        state: Reads the student's object as canonical data (its hand), if the
            contract promises that a refused call changes nothing.
        raising: Whether to try the collaborator that raises.
    """
    for way in misbehaviours(wrong, wrong_is=wrong_is, raising=raising):
        owner = make(misbehaving(student, base, method, way.behaviour, way.answer))
        wanted = "CollaboratorFailed" if way.raises else refusal
        said = f"{call}, {role} having {way.said}"
        before = state(owner) if state is not None else None
        try:
            got = ask(owner)
        except StudentRaised as error:
            if not error.is_a(wanted):
                raise AssertionError(
                    f"{said}\n  expected: raises {wanted}\n"
                    f"  got:      raised {error.type_name}: {error.message}"
                ) from None
        else:
            raise AssertionError(f"{said}\n  expected: raises {wanted}\n  got:      {show(got)}")
        if state is not None:
            expect_equal(state(owner), before, f"{said}: what it holds after the refusal")


def expect_handed_a_copy(
    student: Student,
    make: Callable[[Handle], Any],
    ask: Callable[[Any], Any],
    *,
    base: Any,
    method: str,
    answer: Any,
    state: Callable[[Any], Any],
    expected: Any,
    call: str,
    role: str,
    handed: str,
) -> None:
    """Fail unless the student's code hands its collaborator a copy, not its own object.

    The collaborator made here empties the first argument ``method`` is handed, then
    gives ``answer``; a copy emptied changes nothing of the student's object, so
    ``state`` must then read ``expected``, as with a collaborator that changes nothing.

    Args:
        student: The ``student`` fixture.
        make: Given the collaborator's class, makes the student's object with an
            instance of it.
        ask: Makes the call that hands the collaborator the copy.
        base: The collaborator's class in the worker (see :func:`misbehaving`).
        method: The collaborator's method that is handed the copy.
        answer: What the collaborator gives (a card the student's object holds).
        state: Reads the student's object as canonical data after the call.
        expected: What ``state`` must read.
        call: The call as a message shows it.
        role: What the collaborator is called in messages (``"its strategy"``).
        handed: What it is handed (``"hand"``).
    """
    owner = make(misbehaving(student, base, method, "meddles", answer))
    said = f"{call}, {role} emptying the {handed} it was handed and choosing {show(answer)}"
    rule = f"the {handed} handed to {role} must be a copy: emptying it must change nothing of yours"
    try:
        ask(owner)
    except StudentRaised as error:
        raise AssertionError(
            f"{said}\n  raised {error.type_name}: {error.message}\n  {rule}"
        ) from None
    got = state(owner)
    if type(got) is not type(expected) or got != expected:
        raise AssertionError(
            f"{said}\n  expected: {show(expected)}\n  got:      {show(got)}\n  {rule}"
        )


def expect_same_object(
    student: Student,
    owner: Any,
    name: str,
    *,
    between: Callable[[], Any],
    label: str,
    made: str,
    during: str,
) -> None:
    """Fail unless ``owner.name`` is the very same object before and after ``between()``.

    For a contract that says "the same object for the player's whole life": both reads
    are kept in the worker (:meth:`~cardlab.judge.proxy.Student.attr_kept`) and compared
    there by identity.

    Args:
        student: The ``student`` fixture.
        owner: The student's object (a handle).
        name: The attribute documented to be the same object.
        between: What happens between the two reads (a round played).
        label: What ``owner`` is called in messages (``"player"``).
        made: How ``owner`` was made.
        during: What ``between`` does, for the message (``"a round"``).
    """
    before = student.attr_kept(owner, name)
    between()
    after = student.attr_kept(owner, name)
    if student.builtin("is", before, after) is not True:
        raise AssertionError(
            f"{label} = {made}\n  {label}.{name} before {during} and after it are two "
            f"{after.type_name} objects, where the contract says the same object for the "
            f"{label}'s whole life: keep one and change it"
        )


def expect_unchanged_by(
    student: Student,
    owner: Any,
    read: Callable[[], Any],
    *,
    between: Callable[[], Any],
    call: str,
    what: str,
) -> None:
    """Fail if ``between()`` changes what ``read()`` gives (a sorted view sorting its deck).

    Args:
        student: The ``student`` fixture.
        owner: The student's object (a handle), named in the message.
        read: Reads ``owner`` as canonical data (the deck's cards in order).
        between: The call that must leave ``owner`` as it was.
        call: The call, as the message shows it.
        what: What ``read`` reads, for the message (``"the deck's order"``).
    """
    before = read()
    between()
    after = read()
    if type(after) is not type(before) or after != before:
        raise AssertionError(
            f"{call} changed {what} of {owner!r}\n  before: {show(before)}\n  after:  "
            f"{show(after)}\n  it must work on a copy and leave the original as it was"
        )


def reference_outcome(action: Callable[[], Any], *errors: type[BaseException]) -> tuple[str, Any]:
    """What the reference does: ``("returns", its result)`` or ``("raises", type name)``.

    Args:
        action: Calls the reference and returns its result as canonical data.
        errors: The exceptions the contract allows for this call; any other one is a
            fault of the test and propagates.
    """
    try:
        return "returns", action()
    except errors as error:
        return "raises", type(error).__name__


def expect_like_reference(call: str, expected: tuple[str, Any], action: Callable[[], Any]) -> None:
    """Fail unless the student's ``action`` does what :func:`reference_outcome` found.

    An expected exception is matched by name, a subclass of it included.
    """
    kind, value = expected
    try:
        got = action()
    except StudentRaised as error:
        if kind == "raises" and error.is_a(value):
            return
        wanted = f"raises {value}" if kind == "raises" else show(value)
        raise AssertionError(
            f"{call}\n  expected: {wanted}\n  got:      raised {error.type_name}: {error.message}"
        ) from None
    if kind == "raises":
        raise AssertionError(f"{call}\n  expected: raises {value}\n  got:      {show(got)}")
    expect_equal(got, value, call)
