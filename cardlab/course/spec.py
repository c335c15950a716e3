"""Loading and validating an assignment's graded spec (``specs/<assignment>.toml``).

The spec is the single place that says which modules a student writes in each phase,
which rubric parts exist and what they are worth, and the limits every call into
student code runs under. Structure is checked against ``spec_schema.json``; meaning
(unknown modules, duplicate ids, a tournament scoring a part that does not exist) is
checked here. Every problem is reported as one line naming the file and the key.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import jsonschema

from ..errors import CardlabError

BYTECODE = "bytecode"
"""Provided modules ship as sourceless bytecode (``[handout] provided``, the default)."""

SOURCE = "source"
"""Provided modules ship as source (``[handout] provided = "source"``)."""

CYTHON = "cython"
"""Provided modules ship as native extensions (``[handout] provided = "cython"``); grading
then gives the worker the same kind (see :mod:`cardlab.course.provided`)."""


@dataclass(frozen=True)
class StudentTests:
    """How a part of kind ``student tests`` grades the student's own tests.

    Attributes:
        folder: The folder of the submission that holds the student's test files.
        chaffs: Ids of the chaffs (``graders/<assignment>/chaffs/<id>.toml``) to catch.
        curve: Points (share of chaffs caught, credit) of a piecewise linear curve,
            in increasing share; (0, 0) comes first implicitly.
        test_seconds: The time one of the student's tests may take.
        suite_seconds: The time one run of the whole suite may take.
    """

    folder: str
    chaffs: tuple[str, ...]
    curve: tuple[tuple[float, float], ...]
    test_seconds: float
    suite_seconds: float


GRADER_TESTS = "grader tests"
"""A part scored by the assignment's grader tests (the default kind)."""

STUDENT_TESTS = "student tests"
"""A part scored by how many chaffs the student's own tests catch."""


@dataclass(frozen=True)
class Part:
    """One rubric part: a group of tests worth a number of points.

    Attributes:
        id: The part's id, used by grader tests' ``part`` marks.
        title: Its title.
        points: What it is worth.
        kind: ``grader tests`` (the default) or ``student tests``.
        student_tests: The settings of a ``student tests`` part, else None.
    """

    id: str
    title: str
    points: float
    kind: str = GRADER_TESTS
    student_tests: StudentTests | None = None


@dataclass(frozen=True)
class Threshold:
    """A tournament result that earns a share of the tournament part's points."""

    share: float
    credit: float


@dataclass(frozen=True)
class Tournament:
    """Seeded games of the student's player against the reference player."""

    part: str
    deals: int
    seed: int
    thresholds: tuple[Threshold, ...]

    def credit_for(self, share: float) -> float:
        """The credit earned by a match share: that of the best threshold reached, else 0."""
        reached = [t.credit for t in self.thresholds if share >= t.share]
        return max(reached, default=0.0)


@dataclass(frozen=True)
class Limits:
    """Time and output limits for student code."""

    call_seconds: float
    test_seconds: float
    output_bytes: int


@dataclass(frozen=True)
class Phase:
    """One phase of an assignment.

    Attributes:
        number: The phase number, from 1.
        title: A short title.
        writes: Modules the student writes first in this phase.
        methods: Single methods the student writes (``module.Class.method``), the
            rest of their modules being handed out as source.
        parts: The rubric parts graded in this phase.
        tournament: Tournament settings, when this phase has one.
    """

    number: int
    title: str
    writes: tuple[str, ...]
    methods: tuple[str, ...]
    parts: tuple[Part, ...]
    tournament: Tournament | None

    @property
    def max_score(self) -> float:
        """Total points of the phase."""
        return sum(part.points for part in self.parts)

    def part(self, part_id: str) -> Part:
        """The part with this id.

        Raises:
            KeyError: When the phase has no such part.
        """
        for part in self.parts:
            if part.id == part_id:
                return part
        raise KeyError(part_id)


