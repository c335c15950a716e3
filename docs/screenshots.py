"""Screenshots of the built documentation site in headless Chromium.

Serves a built site (``mkdocs build -d SITE``) over HTTP on 127.0.0.1, on a free
port, and takes a screenshot of the home page, a rules page and an API page, each in
the light and the dark palette. The dark palette is asked for the way a reader's
browser would: Chromium reports ``prefers-color-scheme: dark``, and the site's palette
follows it.

Usage::

    python docs/screenshots.py SITE OUTPUT [--chromium /usr/bin/chromium]

Prints one line per screenshot written. Exits with status 2 and a one-line message
when Chromium is missing or fails.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's chromium package."""

WINDOW = (1280, 900)
"""Width and height of every screenshot, in pixels."""

PAGES = {
    "home": "",
    "rules": "assignments/bisca/",
    "api": "assignments/bisca-api/",
}
"""Screenshot name and the page's path in the site."""

SCHEMES = {"light": "1", "dark": "0"}
"""Palette name and Blink's ``preferredColorScheme`` setting that asks for it."""

_SECONDS_PER_PAGE = 60
_RENDER_BUDGET_MS = 4000


@dataclass(frozen=True)
class Shot:
    """One screenshot to take: a page of the site in one palette."""

    page: str
    scheme: str

    @property
    def file_name(self) -> str:
        """The PNG's name, e.g. ``rules-dark.png``."""
        return f"{self.page}-{self.scheme}.png"


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Keep the request log off the terminal."""


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve a folder on 127.0.0.1 on a free port while the block runs.

    Yields:
        The base URL, ending with a slash.
    """
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def chromium_command(chromium: Path, url: str, png: Path, scheme: str, profile: Path) -> list[str]:
    """The command that makes headless Chromium write one screenshot.

    Args:
        chromium: The browser.
        url: The page.
        png: Where the screenshot goes.
        scheme: ``light`` or ``dark``.
        profile: A new, empty user-data folder.

    Returns:
        The argument list.
    """
    width, height = WINDOW
    return [
        str(chromium),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--run-all-compositor-stages-before-draw",
        f"--blink-settings=preferredColorScheme={SCHEMES[scheme]}",
        f"--user-data-dir={profile}",
        f"--virtual-time-budget={_RENDER_BUDGET_MS}",
        f"--window-size={width},{height}",
        f"--screenshot={png}",
        url,
    ]


def take(site: Path, output: Path, chromium: Path = CHROMIUM) -> list[Path]:
    """Take every screenshot of ``PAGES`` in every palette of ``SCHEMES``.

    Args:
        site: The built site.
        output: The folder for the PNG files (made if needed).
        chromium: The browser.

    Returns:
        The screenshots written.

    Raises:
        RuntimeError: When Chromium fails or writes no screenshot.
    """
    output.mkdir(parents=True, exist_ok=True)
    shots = [Shot(page, scheme) for page in PAGES for scheme in SCHEMES]
    written = []
    with serve(site) as base, tempfile.TemporaryDirectory(prefix="cardlab-chromium-") as tmp:
        for shot in shots:
            png = output / shot.file_name
            url = base + PAGES[shot.page]
            written.append(shoot(chromium, url, png, shot.scheme, Path(tmp) / shot.file_name))
    return written


def shoot(chromium: Path, url: str, png: Path, scheme: str, profile: Path) -> Path:
    """Write one screenshot of a page (see :func:`chromium_command` for the arguments).

    Returns:
        ``png``.

    Raises:
        RuntimeError: When Chromium fails or writes no screenshot.
        subprocess.TimeoutExpired: When Chromium takes over a minute.
    """
    png.unlink(missing_ok=True)
    command = chromium_command(chromium, url, png, scheme, profile)
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=_SECONDS_PER_PAGE, check=False
    )
    if result.returncode != 0 or not png.is_file():
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"chromium wrote no {png.name}: {last}")
    return png


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots from the command line; see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (mkdocs build -d SITE)")
    parser.add_argument("output", type=Path, help="the folder for the screenshots")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help="the browser")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"screenshots: {args.site} holds no built site (no index.html)", file=sys.stderr)
        return 2
    if not args.chromium.is_file():
        print(f"screenshots: no browser at {args.chromium}", file=sys.stderr)
        return 2
    try:
        written = take(args.site, args.output, args.chromium)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        print(f"screenshots: {error}", file=sys.stderr)
        return 2
    for png in written:
        print(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
