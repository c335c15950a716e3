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
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from functools import cache
from importlib import resources
from pathlib import Path

import jsonschema

from ..errors import CardlabError
from .deadline import Deadline, deadline_from_spec
from .pythons import OLDEST, version_name

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

OTHER_PARTS_REFERENCE = "reference"
"""Each part's tests run with the reference for the student's code of every other part
(``[grading] other_parts``, the default): a mistake costs points once, in its own part."""

OTHER_PARTS_STUDENT = "student"
"""Each part's tests run on all of the student's code: a mistake in one part can cost
points in the parts that use it too."""

DEFAULT_CONFIDENCE = 0.99
"""A tournament's ``confidence`` unless its spec says otherwise: a player whose true
measure equals a threshold keeps its credit in at least 99 gradings of 100."""


@dataclass(frozen=True)
class Part:
    """One rubric part: a group of tests worth a number of points.

    Attributes:
        id: The part's id, as test marks name it.
        title: A short title.
        points: What the part is worth.
        kind: ``grader tests`` (the default) or ``student tests``.
        student_tests: The settings of a ``student tests`` part, else None.
        code: The student's code this part grades: modules (``card``) or single
            methods (``card.Card.__eq__``). Empty: all of the phase's student code.
        manual: For a part the instructor marks by hand, the file of the submission
            it marks (``ADVANCED.md``): grading only checks that the file is there,
            shows it in the instructor's report and leaves the points open.
    """

    id: str
    title: str
    points: float
    kind: str = GRADER_TESTS
    student_tests: StudentTests | None = None
    code: tuple[str, ...] = ()
    manual: str | None = None

    def covers(self, module: str, function: str) -> bool:
        """Whether this part grades ``function`` (a qualified name) of ``module``."""
        for entry in self.code:
            if entry == module:
                return True
            if entry.startswith(module + "."):
                qualname = entry[len(module) + 1 :]
                if function == qualname or function.startswith(qualname + "."):
                    return True
        return False


@dataclass(frozen=True)
class Equivalent:
    """A mutant reviewed as equivalent to the reference: no test can tell them apart.

    Attributes:
        mutant: The mutant's id, as ``cardlab mutants`` prints it, or a shell-style
            pattern of ids (``auto_player:lead_cost:*``) for a reviewed group.
        reason: Why it behaves like the reference, in one line.
    """

    mutant: str
    reason: str


@dataclass(frozen=True)
class Threshold:
    """A tournament result that earns a share of the tournament part's points.

    Attributes:
        share: The share of games to reach (wins + ties / 2, over games played), or
            None when the threshold is on points.
        credit: The share of the part's points it earns.
        points: The mean points per deal to reach (a duplicate tournament), or None when
            on ``share``.
    """

    share: float | None
    credit: float
    points: float | None = None

    @property
    def level(self) -> float:
        """The value to reach, whichever the measure."""
        level = self.share if self.share is not None else self.points
        assert level is not None, "the schema requires share or points"
        return level


@dataclass(frozen=True)
class Tournament:
    """Seeded games of the student's player against the reference player.

    The deals are played in batches (:mod:`cardlab.judge.confidence`): ``deals`` first,
    then twice as many and so on, until every threshold is decided or ``most_deals``
    are played.

    Attributes:
        part: The part the tournament scores.
        deals: The deals of the first batch (and of a pairing in a class tournament).
        seed: Names the deals, with the course secret.
        thresholds: The thresholds and their credit.
        most_deals: The most deals played.
        confidence: The chance that a player whose true measure equals a threshold keeps
            its credit (or, with ``require_evidence``, is refused it).
        require_evidence: Whether a threshold is credited only when confidently reached
            (else it is credited unless confidently missed: the benefit of the doubt).
    """

    part: str
    deals: int
    seed: int
    thresholds: tuple[Threshold, ...]
    most_deals: int
    confidence: float = DEFAULT_CONFIDENCE
    require_evidence: bool = False

    @property
    def on_points(self) -> bool:
        """Whether the thresholds are on mean points per deal rather than on a share."""
        return self.thresholds[0].points is not None