@dataclass(frozen=True)
class Spec:
    """An assignment's graded spec.

    Attributes:
        id: The assignment id (``bisca``).
        title: Its title.
        package: The import name of the package students write.
        summary: One sentence on the assignment.
        limits: Limits for student code.
        phases: The phases, in order.
        path: The file the spec was read from.
        provided_as: How a handout ships the modules the student does not write:
            ``bytecode`` (sourceless ``.pyc``, the default), ``cython`` (native
            extensions, a hardened handout) or ``source`` (the whole program as source,
            as when students complete single methods of it).
    """

    id: str
    title: str
    package: str
    summary: str
    limits: Limits
    phases: tuple[Phase, ...]
    path: Path
    provided_as: str = BYTECODE

    @property
    def provides_source(self) -> bool:
        """Whether handouts ship the provided modules as source rather than bytecode."""
        return self.provided_as == SOURCE

    def phase(self, number: int) -> Phase:
        """The phase with this number.

        Raises:
            CardlabError: When there is no such phase.
        """
        for phase in self.phases:
            if phase.number == number:
                return phase
        known = ", ".join(str(p.number) for p in self.phases)
        raise CardlabError(f"{self.id} has no phase {number} (phases: {known})")

    def student_modules(self, number: int) -> tuple[str, ...]:
        """Modules that are the student's in a phase: its own and every earlier phase's."""
        return self._up_to(number, "writes")

    def student_methods(self, number: int) -> tuple[str, ...]:
        """Single methods that are the student's in a phase, earlier phases' included."""
        return self._up_to(number, "methods")

    def _up_to(self, number: int, field_name: str) -> tuple[str, ...]:
        names: dict[str, None] = {}
        for phase in self.phases:
            if phase.number <= number:
                names.update(dict.fromkeys(getattr(phase, field_name)))
        return tuple(names)

    def all_student_modules(self) -> tuple[str, ...]:
        """Every module a student writes in some phase, whole."""
        return self.student_modules(self.phases[-1].number)

    def method_modules(self, number: int) -> tuple[str, ...]:
        """Modules handed out as source with single methods cut out, in a phase."""
        return tuple(dict.fromkeys(m.split(".", 1)[0] for m in self.student_methods(number)))

    def submitted_modules(self, number: int) -> tuple[str, ...]:
        """Modules graded from the student's files in a phase: whole ones and method ones.

        A module with single methods to write is the student's whole file at grading
        time, not the reference with the methods spliced in (see ``docs/design.md``).
        """
        modules = (*self.student_modules(number), *self.method_modules(number))
        return tuple(dict.fromkeys(modules))


@cache
def _schema() -> dict:
    schema = resources.files("cardlab.course").joinpath("spec_schema.json")
    text = schema.read_text(encoding="utf-8")
    return json.loads(text)


def _key(path: Iterable[str | int]) -> str:
    """Render a JSON path like ``phase[1].part[0].points``."""
    key = ""
    for step in path:
        key += f"[{step}]" if isinstance(step, int) else f".{step}" if key else str(step)
    return key or "(top level)"


def _read_toml(path: Path) -> dict:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise CardlabError(f"{path}: no such spec file") from None
    except tomllib.TOMLDecodeError as error:
        raise CardlabError(f"{path}: not valid TOML: {error}") from None


