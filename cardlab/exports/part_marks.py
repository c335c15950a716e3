"""A pytest plugin that lists the rubric part of every collected test, for the exports.

``pytest --collect-only -p cardlab.exports.part_marks --part-marks FILE TESTS`` writes
one line per collected test: its part, a tab, its node id. The part is read from the
test's ``part`` mark as the judge reads it (the closest one), wherever the mark was
put: on the module, a class, the function, or one parameter of it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

OPTION = "--part-marks"


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
