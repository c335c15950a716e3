"""The reference implementation, loaded in the judge as the oracle.

Only the judge imports the reference, and only where its source is (the
instructor's tree): graders compare the student's answers, which arrive from the
worker as canonical data, with the reference's answers encoded by the same codec.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from ..worker import compose
from ..worker.codec import Codec


class Reference:
    """The reference package, module by module (``ref.card.Card``).

    With several packages, modules are named with their package:
    ``ref.module("cards.card")``, ``ref.cards.card`` and paths like ``cards.card.Card``.

    Args:
        package: The package's import name.
        folder: The reference package folder.
        codec: The assignment's codec, to put reference objects in canonical form.
        others: The folders of the assignment's other packages, by package.
    """

    def __init__(
        self, package: str, folder: Path, codec: Codec, others: Mapping[str, Path] | None = None
    ) -> None:
        """Load nothing yet: modules are imported when first used."""
        self._package = package
        self._codec = codec
        self._composition = compose.compose(package, folder, folder, ())
        if others:
            self._composition = compose.compose_packages(
                [
                    self._composition,
                    *(compose.compose(name, path, path, ()) for name, path in others.items()),
                ]
            )
        self._finder: compose.ComposingFinder | None = None
        self._resolved: dict[str, Any] = {}

    @classmethod
    def of_packages(cls, folders: Mapping[str, Path], codec: Codec) -> Reference:
        """The reference of an assignment whose packages are in ``folders`` (first first)."""
        (package, folder), *others = folders.items()
        return cls(package, folder, codec, dict(others))

    def __repr__(self) -> str:
        """Shown in hypothesis's failing examples: the same on every run."""
        return "<reference>"

    def _ensure_installed(self) -> None:
        if self._finder is None:
            self._finder = compose.install(self._composition)

    def module(self, name: str) -> ModuleType:
        """A module of the reference package (``card``, or ``cards.card`` with several)."""
        self._ensure_installed()
        return importlib.import_module(self._composition.import_name(name)[0])

    def __getattr__(self, name: str) -> ModuleType | _PackageModules:
        """``ref.card`` is the reference's ``card`` module; ``ref.cards.card`` with several."""
        if name.startswith("_"):
            raise AttributeError(name)
        if self._composition.qualified:
            return _PackageModules(self, name)
        return self.module(name)

    def resolve(self, path: str) -> Any:
        """The object at a dotted path of the package, e.g. ``suit.Suit.SPADES``.

        Looked up once per path: the codec resolves its types for every value it encodes.
        """
        try:
            return self._resolved[path]
        except KeyError:
            pass
        module_name, attributes = self._composition.import_name(path)
        self._ensure_installed()
        obj: Any = importlib.import_module(module_name)
        for attribute in attributes:
            obj = getattr(obj, attribute)
        self._resolved[path] = obj
        return obj

    def canon(self, obj: Any) -> Any:
        """A reference object (or structure of them) as canonical data."""
        return self._codec.encode(obj, self.resolve, _not_canonical)

    def close(self) -> None:
        """Remove the reference from the judge's import system."""
        if self._finder is not None:
            compose.uninstall(self._finder)
            self._finder = None
        self._resolved.clear()


def _not_canonical(obj: Any) -> Any:
    raise TypeError(f"a {type(obj).__name__} has no canonical form; compare its fields instead")


class _PackageModules:
    """``ref.cards``: the modules of one reference package, as attributes."""

    def __init__(self, reference: Reference, package: str) -> None:
        self._reference = reference
        self._package = package

    def __getattr__(self, name: str) -> ModuleType:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._reference.module(f"{self._package}.{name}")