def _check_schema(path: Path, data: dict) -> None:
    validator = jsonschema.Draft202012Validator(_schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        raise CardlabError(f"{path}: {_key(error.absolute_path)}: {error.message}")


def _duplicates(values: Sequence) -> list:
    seen: set = set()
    return [v for v in values if v in seen or seen.add(v)]


def _part(raw: dict) -> Part:
    kind = raw.get("kind", GRADER_TESTS)
    settings = None
    if kind == STUDENT_TESTS:
        settings = StudentTests(
            folder=raw["folder"],
            chaffs=tuple(raw["chaffs"]),
            curve=tuple((float(p["caught"]), float(p["credit"])) for p in raw["curve"]),
            test_seconds=float(raw["test_seconds"]),
            suite_seconds=float(raw["suite_seconds"]),
        )
    return Part(raw["id"], raw["title"], float(raw["points"]), kind, settings)


def _build(path: Path, data: dict) -> Spec:
    phases = []
    for raw in data["phase"]:
        parts = tuple(_part(p) for p in raw["part"])
        tournament = None
        if "tournament" in raw:
            t = raw["tournament"]
            thresholds = tuple(Threshold(x["share"], x["credit"]) for x in t["thresholds"])
            tournament = Tournament(t["part"], t["deals"], t["seed"], thresholds)
        phases.append(
            Phase(
                number=raw["number"],
                title=raw["title"],
                writes=tuple(raw.get("writes", ())),
                methods=tuple(raw.get("methods", ())),
                parts=parts,
                tournament=tournament,
            )
        )
    info = data["assignment"]
    limits = Limits(**data["limits"])
    return Spec(
        id=info["id"],
        title=info["title"],
        package=info["package"],
        summary=info.get("summary", ""),
        limits=limits,
        phases=tuple(phases),
        path=path,
        provided_as=data.get("handout", {}).get("provided", BYTECODE),
    )


def _check_meaning(spec: Spec, reference_modules: Iterable[str] | None) -> None:
    where = spec.path
    numbers = [phase.number for phase in spec.phases]
    if numbers != sorted(numbers) or _duplicates(numbers):
        raise CardlabError(f"{where}: phase: numbers must be distinct and in order, got {numbers}")
    part_ids = [part.id for phase in spec.phases for part in phase.parts]
    if dup := _duplicates(part_ids):
        raise CardlabError(f"{where}: phase.part.id: duplicate part id {dup[0]!r}")
    written = [m for phase in spec.phases for m in phase.writes]
    if dup := _duplicates(written):
        raise CardlabError(f"{where}: phase.writes: module {dup[0]!r} is written in two phases")
    known = set(reference_modules) if reference_modules is not None else None
    for index, phase in enumerate(spec.phases):
        if not phase.writes and not phase.methods:
            raise CardlabError(f"{where}: phase[{index}]: names neither writes nor methods")
        for module in (*phase.writes, *(m.split(".", 1)[0] for m in phase.methods)):
            if known is not None and module not in known:
                raise CardlabError(
                    f"{where}: phase[{index}].writes: unknown module {module!r} "
                    f"(the reference has {', '.join(sorted(known))})"
                )
        for number, part in enumerate(phase.parts):
            _check_curve(where, f"phase[{index}].part[{number}]", part)
        if phase.tournament and phase.tournament.part not in {p.id for p in phase.parts}:
            raise CardlabError(
                f"{where}: phase[{index}].tournament.part: no part {phase.tournament.part!r} "
                "in this phase"
            )


def _check_curve(where: Path, key: str, part: Part) -> None:
    if part.student_tests is None:
        return
    shares = [share for share, _ in part.student_tests.curve]
    if shares != sorted(shares) or _duplicates(shares):
        raise CardlabError(f"{where}: {key}.curve: shares caught must increase, got {shares}")
    if dup := _duplicates(list(part.student_tests.chaffs)):
        raise CardlabError(f"{where}: {key}.chaffs: chaff {dup[0]!r} is listed twice")


def reference_modules(reference_dir: Path) -> list[str]:
    """The module names of a reference package folder (``__init__`` excluded)."""
    return sorted(p.stem for p in reference_dir.glob("*.py") if p.stem != "__init__")


def load_spec(path: Path, reference_dir: Path | None = None) -> Spec:
    """Read, validate and return a spec.

    Args:
        path: The spec file.
        reference_dir: The reference package folder; when given, every module the
            spec names must exist there.

    Returns:
        The validated spec.

    Raises:
        CardlabError: One line naming the file and the key at fault.
    """
    data = _read_toml(path)
    _check_schema(path, data)
    spec = _build(path, data)
    modules = reference_modules(reference_dir) if reference_dir is not None else None
    _check_meaning(spec, modules)
    return spec
