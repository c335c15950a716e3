"""The registry: what each assignment declares in ``graders/<assignment>/assignment.toml``.

An assignment is one declared thing. Besides its spec (phases, parts, limits), the
framework needs from it a few pieces of code and data that live in the assignment's own
folder and are named there, never found by a naming rule or written into a framework
module:

* ``codec``: the file of its value types (default ``codec.py``, when it exists);
* ``[tournament] game``: the class tournament's game, an entry ``FILE:NAME`` whose
  object, built with the reference, is a :class:`cardlab.batch.tournament.hook.Game`;
* ``[play]``: the terminal game, ``game`` naming the module with
  ``play(project, *, seed, **options)`` (its folder is loaded as a package, so the
  game's modules import each other relatively), ``console`` the module of the console
  program students write (as the spec names it), if they write one, and
  ``[[play.options]]`` the game's own command-line options;
* ``[hidden] secret_examples``: whether the hidden tests draw their hypothesis examples
  from the course secret (on unless declared off);
* ``[demo]``: the phase and the example submission ``cardlab demo`` grades, and what
  it calls the example;
* ``[branches]``: the phases whose hidden cases must reach every branch of the
  student-written code, and the reviewed exceptions;
* ``[stubs] tournament_deals``: how many deals the phase tournament plays when the
  stubs are graded (to check that they score nothing), for a game whose stub player
  forfeits every game: the first deals show it.

Seeded bugs (``bugs.toml``, read by :func:`read_bugs`) and alternative solutions
(``alternatives/<name>/``) sit beside the declaration; they measure the graders and never
leave the instructor's side. A seeded bug marked ``core`` breaks a core rule of the game
and must cost at least the file's ``core_share`` of its part. A declaration or a bugs file
that cannot be read is one line naming its file and key.
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import CardlabError

DECLARATION_FILE = "assignment.toml"
"""An assignment's declaration, in ``graders/<assignment>/``."""

BUGS_FILE = "bugs.toml"
"""An assignment's seeded bugs, beside its declaration."""

ALTERNATIVES_FOLDER = "alternatives"
"""An assignment's alternative solutions, one folder each, beside its declaration."""

INSTRUCTOR_ONLY = (BUGS_FILE, ALTERNATIVES_FOLDER, "examples")
"""What in an assignment's graders folder measures the graders and is never shipped."""

Branch = tuple[str, str, int, bool]
"""A branch of student-written code: module, function, ``if`` number in it, outcome."""

_DEFAULT_CODEC = "codec.py"
_BRANCH_KEYS = {"module", "function", "if", "outcome", "why"}
DECLARATION_KEYS = frozenset({"codec", "tournament", "play", "hidden", "demo", "branches", "stubs"})
"""The top-level keys of a declaration."""

BUGS_KEYS = frozenset({"also", "core_share", "absent_kinds", "bug"})
"""The top-level keys of a ``bugs.toml``."""

BUG_KEYS = frozenset({"id", "phase", "file", "part", "old", "new", "call_seconds", "core", "kind"})
"""The keys of one ``[[bug]]`` of a ``bugs.toml``."""

BUG_KINDS = frozenset(
    {"rule", "arguments", "collaborators", "inputs", "observers", "state", "wrong-part"}
)
"""What a seeded bug breaks, besides a rule of the game (``rule``, the default):

``arguments``, a promise about what a call receives or returns (a list it must not change,
the same object for its whole life, a copy and not the original); ``collaborators``, what
the code must do when an object it is handed misbehaves (a strategy returning a card not
held, a generator it must use); ``inputs``, an answer or input the contract says how to
take (an empty line, Ctrl-C, closed input); ``observers``, what must be shown or told (a
line, a view of each trick); ``state``, what must or must not carry over between hands
and games; ``wrong-part``, a rule of one part that only a later part would otherwise see.
"""

BUG_CHECKS = frozenset({"counted", "ran", "short", "finished"})
"""The further checks a ``bugs.toml``'s ``also`` may ask of its bugs."""

DEFAULT_CORE_SHARE = 0.2
"""The least share of its part a bug of a core rule costs, unless ``bugs.toml`` says."""


@dataclass(frozen=True)
class GameOption:
    """One command-line option of a terminal game (``--first computer``).

    Attributes:
        name: The option's name, without the dashes.
        help: What it does, as ``--help`` says it after the assignment's id.
        choices: The values it takes; empty for free text (or a flag).
        metavar: How the help shows a free-text value (``SEAT=KIND,...``).
        default: The game's value when the option is left out, for the help.
        flag: Whether the option takes no value (``--watch``).
    """

    name: str
    help: str
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    default: str | None = None
    flag: bool = False


