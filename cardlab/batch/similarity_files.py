"""What ``cardlab similarity`` writes: ``pairs.csv``, ``left-out.csv`` and a page per pair.

``pairs.csv`` ranks every pair that shares any code, most similar first; ``left-out.csv``
names each submission that was not compared and why. Each suspicious pair gets a page,
``pairs/pair-0001.html`` (named by rank, never by a student's id), with the two
submissions' code side by side and the matching regions marked, and ``index.html``
links them. Everything a student controls (ids, code) is escaped; the pages hold no
script, and their content security policy forbids any.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..course.output import make_folder
from ..spreadsheet import fixed, write_csv
from .similarity import Comparison, Document, Pair, Side

PAIRS_CSV = "pairs.csv"
LEFT_OUT_CSV = "left-out.csv"
INDEX_PAGE = "index.html"
PAGES_FOLDER = "pairs"
PAIRS_HEADER = (
    "rank",
    "student_a",
    "student_b",
    "similarity",
    "share_a",
    "share_b",
    "lines_a",
    "lines_b",
    "suspicious",
    "page",
)
_PLACES = 3

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; }
table { border-collapse: collapse; } td, th { padding: .2rem .6rem; border-bottom: 1px solid #ddd; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.side { min-width: 0; }
pre { background: #f7f7f7; padding: .5rem; overflow-x: auto; font-size: .85rem; line-height: 1.4; }
mark { background: #ffd36b; }
sup.match { background: #7a4b00; color: #fff; border-radius: .2rem; padding: 0 .2rem;
  margin-right: .15rem; font-size: .7rem; }
"""
_POLICY = "default-src 'none'; style-src 'unsafe-inline'"


def page_name(rank: int) -> str:
    """The file of the page of the pair ranked ``rank`` (from 1), inside the output folder."""
    return f"{PAGES_FOLDER}/pair-{rank:04d}.html"


def _percent(share: float) -> str:
    return f"{share:.0%}"


def _html(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        f"<meta http-equiv='Content-Security-Policy' content=\"{_POLICY}\">\n"
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _marked(text: str, regions: Sequence[tuple[int, int, int]]) -> str:
    """``text`` escaped, each region (start, end, match number) inside ``<mark>``.

    A region of a numbered match starts with its number, which the other side's
    regions of that match carry too.
    """
    parts, position = [], 0
    for start, end, label in sorted(regions):
        start = max(start, position)
        if end <= start:
            continue
        parts.append(html.escape(text[position:start]))
        number = f"<sup class='match'>{label}</sup>" if label else ""
        parts.append(f"<mark>{number}{html.escape(text[start:end])}</mark>")
        position = end
    parts.append(html.escape(text[position:]))
    return "".join(parts)


def _file_regions(side: Side, start: int, end: int) -> Iterator[tuple[int, int, int]]:
    """The side's regions that fall in one file's span, relative to the file, numbered."""
    labels = side.labels or (0,) * len(side.regions)
    for (first, last), label in zip(side.regions, labels, strict=True):
        if first < end and last > start:
            yield max(first, start) - start, min(last, end) - start, label


def _side_html(side: Side, document: Document) -> str:
    files = []
    for span in document.files:
        text = document.text[span.start : span.end]
        marked = _marked(text, list(_file_regions(side, span.start, span.end)))
        files.append(f"<h3>{html.escape(span.path)}</h3>\n<pre><code>{marked}</code></pre>")
    return (
        f"<div class='side'>\n<h2>{html.escape(side.name)}</h2>\n"
        f"<p>{_percent(side.share)} of this code matches ({side.lines} lines).</p>\n"
        + "\n".join(files)
        + "\n</div>"
    )


def pair_page(rank: int, pair: Pair, documents: dict[str, Document], threshold: float) -> str:
    """The page of one pair: both submissions side by side, matching regions marked."""
    title = f"Pair {rank}: {pair.first.name} and {pair.second.name}"
    body = (
        f"<p><a href='../{INDEX_PAGE}'>All suspicious pairs</a></p>\n"
        f"<h1>{html.escape(title)}</h1>\n"
        f"<p>Similarity {_percent(pair.similarity)} (suspicious from {_percent(threshold)}). "
        "Marked: runs of code that both submissions hold once names, literals, comments and "
        "layout are set aside; the handout's code is not marked. A region's number is on "
        "the regions of the other submission that match it. A high score is a reason to "
        "read both submissions, never a verdict.</p>\n"
        "<div class='sides'>\n"
        f"{_side_html(pair.first, documents[pair.first.name])}\n"
        f"{_side_html(pair.second, documents[pair.second.name])}\n"
        "</div>"
    )
    return _html(title, body)


def index_page(comparison: Comparison) -> str:
    """The index: the suspicious pairs, each linked to its page, and what was left out."""
    rows = "\n".join(
        f"<tr><td>{rank}</td><td><a href='{page_name(rank)}'>{html.escape(pair.first.name)}"
        f" and {html.escape(pair.second.name)}</a></td><td>{_percent(pair.similarity)}</td>"
        f"<td>{_percent(pair.first.share)} / {_percent(pair.second.share)}</td></tr>"
        for rank, pair in enumerate(comparison.suspicious, 1)
    )
    table = (
        "<table>\n<tr><th>rank</th><th>pair</th><th>similarity</th><th>shares</th></tr>\n"
        f"{rows}\n</table>"
        if rows
        else "<p>No pair reaches the threshold.</p>"
    )
    left_out = "".join(
        f"<li>{html.escape(item.name)}: {html.escape(item.cause)}</li>"
        for item in comparison.left_out
    )
    body = (
        "<h1>Suspicious pairs</h1>\n"
        f"<p>{comparison.class_size} submissions compared; a pair is suspicious from a "
        f"similarity of {_percent(comparison.threshold)}. Every pair that shares code is in "
        f"{PAIRS_CSV}. A high score is a reason to look, never a verdict.</p>\n"
        f"{table}\n" + (f"<h2>Not compared</h2>\n<ul>{left_out}</ul>" if left_out else "")
    )
    return _html("Suspicious pairs", body)


def _pair_rows(comparison: Comparison) -> Iterator[list[object]]:
    suspicious = len(comparison.suspicious)
    for rank, pair in enumerate(comparison.pairs, 1):
        yield [
            rank,
            pair.first.name,
            pair.second.name,
            fixed(pair.similarity, _PLACES),
            fixed(pair.first.share, _PLACES),
            fixed(pair.second.share, _PLACES),
            pair.first.lines,
            pair.second.lines,
            "yes" if rank <= suspicious else "no",
            page_name(rank) if rank <= suspicious else "",
        ]


def write_similarity_files(comparison: Comparison, output: Path) -> None:
    """Write ``pairs.csv``, ``left-out.csv``, ``index.html`` and a page per suspicious pair.

    Raises:
        CardlabError: When the output folder cannot be made.
    """
    pages = make_folder(output / PAGES_FOLDER)
    for old in pages.glob("pair-*.html"):
        old.unlink()
    write_csv(output / PAIRS_CSV, PAIRS_HEADER, _pair_rows(comparison))
    write_csv(
        output / LEFT_OUT_CSV,
        ("student", "cause"),
        ([item.name, item.cause] for item in comparison.left_out),
    )
    for rank, pair in enumerate(comparison.suspicious, 1):
        page = pair_page(rank, pair, comparison.documents, comparison.threshold)
        (output / page_name(rank)).write_text(page, encoding="utf-8")
    (output / INDEX_PAGE).write_text(index_page(comparison), encoding="utf-8")
