"""Composition: one importable package from student modules and provided modules.

Like a classpath, the spec decides where each module of the assignment's package
comes from: the modules the student writes in the phase are loaded from the
submission folder, every other one from the provided folder (the reference source
on the instructor's side, sourceless bytecode in a handout). A meta path finder
serves the package and its modules, so a provided module that imports a sibling
gets the student's version and the other way round. A file in the submission that
is not the student's in this phase is never loaded.

An assignment may have several packages (a ``cards`` library, then a ``whist`` game
that imports it): the first package's composition then carries the others in
``others``, the finder serves them all, and module names outside a composition carry
their package (``cards.card``).
"""

from __future__ import annotations

import dataclasses
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

STUDENT = "student"
PROVIDED = "provided"


@dataclass(frozen=True)
class Composition:
    """Where each module of a package comes from.

    Attributes:
        package: The package's import name (``bisca``).
        init: The package's ``__init__`` file (source or bytecode), if any.
        modules: Module name -> file to load it from (``.py`` or ``.pyc``).
        origins: Module name -> ``student`` or ``provided``.
        refused: Module name -> why it cannot be loaded (a one-line reason for the
            student); importing such a module raises ``ModuleNotFoundError`` with it.
        root: The folder the submission is (resolved): every student module must lie
            inside it, links followed. None for a composition with no submission.
        others: The compositions of the assignment's other packages, composed with
            this one (empty for an assignment of one package).
        qualified: Whether module names outside the composition carry their package
            (``cards.card``), as in an assignment of several packages, even in a phase
            that uses only one of them.
    """

    package: str
    init: Path | None
    modules: dict[str, Path] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    root: Path | None = None
    others: tuple[Composition, ...] = ()
    qualified: bool = False

    @property
    def packages(self) -> tuple[Composition, ...]:
        """This package's composition, then the others'."""
        return (self, *self.others)

    def student_files(self) -> list[Path]:
        """The submission files this composition loads, every package's."""
        return list(self.student_modules().values())

    def student_modules(self) -> dict[str, Path]:
        """The student's modules by name: ``card``, or ``cards.card`` with several packages."""
        return {
            self._name(composition, name): composition.modules[name]
            for composition in self.packages
            for name, origin in composition.origins.items()
            if origin == STUDENT
        }

    def _name(self, composition: Composition, module: str) -> str:
        return f"{composition.package}.{module}" if self.qualified else module

    def import_name(self, path: str) -> tuple[str, list[str]]:
        """The module to import for a dotted path, and the attributes to look up after it.

        ``card.Card`` is module ``bisca.card`` then ``Card``; with several packages a
        path names its package first: ``cards.card.Card``.
        """
        parts = path.split(".")
        if not self.qualified:
            return f"{self.package}.{parts[0]}", parts[1:]
        return ".".join(parts[:2]), parts[2:]

    def to_message(self) -> dict:
        """The composition as JSON data, for the worker."""
        return {
            "package": self.package,
            "init": str(self.init) if self.init else None,
            "modules": {name: str(path) for name, path in self.modules.items()},
            "origins": dict(self.origins),
            "refused": dict(self.refused),
            "root": str(self.root) if self.root else None,
            "others": [other.to_message() for other in self.others],
            "qualified": self.qualified,
        }

    @classmethod
    def from_message(cls, data: dict) -> Composition:
        """Rebuild a composition sent by :meth:`to_message`."""
        return cls(
            package=data["package"],
            init=Path(data["init"]) if data["init"] else None,
            modules={name: Path(path) for name, path in data["modules"].items()},
            origins=dict(data["origins"]),
            refused=dict(data.get("refused", {})),
            root=Path(data["root"]) if data.get("root") else None,
            others=tuple(cls.from_message(other) for other in data.get("others", ())),
            qualified=bool(data.get("qualified", False)),
        )


_EXTENSION = ".abi3.so"
"""A provided module built as a native extension (a hardened handout)."""


def provided_modules(folder: Path) -> dict[str, Path]:
    """The modules a provided folder holds, by name.

    Each is ``name.py``, sourceless ``name.pyc``, a native extension ``name.abi3.so``, or
    (in a handout built for several Pythons) ``name.cpython-3XY.pyc`` for the running
    interpreter, taken before the loader ``name.py`` beside it; bytecode for other
    versions is left alone.
    """
    found: dict[str, Path] = {}
    tagged = sorted(folder.glob(f"*.{sys.implementation.cache_tag}.pyc"))
    plain = [path for path in sorted(folder.glob("*.pyc")) if path.name.count(".") == 1]
    candidates = sorted(folder.glob(f"*{_EXTENSION}")) + tagged + plain
    for path in candidates + sorted(folder.glob("*.py")):
        name = path.name.split(".")[0]
        if name != "__init__":
            found.setdefault(name, path)
    return found


def _package_init(folder: Path) -> Path | None:
    for name in ("__init__.py", "__init__.pyc"):
        if (folder / name).is_file():
            return folder / name
    return None


