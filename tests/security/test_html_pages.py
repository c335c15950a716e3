"""The class's pages run no script, whatever students named their folders or made tests say.

In headless Chromium: each payload of the hostile class (tests/support/hostile_class.py)
would set ``data-pwned`` on the page's ``<html>`` element if it ran. The index and the
hostile student's page are read after loading, as cardlab wrote them and again without
their Content-Security-Policy (escaping alone must hold); the honest twin is a page with
the same payloads written unescaped, where each of them does run, so that the check can
tell. Screenshots of both pages are taken and looked at (not blank, the hostile name
shown as text).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.browser import CHROMIUM, NO_CHROMIUM, dom_after_scripts, screenshot
from support.hostile_class import (
    ERROR_PAYLOAD,
    HOSTILE,
    HOSTILE_NAMES,
    MESSAGE_PAYLOAD,
    NOTES_PAYLOAD,
    STUDENTS,
)

from cardlab.batch.file_names import file_names

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not CHROMIUM.is_file(), reason=NO_CHROMIUM)]

PWNED = re.compile(r"<html[^>]*\bdata-pwned=")
POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?')


def _pages(output: Path) -> dict[str, Path]:
    name = file_names(STUDENTS)[HOSTILE]
    return {
        "index": output / "site" / "index.html",
        "hostile": output / "site" / "students" / f"{name}.html",
    }


@pytest.mark.parametrize("page", ["index", "hostile"])
def test_no_script_runs_on_a_page_with_or_without_its_policy(hostile_class, tmp_path, page):
    _, output = hostile_class
    written = _pages(output)[page]
    markup = written.read_text(encoding="utf-8")
    assert POLICY.search(markup)
    bare = written.with_name(f"without-policy-{written.name}")  # beside it: its links still work
    bare.write_text(POLICY.sub("", markup), encoding="utf-8")
    try:
        for shown in (written, bare):
            dom = dom_after_scripts(shown)
            assert not PWNED.search(dom), f"a payload ran on {shown.name}"
            assert "<script" not in dom and "<img" not in dom and "<iframe" not in dom
            assert "&lt;svg onload=document.documentElement.dataset.pwned=1&gt;" in dom
    finally:
        bare.unlink()


@pytest.mark.parametrize(
    "payload",
    [HOSTILE_NAMES[0], HOSTILE_NAMES[1], MESSAGE_PAYLOAD, ERROR_PAYLOAD, NOTES_PAYLOAD],
    ids=["svg-name", "attribute-name", "message", "error", "notes"],
)
def test_honest_twin_each_payload_runs_when_written_unescaped(tmp_path, payload):
    page = tmp_path / "unescaped.html"
    page.write_text(
        f'<!doctype html><html><body><pre><a title="{payload}">{payload}</a></pre></body></html>',
        encoding="utf-8",
    )
    assert PWNED.search(dom_after_scripts(page))


def test_screenshots_show_the_pages(hostile_class, tmp_path):
    image_module = pytest.importorskip("PIL.Image", reason="Pillow is not installed")
    _, output = hostile_class
    for name, page in _pages(output).items():
        png = screenshot(page, tmp_path / f"{name}.png")
        image = image_module.open(png).convert("RGB")
        assert image.size == (1280, 1400)
        assert len(image.getcolors(maxcolors=1 << 22)) > 50, f"{name} looks blank"
        teal = sum(
            count
            for count, (r, g, b) in image.getcolors(maxcolors=1 << 22)
            if g - r > 60 and b - r > 50
        )
        if name == "index":
            assert teal > 1000, "the histogram's bars are not drawn"
