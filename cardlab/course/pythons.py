"""The Python versions a handout's bytecode is built for, and the interpreters that build it.

Bytecode is tied to a CPython minor version (3.12 cannot load 3.11's ``.pyc``), and a
class brings whatever Python each student has. So a bytecode handout ships every
provided module compiled once per supported version, side by side as
``card.cpython-312.pyc`` (named by the interpreter's ``sys.implementation.cache_tag``),
and a small loader ``card.py`` in its place: it executes the file that fits the running
interpreter, or stops with one line naming the versions the handout supports and the one
running. Python's own ``__pycache__`` folders are not used, as tools, ``.gitignore``
files and ``PYTHONPYCACHEPREFIX`` all treat them as disposable.

The interpreters are found on the instructor's machine (``python3.N`` on ``PATH`` and
pyenv's versions) or named with ``cardlab handout --python``; a spec may pin the
versions a course supports (``[handout] pythons``). cardlab itself needs
:data:`OLDEST`, so older interpreters are left out.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import string
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import CardlabError

OLDEST = (3, 11)
"""The oldest Python cardlab runs on (``requires-python`` in ``pyproject.toml``)."""
LOADER_MARK = "# cardlab: the loader of a provided module compiled for several Pythons.\n"
"""The first line of every loader, which tells it from a module's source."""
_PROBE = (
    "import json, sys; print(json.dumps([sys.implementation.name, "
    "list(sys.version_info[:2]), sys.implementation.cache_tag]))"
)
_COMPILE = """
import json, py_compile, sys
for source, target, shown in json.loads(sys.argv[1]):
    try:
        py_compile.compile(source, cfile=target, dfile=shown, doraise=True, optimize=0,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError as error:
        sys.exit(f"{source}: cannot compile, {error.exc_value}")
"""
_LOADER = string.Template(
    '''"""$qualified, provided compiled: this file runs its bytecode for your Python.

Its bytecode is beside this file, one file per Python version the handout supports
($spoken), named $module.cpython-3XY.pyc. Leave these files as they are.
"""


def _compiled_code():
    import importlib.util
    import marshal
    import sys
    from pathlib import Path

    running = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if sys.implementation.name != "cpython":
        running = f"{sys.implementation.name} {running}"
    path = Path(__file__).with_name(f"$module.{sys.implementation.cache_tag}.pyc")
    if running not in $versions:
        problem = (
            f"$qualified is compiled for Python $spoken only, and this is Python {running}: "
            "use one of those (see README.md)"
        )
    elif not path.is_file():
        problem = f"{path} is missing: unpack your handout again"
    elif path.read_bytes()[:4] != importlib.util.MAGIC_NUMBER:
        problem = f"{path} was built by another release of Python {running}: update yours"
    else:
        return marshal.loads(path.read_bytes()[16:])
    if __name__ == "__main__":
        raise SystemExit(problem)
    raise ImportError(problem)


exec(_compiled_code(), globals())
'''
)
"""The loader's text after its first line (``string.Template``: ``$$`` is a dollar sign)."""
_QUERY_SECONDS = 30
_COMPILE_SECONDS = 300


@dataclass(frozen=True)
class Interpreter:
    """A CPython interpreter that can compile a handout's bytecode.

    Attributes:
        path: Its executable.
        version: Its ``(major, minor)`` version.
        cache_tag: Its ``sys.implementation.cache_tag`` (``cpython-312``).
    """

    path: Path
    version: tuple[int, int]
    cache_tag: str

    @property
    def name(self) -> str:
        """The version as students write it: ``3.12``."""
        return version_name(self.version)


def version_name(version: Sequence[int]) -> str:
    """``(3, 12)`` as ``3.12``."""
    return f"{version[0]}.{version[1]}"


def cache_tag(version: str) -> str:
    """The bytecode file tag of a CPython version: ``3.12`` -> ``cpython-312``."""
    major, minor = version.split(".")
    return f"cpython-{major}{minor}"


def spoken_list(items: Sequence[str], conjunction: str = "and") -> str:
    """``3.11, 3.12 and 3.13`` (or another conjunction)."""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def describe(path: Path) -> Interpreter | str:
    """The interpreter at ``path``, or why it cannot build a handout's bytecode."""
    try:
        probe = subprocess.run(
            [str(path), "-I", "-c", _PROBE],
            capture_output=True,
            text=True,
            timeout=_QUERY_SECONDS,
            check=False,
        )
        implementation, version, tag = json.loads(probe.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError):
        return f"{path} is not a Python interpreter that runs"
    if implementation != "cpython":
        return f"{path} is {implementation}, not CPython"
    if tuple(version) < OLDEST:
        oldest = version_name(OLDEST)
        return f"{path} is Python {version_name(version)}; cardlab needs {oldest} or newer"
    return Interpreter(path, (version[0], version[1]), tag)