@dataclass(frozen=True)
class TerminalGame:
    """An assignment's terminal game.

    Attributes:
        module: The file of the module with ``play(project, *, seed, **options)``.
        options: The game's own options, in the order ``--help`` lists them.
        console: The module of the console program students write, as the spec names
            it (``play``, ``whist.basic_whist``); None when they write none. The
            terminal game is cardlab's own table, not that console, and says so.
    """

    module: Path
    options: tuple[GameOption, ...] = ()
    console: str | None = None


@dataclass(frozen=True)
class Demo:
    """What ``cardlab demo`` grades: the reference and an example submission.

    Attributes:
        phase: The phase graded.
        submission: The example submission with bugs (checked when the demo runs: a
            Gradescope autograder, say, carries no examples).
        title: What the demo calls the example.
    """

    phase: int
    submission: Path
    title: str = "An example submission with bugs"


@dataclass(frozen=True)
class BranchCoverage:
    """The reviewed branch coverage of an assignment's hidden cases.

    A branch is (module, function, ``if`` number in it from 1, outcome).

    Attributes:
        phases: The phases whose hidden cases must reach every branch several times.
        fixed: Branches only fixed cases reach, with why that is enough.
        unreachable: Branches no differential hidden case can reach, with why.
        own_design: Modules the student designs freely, with why none is compared.
    """

    phases: tuple[int, ...] = ()
    fixed: Mapping[Branch, str] = field(default_factory=dict)
    unreachable: Mapping[Branch, str] = field(default_factory=dict)
    own_design: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Declaration:
    """Everything the framework needs from one assignment, as its folder declares it.

    Attributes:
        id: The assignment's id.
        folder: Its graders folder (``graders/<assignment>/``).
        codec: Its codec file, or None when it has none.
        tournament: The class tournament's game as (file, object name), or None.
        game: Its terminal game, or None.
        secret_examples: Whether its hidden tests draw hypothesis examples from the
            course secret.
        demo: What ``cardlab demo`` grades, for the assignment that declares it.
        branches: The reviewed branch coverage of its hidden cases.
        stubs_tournament_deals: The deals a phase tournament plays when the stubs are
            graded, or None for the spec's.
    """

    id: str
    folder: Path
    codec: Path | None = None
    tournament: tuple[Path, str] | None = None
    game: TerminalGame | None = None
    secret_examples: bool = True
    demo: Demo | None = None
    branches: BranchCoverage = field(default_factory=BranchCoverage)
    stubs_tournament_deals: int | None = None

    @property
    def bugs_file(self) -> Path:
        """The assignment's seeded bugs (a file that may not exist)."""
        return self.folder / BUGS_FILE

    def bugs(self) -> SeededBugs:
        """The assignment's seeded bugs (none when it has no ``bugs.toml``).

        Raises:
            CardlabError: A ``bugs.toml`` that cannot be read (one line, naming the key).
        """
        return read_bugs(self.bugs_file, self.id)

    def alternatives(self) -> list[Path]:
        """The folders of the assignment's alternative solutions, sorted by name."""
        folder = self.folder / ALTERNATIVES_FOLDER
        if not folder.is_dir():
            return []
        return sorted(path for path in folder.iterdir() if path.is_dir())


@dataclass(frozen=True)
class SeededBug:
    """A one-edit bug in a file of the reference solution, and the part it must cost in.

    Attributes:
        assignment: The assignment whose ``bugs.toml`` declares it.
        id: What the bug is, in a few words.
        phase: The phase graded.
        file: The edited file, relative to the solution.
        part: The part that must lose points.
        old: Text found once in ``file``; empty to leave the file out.
        new: What ``old`` becomes.
        call_seconds: The time limit of one call, for a bug that hangs (None: the spec's).
        also: The further checks (of :data:`BUG_CHECKS`) the bug takes.
        core: Whether it breaks a core rule of the game, and so must cost at least the
            file's ``core_share`` of its part.
        kind: What it breaks, one of :data:`BUG_KINDS`.
    """

    assignment: str
    id: str
    phase: int
    file: str
    part: str
    old: str
    new: str
    call_seconds: float | None = None
    also: frozenset[str] = frozenset()
    core: bool = False
    kind: str = "rule"