@dataclass(frozen=True)
class Limits:
    """Time and output limits for student code.

    Attributes:
        call_seconds: The time on the clock one call into student code may take.
        test_seconds: The processor time student code may use in one grader test
            (see :class:`~cardlab.judge.session.WorkerSession`).
        output_bytes: The output kept of one call.
    """

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
        equivalent: Mutants of this phase reviewed as equivalent to the reference.
        deadline: When the phase's work is due and what lateness costs, or None.
        hidden_runs: On Gradescope, how many of a student's submissions run the hidden
            tests (the rest run the public ones), or None for every submission.
    """

    number: int
    title: str
    writes: tuple[str, ...]
    methods: tuple[str, ...]
    parts: tuple[Part, ...]
    tournament: Tournament | None
    equivalent: tuple[Equivalent, ...] = ()
    deadline: Deadline | None = None
    hidden_runs: int | None = None

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

    def home_parts(self, module: str, function: str) -> tuple[str, ...]:
        """The parts that grade ``function`` of ``module`` (every part, if none names it)."""
        named = tuple(p.id for p in self.parts if p.covers(module, function))
        return named or tuple(p.id for p in self.parts if not p.code) or self._ids()

    def _ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.parts)


@dataclass(frozen=True)
class Spec:
    """An assignment's graded spec.

    Attributes:
        id: The assignment id (``bisca``).
        title: Its title.
        package: The import name of the package students write (the first one, when
            they write several).
        summary: One sentence on the assignment.
        limits: Limits for student code.
        phases: The phases, in order.
        path: The file the spec was read from.
        provided_as: How a handout ships the modules the student does not write:
            ``bytecode`` (sourceless ``.pyc``, the default), ``cython`` (native
            extensions, a hardened handout) or ``source`` (the whole program as source,
            as when students complete single methods of it).
        pythons: The Python versions a bytecode handout supports (``[handout] pythons``,
            sorted), each compiled for; empty for every version found on the machine
            building it.
        other_parts: Whose code each part's tests run with outside that part:
            ``reference`` (the default) or ``student``.
        packages: Every package of the assignment, in order; ``(package,)`` for an
            assignment of one package. With several, module names carry their package
            (``cards.card``) everywhere in the spec, and a submission holds one folder
            per package.
    """

    id: str
    title: str
    package: str
    summary: str
    limits: Limits
    phases: tuple[Phase, ...]
    path: Path
    provided_as: str = BYTECODE
    other_parts: str = OTHER_PARTS_REFERENCE
    packages: tuple[str, ...] = ()
    pythons: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """An assignment of one package lists it in ``packages`` too."""
        if not self.packages:
            object.__setattr__(self, "packages", (self.package,))

    @property
    def has_packages(self) -> bool:
        """Whether the assignment has several packages (module names carry theirs)."""
        return len(self.packages) > 1

    def by_package(self, names: Iterable[str]) -> dict[str, tuple[str, ...]]:
        """Module names grouped by package, each without its package.

        With one package, every name is a module of it; with several, ``cards.card``
        is module ``card`` of package ``cards``.

        Returns:
            Package -> its modules among ``names``, in order, for every package that
            has one (a package with none is left out).
        """
        groups: dict[str, list[str]] = {}
        for name in names:
            package, module = self.split(name)
            groups.setdefault(package, []).append(module)
        return {package: tuple(groups[package]) for package in self.packages if package in groups}

    def split(self, name: str) -> tuple[str, str]:
        """The package and module of a module name (``cards.card`` -> cards, card)."""
        if not self.has_packages:
            return self.package, name
        package, _, module = name.partition(".")
        return package, module

    def method_parts(self, method: str) -> tuple[str, str]:
        """A single method's module and name: ``card.Card.eq`` -> (card, Card.eq)."""
        module = _method_module(self, method)
        return module, method[len(module) + 1 :]

    def module_file(self, name: str) -> str:
        """A module's file in a submission or handout: ``bisca/card.py``, ``cards/card.py``."""
        package, module = self.split(name)
        return f"{package}/{module}.py"

    def qualified(self, package: str, module: str) -> str:
        """A module's name in the spec: ``card``, or ``cards.card`` with several packages."""
        return f"{package}.{module}" if self.has_packages else module

    def packages_in(self, number: int) -> tuple[str, ...]:
        """The packages a phase is made of: every package written in it or before.

        A package enters an assignment with the first phase that writes in it, so a
        phase's handout and grading leave out the packages of later phases.
        """
        if not self.has_packages:
            return self.packages
        used = set(self.by_package(self.submitted_modules(number)))
        return tuple(package for package in self.packages if package in used)

    def manual_parts(self, number: int) -> tuple[Part, ...]:
        """The parts of a phase that the instructor marks by hand."""
        return tuple(part for part in self.phase(number).parts if part.manual)

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
        return tuple(dict.fromkeys(_method_module(self, m) for m in self.student_methods(number)))

    def submitted_modules(self, number: int) -> tuple[str, ...]:
        """Modules graded from the student's files in a phase: whole ones and method ones.

        A module with single methods to write is the student's whole file at grading
        time, not the reference with the methods spliced in (see ``docs/design.md``).
        """
        modules = (*self.student_modules(number), *self.method_modules(number))
        return tuple(dict.fromkeys(modules))

    def part_modules(self, number: int, part_id: str) -> tuple[str, ...]:
        """Modules graded from the student's files while one part's tests run.

        With ``other_parts = "reference"``, only the modules holding the part's own code
        are the student's, and the reference serves every other one; with ``student``,
        or for a part that names no code, all of the phase's submitted modules are. A part
        of kind ``student tests`` runs the student's tests on the reference and its
        chaffs, never on the student's modules: none.
        """
        submitted = self.submitted_modules(number)
        part = self.phase(number).part(part_id)
        if part.kind == STUDENT_TESTS:
            return ()
        if self.other_parts == OTHER_PARTS_STUDENT or not part.code:
            return submitted
        own = {code_module(entry, submitted) for entry in part.code}
        return tuple(m for m in submitted if m in own)

    def graded_with(self, number: int) -> str:
        """Whose code a phase's parts really run outside their own.

        That is ``other_parts``, or ``student`` when none of the phase's parts names its
        code (each then runs all of the student's, :meth:`part_modules`), so that a report
        never claims otherwise.
        """
        if any(part.code for part in self.phase(number).parts):
            return self.other_parts
        return OTHER_PARTS_STUDENT

    def parts_running(self, number: int, modules: Iterable[str]) -> tuple[str, ...]:
        """The parts of a phase whose tests run any of ``modules`` from the submission.

        Every other part runs the same code whatever the student wrote in ``modules``,
        so its score cannot depend on them (:meth:`part_modules`).
        """
        changed = set(modules)
        return tuple(
            part.id
            for part in self.phase(number).parts
            if changed & set(self.part_modules(number, part.id))
        )


