"""Provided modules as native extensions, for hardened handouts (``--compile cython``).

Each provided module is translated to C by Cython and compiled against CPython's
limited API (``Py_LIMITED_API`` for 3.11), so one ``<module>.abi3.so`` loads on
Python 3.11 and every later version, on the same kind of machine (operating system
and processor) as the one that built it. Only the extension files leave the build
folder: no source, no generated C (which would carry the source as comments). Symbols
are stripped when ``strip`` is available. Docstrings stay in, as they are the
contract students read.

An extension is harder to read than bytecode (there is no decompiler back to Python),
but it is still a program on the student's machine: graded tests stay with the
instructor either way.

Building needs Cython (``pip install "cardlab[cython]"``) and a C compiler; without
either, :func:`build_extensions` raises a one-line
:class:`~cardlab.errors.CardlabError` naming what is missing.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from ..errors import CardlabError

LIMITED_API = "0x030B0000"
"""The oldest CPython the extensions load on (3.11), as ``Py_LIMITED_API`` wants it."""
EXTENSION_SUFFIX = ".abi3.so"
"""How an extension module built for the limited API is named (on Linux and macOS)."""
_BUILD_JOBS = 2

_BUILD_SCRIPT = f"""
import sys
from Cython.Build import cythonize
from setuptools import Extension, setup

package, *modules = sys.argv[1:]
extensions = [
    Extension(
        f"{{package}}.{{module}}",
        [f"{{package}}/{{module}}.py"],
        py_limited_api=True,
        define_macros=[("Py_LIMITED_API", "{LIMITED_API}")],
    )
    for module in modules
]
setup(
    name=package,
    ext_modules=cythonize(
        extensions,
        compiler_directives={{"language_level": 3, "emit_code_comments": False}},
        quiet=True,
    ),
    script_args=["build_ext", "--inplace", "--build-temp", "build-temp",
                 "--parallel", "{_BUILD_JOBS}"],
)
"""


def _compiler() -> str | None:
    """The C compiler setuptools would use, if it is on PATH."""
    configured = (sysconfig.get_config_var("CC") or "cc").split()
    for candidate in (configured[0] if configured else "cc", "cc", "gcc", "clang"):
        if found := shutil.which(candidate):
            return found
    return None


def check_tools() -> None:
    """Make sure Cython and a C compiler are at hand.

    Raises:
        CardlabError: When either is missing (one line saying what to install).
    """
    if importlib.util.find_spec("Cython") is None:
        raise CardlabError(
            '--compile cython needs Cython: pip install "cardlab[cython]" '
            "(or build the handout with the default bytecode)"
        )
    if _compiler() is None:
        raise CardlabError(
            "--compile cython needs a C compiler (cc, gcc or clang) on PATH; install one "
            "(on Debian or Ubuntu: apt-get install build-essential)"
        )


def build_extensions(package: str, reference: Path, modules: list[str], dest: Path) -> list[Path]:
    """Build modules of a reference package as limited-API extensions into ``dest``.

    Args:
        package: The package's import name (modules are built as ``package.module``,
            so their relative imports work).
        reference: The reference package folder holding ``<module>.py``.
        modules: The modules to build.
        dest: The handout's package folder; only ``<module>.abi3.so`` files go there.

    Returns:
        The extension files written.

    Raises:
        CardlabError: Cython or a C compiler is missing, or the build fails.
    """
    check_tools()
    if not modules:
        return []
    with tempfile.TemporaryDirectory(prefix="cardlab-cython-") as scratch:
        built = Path(scratch) / package
        built.mkdir()
        shutil.copyfile(reference / "__init__.py", built / "__init__.py")
        for module in modules:
            shutil.copyfile(reference / f"{module}.py", built / f"{module}.py")
        result = subprocess.run(
            [sys.executable, "-c", _BUILD_SCRIPT, package, *modules],
            cwd=scratch,
            capture_output=True,
            text=True,
            check=False,
        )
        if result.returncode:
            lines = (result.stderr or result.stdout).strip().splitlines() or ["no output"]
            error = next((line for line in reversed(lines) if "error" in line.lower()), lines[-1])
            raise CardlabError(f"Cython could not build the provided modules: {error.strip()}")
        written = []
        for module in modules:
            extension = built / f"{module}{EXTENSION_SUFFIX}"
            if not extension.is_file():
                raise CardlabError(f"Cython built no {extension.name} for {package}.{module}")
            target = Path(shutil.copyfile(extension, dest / extension.name))
            _strip(target)
            written.append(target)
    return written


def _strip(extension: Path) -> None:
    """Remove symbols that only help a reader (debug and local ones), if ``strip`` exists."""
    tool = shutil.which("strip")
    if tool is not None:
        subprocess.run([tool, "--strip-unneeded", str(extension)], capture_output=True, check=False)
