"""One match of a class tournament, played in a process of its own.

A match is every deal of the tournament played twice between two entrants, the seats
swapped (duplicate deals: the luck of the cards cancels). The reference game runs here,
in the judge; a student's player runs in that student's confined worker, reached
through the proxy, and every game starts from a clean player: a fresh worker (launched
as a spare while the previous game was played) and a new player object in it, so
nothing of an earlier game, or of the other seat, can reach it.

A player that crashes, hangs, answers with an illegal move or a non-card, floods its
output or changes the provided modules forfeits that game, with the cause; the next
game starts a fresh worker, so the entrant plays on.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...course.project import Project
from ...course.provided import grading_provided_dir
from ...course.shipping import ShippedFiles, landed
from ...course.submissions import submission_folder
from ...errors import CardlabError
from ...judge.plugin import tampered
from ...judge.proxy import Student
from ...judge.reference import Reference
from ...judge.remote import StudentRaised
from ...judge.seeds import Seeds
from ...worker import compose
from ...worker.codec import Codec, load_codec
from ...worker.process import WorkerFailure, WorkerSetup
from .hook import Forfeit, load_game

STUDENT, FIXED = "student", "fixed"
_DETAIL = 240
_TIMED_OUT = "did not finish"


@dataclass(frozen=True)
class Entrant:
    """One entrant: a student's submission or a fixed reference bot.

    Attributes:
        name: The student's id, or the bot's name.
        kind: ``student`` or ``fixed``.
        source: The submission folder or zip (students only).
        files: The submission's files as bytes, when matches run where ``source``
            cannot be read (on a Dask cluster).
    """

    name: str
    kind: str
    source: str = ""
    files: ShippedFiles | None = None


@dataclass(frozen=True)
class Setting:
    """What every match of one tournament shares (sent to each match's process).

    Attributes:
        root: The project folder.
        assignment: The assignment id.
        phase: The phase number.
        deals: Deals per match; each is played twice.
        seed: The spec's tournament seed, a name of the deals (not a secret).
        secret: The course secret the deals' seeds are derived from.
    """

    root: str
    assignment: str
    phase: int
    deals: int
    seed: int
    secret: bytes

    def deal_seed(self, deal: int) -> int:
        """The seed of deal ``deal``: the same for every match of the tournament."""
        return Seeds(self.secret).seed("class tournament", self.assignment, self.seed, deal)


@dataclass(frozen=True)
class GameRecord:
    """One game of a match, from the first entrant's side.

    Attributes:
        deal: The deal's number.
        first_seat: The seat of the match's first entrant (0 leads the first round).
        score: 1, 0.5 or 0 for the first entrant; None when both forfeited.
        forfeits: (entrant, cause, detail) of each player that forfeited.
    """

    deal: int
    first_seat: int
    score: float | None
    forfeits: tuple[tuple[str, str, str], ...] = ()


class _SeatForfeit(Exception):
    def __init__(self, seat: int, forfeit: Forfeit) -> None:
        super().__init__(seat, forfeit)
        self.seat = seat
        self.forfeit = forfeit


class _Context:
    """The reference, the assignment's game and the codec, loaded once per process."""

    def __init__(self, setting: Setting) -> None:
        project = Project(Path(setting.root))
        self.spec = project.spec(setting.assignment)
        declaration = project.declaration(setting.assignment)
        self.codec_file = declaration.codec
        self.codec: Codec = load_codec(self.codec_file)
        self.reference = Reference(
            self.spec.package, project.reference_dir(setting.assignment), self.codec
        )
        self.game = load_game(declaration, self.reference)
        self.provided = grading_provided_dir(project, self.spec)
        self.setting = setting

    @contextlib.contextmanager
    def student(self, entrant: Entrant) -> Iterator[Student]:
        """The proxy to an entrant's code, its worker stopped at the end."""
        modules = self.spec.submitted_modules(self.setting.phase)
        with _files_of(entrant) as source, submission_folder(source, modules) as folder:
            composition = compose.compose(self.spec.package, self.provided, folder, modules)
            setup = WorkerSetup(composition, self.codec_file, self.spec.limits.output_bytes)
            proxy = Student(
                setup,
                self.spec.limits.call_seconds,
                self.codec,
                self.reference.resolve,
                Seeds(self.setting.secret),
            )
            try:
                yield proxy
            finally:
                proxy.session.close()


@contextlib.contextmanager
def _files_of(entrant: Entrant) -> Iterator[Path]:
    """The entrant's submission: its source, or the copy of its shipped files."""
    if entrant.files is None:
        yield Path(entrant.source)
        return
    with landed(entrant.files) as copy:
        yield copy


class _StudentSeat:
    """A student's player: a fresh worker and a new player object for every game."""

    def __init__(self, name: str, student: Student, game: Any) -> None:
        self.name = name
        self._student = student
        self._game = game

    def new_game(self, label: str) -> Callable[[Any], Any]:
        student = self._student
        student.restart()
        student.session.begin(f"class tournament {label}")
        chooser = self._guarded(lambda: self._game.student_player(student))

        def choose(view: Any) -> Any:
            return self._guarded(lambda: chooser(view))

        return choose

    def _guarded(self, call: Callable[[], Any]) -> Any:
        student = self._student
        try:
            answer = call()
        except StudentRaised as error:
            raise Forfeit("crash", _cut(error.summary)) from None
        except WorkerFailure as failure:
            cause = "time-out" if _TIMED_OUT in str(failure) else "crash"
            raise Forfeit(cause, _cut(str(failure))) from None
        if student.session.last_cut:
            raise Forfeit("output flood", "printed more than the output limit in one call")
        return answer

    def after_game(self) -> None:
        if changed := self._student.canary():
            raise Forfeit("tampering", _cut(tampered(changed)))


class _FixedSeat:
    """A reference bot: a new one for every game, seeded from the game's label."""

    def __init__(self, name: str, factory: Callable[[int], Any], seeds: Seeds) -> None:
        self.name = name
        self._factory = factory
        self._seeds = seeds

    def new_game(self, label: str) -> Callable[[Any], Any]:
        return self._factory(self._seeds.seed("fixed entrant", self.name, label))

    def after_game(self) -> None:
        """Nothing to check: the bot is the judge's own code."""


def _cut(text: str) -> str:
    """Student text made safe to show and store, and cut short.

    Control characters and lone surrogates are escaped: no terminal codes reach the
    instructor's screen, and nothing a CSV file cannot hold reaches the outputs.
    """
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= _DETAIL else text[: _DETAIL - 1] + "…"


def play_match(setting: Setting, first: Entrant, second: Entrant) -> list[GameRecord]:
    """Play every deal twice between two entrants; the records of every game.

    Raises:
        CardlabError: When the assignment has no tournament or a zip cannot be read.
    """
    context = _Context(setting)
    try:
        with contextlib.ExitStack() as stack:
            seats = [_seat(context, stack, entrant) for entrant in (first, second)]
            records = []
            for deal in range(1, setting.deals + 1):
                order = context.game.deal(setting.deal_seed(deal))
                for first_seat in (0, 1):
                    label = f"{first.name} v {second.name}, deal {deal}, seat {first_seat}"
                    records.append(_game(context.game, order, seats, first_seat, deal, label))
            return records
    finally:
        context.reference.close()


def fixed_names(setting: Setting) -> list[str]:
    """The names of the assignment's fixed entrants (its reference bots)."""
    context = _Context(setting)
    try:
        return list(context.game.fixed_entrants())
    finally:
        context.reference.close()


def probe(setting: Setting, entrant: Entrant) -> str:
    """Why an entrant cannot play ("" when it can): its player must load and be made."""
    context = _Context(setting)
    try:
        with context.student(entrant) as student:
            seat = _StudentSeat(entrant.name, student, context.game)
            seat.new_game("probe")
            return ""
    except Forfeit as forfeit:
        return f"its player cannot be made ({forfeit.cause}): {forfeit.detail}"
    except CardlabError as error:
        return str(error)
    finally:
        context.reference.close()


def _seat(context: _Context, stack: contextlib.ExitStack, entrant: Entrant) -> Any:
    if entrant.kind == FIXED:
        factory = context.game.fixed_entrants()[entrant.name]
        return _FixedSeat(entrant.name, factory, Seeds(context.setting.secret))
    student = stack.enter_context(context.student(entrant))
    return _StudentSeat(entrant.name, student, context.game)


def _game(
    game: Any, order: Any, seats: list[Any], first_seat: int, deal: int, label: str
) -> GameRecord:
    """One game: the match's first entrant in ``first_seat``; forfeits lose the game."""
    placed = seats if first_seat == 0 else seats[::-1]
    forfeits: list[tuple[str, str, str]] = []
    choosers: list[Any] = []
    for seat in placed:
        try:
            choosers.append(seat.new_game(label))
        except Forfeit as forfeit:
            forfeits.append((seat.name, forfeit.cause, forfeit.detail))
            choosers.append(None)
    winner = None
    if not forfeits:
        try:
            winner = game.play(order, [_attributed(i, c) for i, c in enumerate(choosers)])
        except _SeatForfeit as lost:
            forfeits.append((placed[lost.seat].name, lost.forfeit.cause, lost.forfeit.detail))
    for seat in placed:
        if not any(name == seat.name for name, _, _ in forfeits):
            try:
                seat.after_game()
            except Forfeit as forfeit:
                forfeits.append((seat.name, forfeit.cause, forfeit.detail))
    return GameRecord(
        deal, first_seat, _score(seats[0].name, placed, winner, forfeits), tuple(forfeits)
    )


def _attributed(seat: int, chooser: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def choose(view: Any) -> Any:
        try:
            return chooser(view)
        except Forfeit as forfeit:
            raise _SeatForfeit(seat, forfeit) from None

    return choose


def _score(first: str, placed: list[Any], winner: int | None, forfeits: list) -> float | None:
    lost = {name for name, _, _ in forfeits}
    if lost:
        if len(lost) == len(placed):
            return None
        return 0.0 if first in lost else 1.0
    if winner is None:
        return 0.5
    return 1.0 if placed[winner].name == first else 0.0
