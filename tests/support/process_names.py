"""Finding processes by name, to prove that none outlived the worker that started it."""

from __future__ import annotations

import time
from pathlib import Path


def processes_named(name: str, seconds: float = 3.0) -> list[int]:
    """Processes with this name, once those being killed have had time to end."""
    deadline = time.monotonic() + seconds
    while True:
        found = []
        for comm in Path("/proc").glob("[0-9]*/comm"):
            try:
                if comm.read_text().strip() == name:
                    found.append(int(comm.parent.name))
            except OSError:
                continue
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)