def code_module(entry: str, modules: Iterable[str]) -> str:
    """The module a part's ``code`` entry names, among ``modules``.

    The longest module that is the entry or starts it: ``card`` for ``card.Card.__eq__``,
    ``cards.card`` for ``cards.card.Card`` in an assignment of several packages. An entry
    naming none of them gives its first word.
    """
    named = [m for m in modules if entry == m or entry.startswith(m + ".")]
    return max(named, key=len) if named else entry.split(".", 1)[0]


def _method_module(spec: Spec, method: str) -> str:
    """The module of a single method's name (``card.Card.eq`` -> ``card``)."""
    parts = method.split(".")
    return ".".join(parts[:2]) if spec.has_packages else parts[0]


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


def _times_as_text(data: dict) -> None:
    """Write TOML's own dates and times in ``[phase.deadline]`` as ISO 8601 text.

    So that the schema sees one type, and a local time (TOML's, without an offset) is
    refused as a text one would be.
    """
    for phase in data.get("phase", ()):
        deadline = phase.get("deadline") if isinstance(phase, dict) else None
        if not isinstance(deadline, dict):
            continue
        for key, value in deadline.items():
            if isinstance(value, datetime | date | time):
                deadline[key] = value.isoformat()


def _check_schema(path: Path, data: dict) -> None:
    validator = jsonschema.Draft202012Validator(_schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        raise CardlabError(f"{path}: {_key(error.absolute_path)}: {error.message}")


def _duplicates(values: Sequence[Hashable]) -> list[Hashable]:
    seen: set[Hashable] = set()
    repeated = []
    for value in values:
        if value in seen:
            repeated.append(value)
        seen.add(value)
    return repeated


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
    return Part(
        raw["id"],
        raw["title"],
        float(raw["points"]),
        kind,
        settings,
        code=tuple(raw.get("code", ())),
        manual=raw.get("manual"),
    )


def _build(path: Path, data: dict) -> Spec:
    phases = []
    for index, raw in enumerate(data["phase"]):
        parts = tuple(_part(p) for p in raw["part"])
        tournament = None
        if "tournament" in raw:
            t = raw["tournament"]
            thresholds = tuple(
                Threshold(x.get("share"), x["credit"], x.get("points")) for x in t["thresholds"]
            )
            tournament = Tournament(
                t["part"],
                t["deals"],
                t["seed"],
                thresholds,
                most_deals=t.get("most_deals", t["deals"]),
                confidence=t.get("confidence", DEFAULT_CONFIDENCE),
                require_evidence=t.get("require_evidence", False),
            )
        phases.append(
            Phase(
                number=raw["number"],
                title=raw["title"],
                writes=tuple(raw.get("writes", ())),
                methods=tuple(raw.get("methods", ())),
                parts=parts,
                tournament=tournament,
                equivalent=tuple(
                    Equivalent(e["mutant"], e["reason"]) for e in raw.get("equivalent", ())
                ),
                deadline=(
                    deadline_from_spec(raw["deadline"], f"{path}: phase[{index}].deadline")
                    if "deadline" in raw
                    else None
                ),
                hidden_runs=raw.get("gradescope", {}).get("hidden_runs"),
            )
        )
    info = data["assignment"]
    limits = Limits(**data["limits"])
    packages = tuple(info.get("packages", ()))
    return Spec(
        id=info["id"],
        title=info["title"],
        package=info.get("package") or packages[0],
        packages=packages,
        summary=info.get("summary", ""),
        limits=limits,
        phases=tuple(phases),
        path=path,
        provided_as=data.get("handout", {}).get("provided", BYTECODE),
        other_parts=data.get("grading", {}).get("other_parts", OTHER_PARTS_REFERENCE),
        pythons=tuple(sorted(data.get("handout", {}).get("pythons", ()), key=lambda v: int(v[2:]))),
    )


def _check_meaning(spec: Spec, reference_modules: Iterable[str] | None) -> None:
    where = spec.path
    if old := [v for v in spec.pythons if (3, int(v[2:])) < OLDEST]:
        raise CardlabError(
            f"{where}: handout.pythons: cardlab needs Python {version_name(OLDEST)} or newer, "
            f"so {old[0]} cannot be supported"
        )
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
        _check_module_names(spec, index, phase)
        for module in (*phase.writes, *(_method_module(spec, m) for m in phase.methods)):
            if known is not None and module not in known:
                raise CardlabError(
                    f"{where}: phase[{index}].writes: unknown module {module!r} "
                    f"(the reference has {', '.join(sorted(known))})"
                )
        if phase.tournament and len({t.share is None for t in phase.tournament.thresholds}) > 1:
            raise CardlabError(
                f"{where}: phase[{index}].tournament.thresholds: all on share or all on points"
            )
        if phase.tournament and phase.tournament.most_deals < phase.tournament.deals:
            raise CardlabError(
                f"{where}: phase[{index}].tournament.most_deals: at least deals "
                f"({phase.tournament.deals}), not {phase.tournament.most_deals}"
            )
        for number, part in enumerate(phase.parts):
            _check_curve(where, f"phase[{index}].part[{number}]", part)
        _check_part_code(spec, index, phase)
        if phase.tournament and phase.tournament.part not in {p.id for p in phase.parts}:
            raise CardlabError(
                f"{where}: phase[{index}].tournament.part: no part {phase.tournament.part!r} "
                "in this phase"
            )


def _check_module_names(spec: Spec, index: int, phase: Phase) -> None:
    """With several packages, each module name must start with one of them."""
    if not spec.has_packages:
        dotted = [m for m in phase.writes if "." in m]
        if dotted:
            raise CardlabError(
                f"{spec.path}: phase[{index}].writes: {dotted[0]!r} names a package, but the "
                "assignment has one package: name its modules alone"
            )
        return
    for module in (*phase.writes, *phase.methods):
        if module.split(".", 1)[0] not in spec.packages or "." not in module:
            raise CardlabError(
                f"{spec.path}: phase[{index}].writes: {module!r} must start with one of the "
                f"assignment's packages ({', '.join(spec.packages)}), e.g. "
                f"'{spec.packages[0]}.module'"
            )


def _check_curve(where: Path, key: str, part: Part) -> None:
    if part.student_tests is None:
        return
    shares = [share for share, _ in part.student_tests.curve]
    if shares != sorted(shares) or _duplicates(shares):
        raise CardlabError(f"{where}: {key}.curve: shares caught must increase, got {shares}")
    if dup := _duplicates(list(part.student_tests.chaffs)):
        raise CardlabError(f"{where}: {key}.chaffs: chaff {dup[0]!r} is listed twice")


def _check_part_code(spec: Spec, index: int, phase: Phase) -> None:
    """A part's code must be the student's in its phase: a module or a method written."""
    modules = set(spec.submitted_modules(phase.number))
    methods = spec.student_methods(phase.number)
    for position, part in enumerate(phase.parts):
        for entry in part.code:
            module = code_module(entry, modules)
            whole = module in spec.student_modules(phase.number)
            method = any(m == entry or m.startswith(entry + ".") for m in methods)
            if module not in modules or not (whole or method or entry == module):
                raise CardlabError(
                    f"{spec.path}: phase[{index}].part[{position}].code: {entry!r} is not "
                    "code the student writes by this phase"
                )


def reference_modules(reference_dir: Path) -> list[str]:
    """The module names of a reference package folder (``__init__`` excluded)."""
    return sorted(p.stem for p in reference_dir.glob("*.py") if p.stem != "__init__")


def package_modules(reference_root: Path, packages: Iterable[str]) -> list[str]:
    """The module names of several reference packages, each with its package (``cards.card``).

    Args:
        reference_root: The folder holding one folder per package (``reference/``).
        packages: The packages.
    """
    return sorted(
        f"{package}.{module}"
        for package in packages
        for module in reference_modules(reference_root / package)
    )


def load_spec(path: Path, reference_dir: Path | None = None) -> Spec:
    """Read, validate and return a spec.

    Args:
        path: The spec file.
        reference_dir: The reference package folder; when given, every module the
            spec names must exist there. With several packages, each is the folder of
            that name beside it (``reference/cards`` beside ``reference/whist``).

    Returns:
        The validated spec.

    Raises:
        CardlabError: One line naming the file and the key at fault.
    """
    data = _read_toml(path)
    _times_as_text(data)
    _check_schema(path, data)
    spec = _build(path, data)
    modules = None
    if reference_dir is not None:
        modules = (
            package_modules(reference_dir.parent, spec.packages)
            if spec.has_packages
            else reference_modules(reference_dir)
        )
    _check_meaning(spec, modules)
    return spec