@dataclass(frozen=True)
class SeededBugs:
    """An assignment's ``bugs.toml``: its seeded bugs and the cost policy of core rules.

    Attributes:
        bugs: The bugs, in the file's order.
        core_share: The least share of its part's points a bug marked ``core`` costs.
        absent_kinds: The kinds of :data:`BUG_KINDS` the assignment's contract gives no
            room for, each with the reason (a game without a console has no lines to miss).
    """

    bugs: tuple[SeededBug, ...] = ()
    core_share: float = DEFAULT_CORE_SHARE
    absent_kinds: Mapping[str, str] = field(default_factory=dict)


class _Reader:
    """Reads one declaration, each problem one line naming the file and the key."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.folder = path.parent.resolve()

    def fail(self, key: str, problem: str) -> CardlabError:
        """The error for a bad key."""
        return CardlabError(f"{self.path}: {key}: {problem}")

    def document(self, keys: frozenset[str]) -> Mapping[str, Any]:
        """The file's TOML, checked to hold only ``keys`` at its top (empty when absent)."""
        data: Mapping[str, Any] = {}
        if self.path.is_file():
            try:
                data = tomllib.loads(self.path.read_text(encoding="utf-8"))
            except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
                raise CardlabError(f"{self.path}: not TOML ({error})") from None
        unknown = sorted(set(data) - keys)
        if unknown:
            raise self.fail(unknown[0], f"unknown key (known: {', '.join(sorted(keys))})")
        return data

    def table(self, value: Any, key: str, keys: set[str]) -> Mapping[str, Any]:
        """``value``, the table at ``key``, checked to hold only ``keys``."""
        if not isinstance(value, dict):
            raise self.fail(key, "must be a table")
        unknown = sorted(set(value) - keys)
        if unknown:
            known = ", ".join(sorted(keys))
            raise self.fail(f"{key}.{unknown[0]}", f"unknown key (known: {known})")
        return value

    def value(self, data: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
        """The value ``key`` of ``data``, of type ``kind``, or ``default`` when left out."""
        value = data.get(key.rsplit(".", 1)[-1], default)
        if value is default:
            return value
        if isinstance(value, bool) is not (kind is bool) or not isinstance(value, kind):
            raise self.fail(key, f"must be a {kind.__name__}, not {value!r}")
        return value

    def file(self, name: str, key: str) -> Path:
        """A file of the assignment's folder, named relative to it."""
        path = (self.folder / name).resolve()
        if not path.is_relative_to(self.folder):
            raise self.fail(key, f"{name!r} is outside {self.folder}")
        if not path.is_file():
            raise self.fail(key, f"no file {name!r} in {self.folder}")
        return path

    def entry(self, text: str, key: str) -> tuple[Path, str]:
        """A ``FILE:NAME`` entry: the file and the name of an object in it."""
        name, _, attribute = text.partition(":")
        if not attribute.isidentifier():
            raise self.fail(key, f'{text!r} is not "FILE:NAME", e.g. "hidden/tournament.py:GAME"')
        return self.file(name, key), attribute


def _game(reader: _Reader, data: Mapping[str, Any]) -> TerminalGame | None:
    play = reader.table(data.get("play", {}), "play", {"game", "options", "console"})
    if not play:
        return None
    if "game" not in play:
        raise reader.fail("play.game", "is missing (the module with play)")
    module = reader.file(reader.value(play, "play.game", str), "play.game")
    listed = reader.value(play, "play.options", list, [])
    options = []
    keys = {"name", "help", "choices", "metavar", "default", "flag"}
    for n, raw in enumerate(listed):
        where = f"play.options[{n}]"
        option = reader.table(raw, where, keys)
        name = reader.value(option, f"{where}.name", str, "")
        if not name.replace("-", "_").isidentifier():
            raise reader.fail(f"{where}.name", f"{name!r} is not an option name")
        choices = reader.value(option, f"{where}.choices", list, [])
        if not all(isinstance(choice, str) for choice in choices):
            raise reader.fail(f"{where}.choices", "must be a list of strings")
        flag = reader.value(option, f"{where}.flag", bool, False)
        if flag and choices:
            raise reader.fail(f"{where}.flag", "a flag takes no choices")
        options.append(
            GameOption(
                name=name,
                help=reader.value(option, f"{where}.help", str, ""),
                choices=tuple(choices),
                metavar=reader.value(option, f"{where}.metavar", str),
                default=reader.value(option, f"{where}.default", str),
                flag=flag,
            )
        )
    names = [option.name for option in options]
    if len(set(names)) < len(names):
        raise reader.fail("play.options", "an option is declared twice")
    return TerminalGame(module, tuple(options), reader.value(play, "play.console", str))


def _demo(reader: _Reader, data: Mapping[str, Any]) -> Demo | None:
    table = reader.table(data.get("demo", {}), "demo", {"phase", "submission", "title"})
    if not table:
        return None
    submission = reader.folder / reader.value(table, "demo.submission", str, "")
    phase = reader.value(table, "demo.phase", int, 0)
    return Demo(phase, submission, reader.value(table, "demo.title", str, Demo.title))


def _branches(reader: _Reader, data: Mapping[str, Any]) -> BranchCoverage:
    keys = {"phases", "fixed", "unreachable", "own_design"}
    table = reader.table(data.get("branches", {}), "branches", keys)
    phases = reader.value(table, "branches.phases", list, [])
    if not all(isinstance(phase, int) and not isinstance(phase, bool) for phase in phases):
        raise reader.fail("branches.phases", "must be a list of phase numbers")
    found: dict[str, dict[Branch, str]] = {}
    for kind in ("fixed", "unreachable"):
        found[kind] = {}
        for n, raw in enumerate(reader.value(table, f"branches.{kind}", list, [])):
            where = f"branches.{kind}[{n}]"
            branch = reader.table(raw, where, _BRANCH_KEYS)
            missing = sorted(_BRANCH_KEYS - set(branch))
            if missing:
                raise reader.fail(f"{where}.{missing[0]}", "is missing")
            key = (
                reader.value(branch, f"{where}.module", str),
                reader.value(branch, f"{where}.function", str),
                reader.value(branch, f"{where}.if", int),
                reader.value(branch, f"{where}.outcome", bool),
            )
            found[kind][key] = reader.value(branch, f"{where}.why", str)
    own = table.get("own_design", {})
    reader.table(own, "branches.own_design", set(own))
    for module in own:
        reader.value(own, f"branches.own_design.{module}", str)
    return BranchCoverage(tuple(phases), found["fixed"], found["unreachable"], dict(own))


def read_declaration(folder: Path, assignment: str) -> Declaration:
    """Read the declaration in an assignment's graders folder.

    A folder with no ``assignment.toml`` declares nothing but the defaults: a
    ``codec.py`` when there is one, and secret examples in its hidden tests.

    Args:
        folder: The assignment's graders folder.
        assignment: The assignment's id.

    Raises:
        CardlabError: A declaration that cannot be read, a key that is unknown or of the
            wrong type, or an entry naming no file (one line, naming file and key).
    """
    path = folder / DECLARATION_FILE
    reader = _Reader(path)
    data = reader.document(DECLARATION_KEYS)
    codec_name = reader.value(data, "codec", str)
    if codec_name is None:
        default = folder / _DEFAULT_CODEC
        codec = default.resolve() if default.is_file() else None
    else:
        codec = reader.file(codec_name, "codec")
    tournament_table = reader.table(data.get("tournament", {}), "tournament", {"game"})
    tournament = None
    if tournament_table:
        entry = reader.value(tournament_table, "tournament.game", str, "")
        tournament = reader.entry(entry, "tournament.game")
    hidden = reader.table(data.get("hidden", {}), "hidden", {"secret_examples"})
    stubs = reader.table(data.get("stubs", {}), "stubs", {"tournament_deals"})
    deals = reader.value(stubs, "stubs.tournament_deals", int)
    if deals is not None and deals < 1:
        raise reader.fail("stubs.tournament_deals", f"must be at least 1, not {deals}")
    return Declaration(
        id=assignment,
        folder=folder,
        codec=codec,
        tournament=tournament,
        game=_game(reader, data),
        secret_examples=reader.value(hidden, "hidden.secret_examples", bool, True),
        demo=_demo(reader, data),
        branches=_branches(reader, data),
        stubs_tournament_deals=deals,
    )


def _number(
    reader: _Reader, data: Mapping[str, Any], key: str, default: float | None = None
) -> float | None:
    """The number ``key`` of ``data`` (an int or a float), or ``default`` when left out."""
    value = data.get(key.rsplit(".", 1)[-1])
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise reader.fail(key, f"must be a number, not {value!r}")
    return float(value)


def read_bugs(path: Path, assignment: str) -> SeededBugs:
    """Read an assignment's seeded bugs (none when ``path`` does not exist).

    Raises:
        CardlabError: A file that is not TOML, an unknown key or one of the wrong type,
            or a bug without the keys every bug needs (one line, naming file and key).
    """
    if not path.is_file():
        return SeededBugs()
    reader = _Reader(path)
    data = reader.document(BUGS_KEYS)
    also = reader.value(data, "also", list, [])
    unknown = sorted(set(map(str, also)) - BUG_CHECKS)
    if unknown:
        known = ", ".join(sorted(BUG_CHECKS))
        raise reader.fail("also", f"unknown check {unknown[0]!r} (known: {known})")
    share = _number(reader, data, "core_share", DEFAULT_CORE_SHARE)
    if share is None or not 0 < share <= 1:
        raise reader.fail("core_share", f"must be above 0 and at most 1, not {share}")
    absent = reader.table(data.get("absent_kinds", {}), "absent_kinds", set(BUG_KINDS))
    for kind, reason in absent.items():
        if not isinstance(reason, str) or not reason.strip():
            raise reader.fail(f"absent_kinds.{kind}", "must give the reason in words")
    bugs = []
    for n, raw in enumerate(reader.value(data, "bug", list, [])):
        where = f"bug[{n}]"
        bug = reader.table(raw, where, set(BUG_KEYS))
        for key in ("id", "phase", "file", "part", "old", "new"):
            if key not in bug:
                raise reader.fail(f"{where}.{key}", "is missing")
        seconds = _number(reader, bug, f"{where}.call_seconds")
        kind = reader.value(bug, f"{where}.kind", str, "rule")
        if kind not in BUG_KINDS:
            known = ", ".join(sorted(BUG_KINDS))
            raise reader.fail(f"{where}.kind", f"unknown kind {kind!r} (known: {known})")
        bugs.append(
            SeededBug(
                assignment=assignment,
                id=reader.value(bug, f"{where}.id", str),
                phase=reader.value(bug, f"{where}.phase", int),
                file=reader.value(bug, f"{where}.file", str),
                part=reader.value(bug, f"{where}.part", str),
                old=reader.value(bug, f"{where}.old", str),
                new=reader.value(bug, f"{where}.new", str),
                call_seconds=seconds,
                also=frozenset(also),
                core=reader.value(bug, f"{where}.core", bool, False),
                kind=kind,
            )
        )
    return SeededBugs(tuple(bugs), share, dict(absent))


def load_file(path: Path, name: str) -> ModuleType:
    """Import one file by path as the module ``name`` (kept in ``sys.modules``).

    Raises:
        CardlabError: When the file cannot be loaded as a module.
    """
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise CardlabError(f"cannot load {path} as a module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_package(folder: Path, name: str) -> ModuleType:
    """Import a folder by path as the package ``name``, so its modules import each other.

    Args:
        folder: The package's folder (its ``__init__.py`` is run, when it has one).
        name: A private module name for the package.
    """
    loaded = sys.modules.get(name)
    if loaded is not None and list(getattr(loaded, "__path__", ())) == [str(folder)]:
        return loaded
    for stale in [key for key in sys.modules if key == name or key.startswith(f"{name}.")]:
        del sys.modules[stale]  # the same assignment in another project tree
    init = folder / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        name, init if init.is_file() else None, submodule_search_locations=[str(folder)]
    )
    if spec is None or spec.loader is None:
        raise CardlabError(f"cannot load {folder} as a package")
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return package


def game_module(declaration: Declaration, module: str | None = None) -> ModuleType:
    """A module of the assignment's terminal game (its ``play`` module by default).

    The game's folder is loaded as a package (see :func:`folder_module`); ``module``
    names another of its modules (``screen``, ``strong``).

    Raises:
        CardlabError: When the assignment has no terminal game.
    """
    if declaration.game is None:
        raise CardlabError(f"{declaration.id} declares no terminal game")
    return folder_module(declaration.game.module.parent, module or declaration.game.module.stem)


def folder_module(folder: Path, module: str) -> ModuleType:
    """A module of an assignment's folder loaded as a package (``graders/<id>/play``).

    The package is named ``_cardlab_<assignment>_<folder>``. Hidden graders use this to
    reach code of their assignment that lives outside the hidden folder (a strong bot
    the terminal game shares).
    """
    name = f"_cardlab_{folder.parent.name}_{folder.name}"
    load_package(folder, name)
    return importlib.import_module(f"{name}.{module}")


def tournament_game(declaration: Declaration, reference: Any) -> Any:
    """The assignment's tournament game, built with the reference.

    Raises:
        CardlabError: When the assignment declares no tournament.
    """
    if declaration.tournament is None:
        raise CardlabError(
            f"{declaration.id} has no class tournament "
            f"(no [tournament] game in its {DECLARATION_FILE})"
        )
    path, attribute = declaration.tournament
    module = load_file(path, f"cardlab_hook_{declaration.id}")
    try:
        factory = getattr(module, attribute)
    except AttributeError:
        raise CardlabError(f"{path} has no {attribute} (its [tournament] game)") from None
    return factory(reference)
