"""Headless Chromium for the tests: a page's DOM after its scripts ran, and screenshots."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's chromium package (CI installs it; a test skips where it is missing)."""
NO_CHROMIUM = f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
WINDOW = (1280, 1400)
_SECONDS = 120
_RENDER_BUDGET_MS = 3000
"""Virtual time the page gets to load and run whatever it runs before it is read."""


def _run(page: Path, *action: str) -> str:
    width, height = WINDOW
    with tempfile.TemporaryDirectory(prefix="cardlab-chromium-") as profile:
        command = [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--run-all-compositor-stages-before-draw",
            f"--user-data-dir={profile}",
            f"--virtual-time-budget={_RENDER_BUDGET_MS}",
            f"--window-size={width},{height}",
            *action,
            page.resolve().as_uri(),
        ]
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=_SECONDS, check=False
        )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def dom_after_scripts(page: Path) -> str:
    """The page's DOM as Chromium holds it once the page has loaded and run its scripts."""
    return _run(page, "--dump-dom")


def screenshot(page: Path, png: Path) -> Path:
    """A screenshot of the page's top, :data:`WINDOW` in size."""
    _run(page, f"--screenshot={png}")
    assert png.is_file(), f"chromium wrote no {png}"
    return png