def _candidates() -> list[tuple[Path, tuple[int, int] | None]]:
    """Interpreters worth asking about, with the version their name suggests.

    This one first, then pyenv's versions (real executables, named by version), then
    ``python3.N`` on PATH (pyenv's shims among them, slower to start).
    """
    found: list[tuple[Path, tuple[int, int] | None]] = [(Path(sys.executable), None)]
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    if pyenv.is_dir():
        for path in sorted(pyenv.glob("*/bin/python3")):
            guess = re.match(r"(\d+)\.(\d+)", path.parent.parent.name)
            found.append((path, (int(guess[1]), int(guess[2])) if guess else None))
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if folder and Path(folder).is_dir():
            for path in sorted(Path(folder).glob("python3.*")):
                if guess := re.fullmatch(r"python(\d)\.(\d+)", path.name):
                    found.append((path, (int(guess[1]), int(guess[2]))))
    return found


def find_interpreters() -> list[Interpreter]:
    """One CPython interpreter per minor version (``OLDEST`` or newer) found on this machine."""
    chosen: dict[tuple[int, int], Interpreter] = {}
    for path, guess in _candidates():
        if guess is not None and (guess < OLDEST or guess in chosen):
            continue
        interpreter = describe(path)
        if isinstance(interpreter, Interpreter):
            chosen.setdefault(interpreter.version, interpreter)
    return [chosen[version] for version in sorted(chosen)]


def choose_interpreters(named: Sequence[Path], pinned: Sequence[str]) -> list[Interpreter]:
    """The interpreters a bytecode handout is built with, one per minor version, sorted.

    Args:
        named: Interpreters named on the command line (``--python``); when empty, those
            found on this machine.
        pinned: The versions the spec supports (``[handout] pythons``); empty for any.

    Raises:
        CardlabError: A named interpreter cannot be used, a pinned version has no
            interpreter, or none is left.
    """
    if named:
        interpreters = []
        for path in named:
            interpreter = describe(Path(shutil.which(str(path)) or path))
            if isinstance(interpreter, str):
                raise CardlabError(f"--python {path}: {interpreter}")
            interpreters.append(interpreter)
    else:
        interpreters = find_interpreters()
    by_version = {i.name: i for i in sorted(interpreters, key=lambda i: i.version, reverse=True)}
    if pinned:
        if missing := [version for version in pinned if version not in by_version]:
            raise CardlabError(
                f"the spec's [handout] pythons asks for Python {spoken_list(missing)}, and no "
                "such interpreter was found; install it or name it with --python"
            )
        by_version = {version: by_version[version] for version in pinned}
    if not by_version:
        raise CardlabError(
            "no Python interpreter to compile the handout with; name one with --python"
        )
    return sorted(by_version.values(), key=lambda i: i.version)


def compile_with(interpreter: Interpreter, jobs: Iterable[tuple[Path, Path, str]]) -> None:
    """Compile sources to unchecked-hash bytecode with another interpreter.

    Args:
        interpreter: The interpreter to compile with.
        jobs: ``(source, bytecode file, file name shown in tracebacks)`` triples.

    Raises:
        CardlabError: The interpreter cannot compile a source (the first line of why).
    """
    work = [[str(source), str(target), shown] for source, target, shown in jobs]
    result = subprocess.run(
        [str(interpreter.path), "-I", "-c", _COMPILE, json.dumps(work)],
        capture_output=True,
        text=True,
        timeout=_COMPILE_SECONDS,
        check=False,
    )
    if result.returncode:
        lines = result.stderr.strip().splitlines() or ["it stopped without saying why"]
        raise CardlabError(f"{lines[-1]} (with Python {interpreter.name}, {interpreter.path})")


def loader(qualified: str, module: str, versions: Sequence[str]) -> str:
    """The source of the loader shipped in place of a provided module.

    Args:
        qualified: The module's full name (``bisca.card``).
        module: Its name in its package (``card``).
        versions: The Python versions its bytecode is shipped for.
    """
    return LOADER_MARK + _LOADER.substitute(
        qualified=qualified,
        module=module,
        versions=repr(tuple(versions)),
        spoken=spoken_list(list(versions)),
    )
