"""The rubric parts of a folder of public tests, read from pytest's own collection.

:func:`collected_parts` collects the tests in a new pytest process with this module as a
plugin: ``--part-marks FILE`` makes it write one line per collected test, its part, a tab
and its node id. The part is read from the test's ``part`` mark as the judge reads it
(the closest one), wherever the mark was put: on the module, a class, the function, or
one parameter of it, however the parameters were built.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ..errors import CardlabError

OPTION = "--part-marks"
COLLECT_SECONDS = 300
"""The longest the collection of a folder of public tests may take."""
_PYTEST_VARIABLES = ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")
"""Settings of the instructor's environment that must not change what is collected."""
_COLLECTED = (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)


def collected_parts(tests: Path) -> set[str]:
    """The parts that the tests in ``tests`` (a handout's ``tests/``) are marked with.

    A folder that does not exist, or holds no test, has none.

    The collection writes no bytecode into the folder: it keeps its bytecode in this
    process's cache folder, if it has one.

    Raises:
        CardlabError: The tests cannot be collected (with the reason's last line).
    """
    if not tests.is_dir():
        return set()
    with tempfile.TemporaryDirectory(prefix="cardlab-parts-") as scratch:
        listing = Path(scratch) / "parts.tsv"
        try:
            done = subprocess.run(
                _command(tests, listing),
                cwd=tests.parent,
                env=_environment(tests),
                capture_output=True,
                text=True,
                timeout=COLLECT_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise CardlabError(
                f"the tests in {tests} took over {COLLECT_SECONDS} s to collect"
            ) from None
        if done.returncode not in _COLLECTED or not listing.is_file():
            last = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["no output"]
            raise CardlabError(f"the tests in {tests} do not collect: {last[0]}")
        lines = listing.read_text(encoding="utf-8").splitlines()
    return {line.split("\t", 1)[0] for line in lines}


def _command(tests: Path, listing: Path) -> list[str]:
    """The collection: only ``tests``, with no settings of the project or the machine."""
    return [
        sys.executable,
        "-m",
        "pytest",
        "--collect-only",
        "-q",
        str(tests),
        "-p",
        __name__,
        f"{OPTION}={listing}",
        f"--rootdir={tests.parent}",
        f"--confcutdir={tests}",
        f"--config-file={os.devnull}",
        "--import-mode=importlib",
        "-p",
        "no:cacheprovider",
    ]


def _environment(tests: Path) -> dict[str, str]:
    """This process's environment, without pytest's, with the tests' helpers importable."""
    environment = {
        name: value for name, value in os.environ.items() if name not in _PYTEST_VARIABLES
    }
    if sys.pycache_prefix is None:
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        environment["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(tests), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    return environment


def pytest_addoption(parser: pytest.Parser) -> None:
    """Declare where the list goes."""
    parser.addoption(OPTION, metavar="FILE", help="Write each collected test's part here.")


def pytest_configure(config: pytest.Config) -> None:
    """Know the ``part`` mark, as the judge's plugin does."""
    config.addinivalue_line("markers", "part(id): the rubric part a test belongs to")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Write the part and node id of every collected test."""
    target = session.config.getoption(OPTION)
    if target is None:
        return
    lines = []
    for item in session.items:
        marker = item.get_closest_marker("part")
        if marker is not None and marker.args:
            lines.append(f"{marker.args[0]}\t{item.nodeid}\n")
    Path(target).write_text("".join(lines), encoding="utf-8")
