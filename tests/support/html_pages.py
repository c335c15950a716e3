"""Reading the pages cardlab writes as a browser would: their elements, links and text."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Page:
    """What a page is made of, once parsed."""

    elements: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    texts: dict[str, list[str]] = field(default_factory=dict)
    """Tag -> the text of each element of it (its descendants' text included)."""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._open: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.elements.append((tag, dict(attrs)))
        if tag not in VOID:
            self._open.append((tag, []))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, parts = self._open.pop()
            self.page.texts.setdefault(name, []).append("".join(parts))
            if self._open:
                self._open[-1][1].append("".join(parts))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][1].append(data)


VOID = {"meta", "link", "br", "img", "input", "hr", "col", "area", "base", "source", "wbr"}


def parse(markup: str) -> Page:
    """The page's elements (tag and attributes, in order) and each element's text."""
    reader = _Reader()
    reader.feed(markup)
    reader.close()
    return reader.page
