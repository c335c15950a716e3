"""Processor time of cardlab's own tests, test by test and module by module.

Runs pytest in this process, one test at a time (no xdist), on the paths given, and
prints the processor time each test took in the test process and every process below
it (the graders' workers, the zygotes they fork from, a built site's subprocesses),
read from ``/proc`` before and after the test. Processor time, not wall time: on a
shared machine the wall clock measures the other users as much as the tests.

A process that exits counts once its parent reaps it (its time moves into the parent's
children's time); one left to init after its parent exits is lost, so the figures are a
floor. Linux only.

    python benchmarks/test_cpu.py tests/assignments/test_assignments.py -k stubs
    python benchmarks/test_cpu.py tests/security --top 20 --json cpu.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

_TICKS = os.sysconf("SC_CLK_TCK")
_FIRST_TIME_FIELD = 11  # utime, stime, cutime, cstime follow state, ppid, ... in stat


def tree_seconds(root: int) -> float:
    """Processor seconds of ``root`` and its descendants, reaped children included."""
    below: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue  # exited while the table was read
        fields = stat[stat.rindex(")") + 2 :].split()
        ticks[int(name)] = sum(map(int, fields[_FIRST_TIME_FIELD : _FIRST_TIME_FIELD + 4]))
        below.setdefault(int(fields[1]), []).append(int(name))
    total, waiting = 0, [root]
    while waiting:
        pid = waiting.pop()
        total += ticks.get(pid, 0)
        waiting += below.get(pid, [])
    return total / _TICKS


class ProcessorTime:
    """A pytest plugin that records each test's processor and wall seconds."""

    def __init__(self) -> None:
        self.results: list[tuple[str, float, float]] = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        """Time one test, its fixtures' set-up and tear-down included."""
        before, start = tree_seconds(os.getpid()), time.perf_counter()
        yield
        spent = tree_seconds(os.getpid()) - before
        self.results.append((item.nodeid, spent, time.perf_counter() - start))


def main() -> int:
    """Run the tests and print their processor time."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=15, help="tests to list (default 15)")
    parser.add_argument("--json", type=Path, help="also write every test's figures here")
    options, pytest_args = parser.parse_known_args()
    plugin = ProcessorTime()
    load = os.getloadavg()[0]
    code = pytest.main(["-n0", "-q", *pytest_args], plugins=[plugin])
    results = plugin.results
    if options.json:
        options.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    by_module: Counter[str] = Counter()
    by_test: Counter[str] = Counter()
    for nodeid, spent, _ in results:
        by_module[nodeid.split("::")[0]] += spent
        by_test[nodeid.split("[")[0]] += spent
    total = sum(spent for _, spent, _ in results)
    wall = sum(seconds for _, _, seconds in results)
    print(f"\n{len(results)} tests: {total:.1f} s processor, {wall:.1f} s wall")
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print("\nby module (processor s):")
    for module, spent in by_module.most_common():
        print(f"{spent:9.1f}  {module}")
    print("\nby test function, parametrizations together (processor s):")
    for test, spent in by_test.most_common(options.top):
        print(f"{spent:9.1f}  {test}")
    print(f"\nslowest {options.top} tests (processor s, wall s):")
    for nodeid, spent, seconds in sorted(results, key=lambda r: -r[1])[: options.top]:
        print(f"{spent:9.2f} {seconds:8.2f}  {nodeid}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
