"""Canaries: notice when student code has changed the worker's runtime or provided code.

Student code runs in the worker beside cardlab's runtime and the provided modules, and
Python lets it rewrite any of them: replace a method of the provided ``Board`` that calls
its ``Player``, or a function of the worker that carries answers to the judge. The judge
never trusts what the worker says, but such a change makes the *tests* measure something
else than the student's code (a broken ``Player.collect`` hidden behind a rewritten
``Board``). So the worker notes, for every function and class of its runtime, of the
builtins and of each provided module, which object it is (and which code it runs), at a
moment no student code has touched it:

* the runtime and the builtins when the package is composed, before any student module
  is imported;
* each provided module right after its own body has run, before the module that
  imported it gets control back.

The ``canary`` request compares the objects of that moment with those of now and names
every one replaced, added or removed. A canary is a tripwire, not a lock: code that
knows it is there can rewrite it too. It turns careless and casual patching into a
report the instructor sees; the docs say what it cannot prove.
"""

from __future__ import annotations

import builtins
import sys
from types import ModuleType
from typing import Any

MAX_NAMED = 20
"""The most changed objects one answer names."""

_RUNTIME_PREFIX = "cardlab"
_MAIN = "__main__"
_WRAPPERS = (staticmethod, classmethod, property)


def _identity(value: Any) -> tuple[int, int]:
    """Which object ``value`` is, and which code it runs (0 where it has none)."""
    target = value.fget if isinstance(value, property) else value
    target = getattr(target, "__func__", target)
    return id(value), id(getattr(target, "__code__", None))


def _watched(value: Any) -> bool:
    return callable(value) or isinstance(value, _WRAPPERS)


def marks(module: ModuleType, only_own: bool = True) -> dict[str, tuple[int, int]]:
    """The identities of a module's functions and classes, and of their classes' methods.

    Args:
        module: The module.
        only_own: Skip names the module imported from elsewhere (they are watched where
            they are defined, and a provided module may import the student's classes).
    """
    name = module.__name__
    found: dict[str, tuple[int, int]] = {}
    for attribute, value in list(vars(module).items()):
        if not _watched(value):
            continue
        if only_own and getattr(value, "__module__", name) != name:
            continue
        found[f"{name}.{attribute}"] = _identity(value)
        if isinstance(value, type):
            for member, inner in list(vars(value).items()):
                if _watched(inner):
                    found[f"{name}.{attribute}.{member}"] = _identity(inner)
    return found


_NOTED: dict[str, tuple[ModuleType, dict[str, tuple[int, int]]]] = {}
"""The runtime's marks as the zygote took them, by module name (see :func:`note_runtime`)."""


def _runtime_modules() -> list[tuple[ModuleType, bool]]:
    """The runtime's modules and the builtins, each with whether only its own names count."""
    found = [
        (module, name != _MAIN)
        for name, module in list(sys.modules.items())
        if name in (_MAIN, _RUNTIME_PREFIX) or name.startswith(f"{_RUNTIME_PREFIX}.")
    ]
    return [*found, (builtins, False)]


def note_runtime() -> None:
    """Take the runtime's marks once, in the zygote, for every worker it forks.

    The zygote never runs student code, so its runtime is as clean as a worker's before
    the package is composed; each worker then skips taking the marks again (about
    1.5 ms of a worker's start).
    """
    for module, only_own in _runtime_modules():
        _NOTED[module.__name__] = (module, marks(module, only_own))


class Watch:
    """The objects of the runtime and of the provided modules, as first loaded."""

    def __init__(self) -> None:
        """Nothing watched yet."""
        self._modules: dict[str, tuple[ModuleType, bool, dict[str, tuple[int, int]]]] = {}
        self._worker: tuple[Any, dict[str, int]] | None = None
        self._provided: tuple[str, ...] = ()

    def _add(self, module: ModuleType, only_own: bool) -> None:
        self._modules[module.__name__] = (module, only_own, marks(module, only_own))

    def runtime(self, worker: Any, provided: tuple[str, ...]) -> None:
        """Note the runtime (cardlab's modules, the worker's own), the builtins and ``worker``.

        A module the zygote noted (see :func:`note_runtime`) keeps the zygote's marks:
        the worker is its fork and shares the very objects.

        Args:
            worker: The worker object serving the judge.
            provided: The full names of the provided modules, each to be noted when loaded.
        """
        self._provided = provided
        for module, only_own in _runtime_modules():
            noted = _NOTED.get(module.__name__)
            if noted is not None and noted[0] is module:
                self._modules[module.__name__] = (module, only_own, noted[1])
            else:
                self._add(module, only_own)
        self._worker = (worker, self._instance(worker))

    def provided(self, module: ModuleType) -> None:
        """Note a provided module whose body has just run."""
        self._add(module, only_own=True)

    @staticmethod
    def _instance(worker: Any) -> dict[str, int]:
        """The worker object's own attributes that hold code or its codec."""
        return {
            name: id(value)
            for name, value in vars(worker).items()
            if callable(value) or name == "codec"
        }

    def changes(self) -> list[str]:
        """What has been replaced, added or removed since it was noted, by dotted name."""
        changed = [
            f"{name} (not the provided module)"
            for name in self._provided
            if name in sys.modules and name not in self._modules
        ]
        for name, (module, only_own, before) in self._modules.items():
            if sys.modules.get(name, module) is not module:
                changed.append(f"{name} (the module itself)")
            now = marks(module, only_own)
            changed += sorted(
                key for key in before.keys() | now.keys() if before.get(key) != now.get(key)
            )
        if self._worker is not None:
            worker, noted = self._worker
            current = self._instance(worker)
            changed += sorted(
                f"the worker's {key}"
                for key in noted.keys() | current.keys()
                if noted.get(key) != current.get(key)
            )
            changed += self._module_table(worker)
        return changed[:MAX_NAMED]

    @staticmethod
    def _module_table(worker: Any) -> list[str]:
        """Entries of the worker's table of resolved modules that are not the imported ones."""
        table = getattr(worker, "modules", {})  # by full import name (``cards.card``)
        return [
            f"the worker's module table ({name})"
            for name, module in list(table.items())
            if sys.modules.get(name) is not module
        ]