def compose(
    package: str,
    provided_dir: Path,
    submission_dir: Path,
    student_modules: Sequence[str],
    root: Path | None = None,
) -> Composition:
    """Decide where each module of a package comes from, for one phase.

    Args:
        package: The package's import name.
        provided_dir: Folder of the provided modules (reference source or bytecode).
        submission_dir: The student's folder.
        student_modules: The modules that are the student's in this phase.
        root: The folder the submission was given as, when the modules are looked for
            in a folder inside it (a handout's package folder); default
            ``submission_dir``. Student modules must lie inside it.

    Returns:
        The composition; a student module missing from the submission still maps to
        its expected path, so importing it fails with a clear message.
    """
    limit = (root or submission_dir).resolve()
    provided_dir, submission_dir = provided_dir.resolve(), submission_dir.resolve()
    modules = provided_modules(provided_dir)
    origins = dict.fromkeys(modules, PROVIDED)
    for name in student_modules:
        modules[name] = submission_dir / f"{name}.py"
        origins[name] = STUDENT
    return Composition(package, _package_init(provided_dir), modules, origins, root=limit)


def compose_packages(packages: Sequence[Composition]) -> Composition:
    """Compose several packages together: the first carries the others.

    Args:
        packages: One composition per package, from :func:`compose`, the first being
            the one that carries the rest.
    """
    first, *others = packages
    return dataclasses.replace(first, others=tuple(others), qualified=True)


class MissingModuleLoader(importlib.abc.Loader):
    """Fails the import of a student module that is not in the submission, or was refused."""

    def __init__(self, reason: str) -> None:
        """Remember why the module cannot be loaded."""
        self.reason = reason

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        """Refuse to create the module."""
        raise ModuleNotFoundError(self.reason, name=spec.name)

    def exec_module(self, module: ModuleType) -> None:
        """Never reached: :meth:`create_module` always fails."""


class WatchedLoader(importlib.abc.Loader):
    """Loads a provided module, then hands it to a watcher before anything else runs."""

    def __init__(self, loader: importlib.abc.Loader, watch: Callable[[ModuleType], None]) -> None:
        """Wrap ``loader``; ``watch`` gets each module it has loaded."""
        self.loader = loader
        self.watch = watch

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        """Create the module as the wrapped loader does."""
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        """Run the module's body, then let the watcher see it."""
        self.loader.exec_module(module)
        self.watch(module)


class ComposingFinder(importlib.abc.MetaPathFinder):
    """Serves a composed package and its modules to the import system.

    Args:
        composition: The composition to serve.
        on_provided: Called with each provided module right after its body has run
            (the worker's canary notes it there, before student code can change it).
    """

    def __init__(
        self,
        composition: Composition,
        on_provided: Callable[[ModuleType], None] | None = None,
    ) -> None:
        """Serve ``composition`` (and the other packages it carries)."""
        self.composition = composition
        self.on_provided = on_provided
        self._by_package = {part.package: part for part in composition.packages}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """Find a package itself or one of its modules; ignore every other name."""
        composition = self._by_package.get(fullname)
        if composition is not None:
            return _package_spec(composition)
        prefix, _, name = fullname.rpartition(".")
        composition = self._by_package.get(prefix)
        if composition is None:
            return None
        location = composition.modules.get(name)
        if location is None:
            return None
        reason = composition.refused.get(name)
        if reason is None and not location.is_file():
            reason = (
                f"{location.name} is missing from your submission (expected it in "
                f"{location.parent.name}/)"
            )
        if reason is not None:
            return importlib.util.spec_from_loader(fullname, MissingModuleLoader(reason))
        loader = _loader_for(fullname, location)
        if self.on_provided is not None and composition.origins.get(name) == PROVIDED:
            loader = WatchedLoader(loader, self.on_provided)
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


def _package_spec(composition: Composition) -> importlib.machinery.ModuleSpec | None:
    package, init = composition.package, composition.init
    if init is None:
        spec = importlib.machinery.ModuleSpec(package, None, is_package=True)
        spec.submodule_search_locations = []
        return spec
    return importlib.util.spec_from_file_location(
        package, init, loader=_loader_for(package, init), submodule_search_locations=[]
    )


def _loader_for(fullname: str, location: Path) -> importlib.abc.Loader:
    if location.name.endswith(_EXTENSION):
        return importlib.machinery.ExtensionFileLoader(fullname, str(location))
    if location.suffix == ".pyc":
        return importlib.machinery.SourcelessFileLoader(fullname, str(location))
    return importlib.machinery.SourceFileLoader(fullname, str(location))


def install(
    composition: Composition, on_provided: Callable[[ModuleType], None] | None = None
) -> ComposingFinder:
    """Put a finder for ``composition`` first on ``sys.meta_path``.

    Any module of the packages imported earlier is forgotten first, so the next import
    follows the composition. ``on_provided`` sees each provided module once loaded.
    """
    for part in composition.packages:
        forget(part.package)
    finder = ComposingFinder(composition, on_provided)
    sys.meta_path.insert(0, finder)
    return finder


def uninstall(finder: ComposingFinder) -> None:
    """Remove a finder installed by :func:`install` and forget the package's modules."""
    if finder in sys.meta_path:
        sys.meta_path.remove(finder)
    for part in finder.composition.packages:
        forget(part.package)


def forget(package: str) -> None:
    """Drop a package and its modules from ``sys.modules``."""
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]


def import_all(package: str, names: Iterable[str]) -> dict[str, ModuleType]:
    """Import modules of a composed package by name."""
    return {name: importlib.import_module(f"{package}.{name}") for name in names}
