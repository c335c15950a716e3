"""What the documentation site generates from the sources, as plain text in and out.

The mkdocs hook (``docs/hooks/cardlab_docs.py``) calls these functions; they know
nothing of mkdocs, so they are tested directly and a broken spec surfaces as the
spec's own one-line :class:`~cardlab.errors.CardlabError`.

Pages ask for generated content with a marker on a line of its own:

* ``<!-- cardlab:readme -->`` becomes the project's ``README.md``, its links into
  ``docs/`` made relative to the site;
* ``<!-- cardlab:rubric <assignment> -->`` becomes the phases and rubric tables
  of ``specs/<assignment>.toml``.

Card tokens in the rendered HTML (``Q♥``, ``10♠``, a bare ``♦``) are wrapped in
``<span class="card card--red">`` or ``card--black``, outside code; a token with
punctuation against it (``(Q♥),``) is held together with it in a ``card-run`` span, so a
line never breaks between a card and its comma. Paths in the code of a table cell get a
line-break opportunity after each ``/``, so they wrap between their parts, never inside
a word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..errors import CardlabError
from .project import Project
from .spec import Phase, Spec, Tournament, reference_modules

README = "README.md"
"""The project's README, the site's home page."""

_MARKER = re.compile(r"^<!--\s*cardlab:(?P<kind>[\w-]+)(?:\s+(?P<arg>[\w-]+))?\s*-->[ \t]*$", re.M)
_README_DOCS_LINK = re.compile(r"\]\(docs/")

RED_SUITS = "♥♦"
"""Suit symbols drawn in red; the other two (♠♣) are drawn in black."""

_CARD = re.compile(
    r"(?P<before>[(\[]?)(?<![\w♠♥♦♣])(?P<card>(?:10|[2-9TJQKA])?[♠♥♦♣])(?![\w♠♥♦♣])"
    r"(?P<after>[,.;:!?)\]]*)"
)
_TABLE_CELL = re.compile(r"<t([dh])\b[^>]*>.*?</t\1>", re.S)
_CELL_CODE = re.compile(r"(<code>)([^<]*/[^<]*)(</code>)")
_TAG = re.compile(r"(<[^>]*>)")
_VERBATIM_TAGS = frozenset({"code", "pre", "kbd", "samp", "script", "style", "textarea"})
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")


def _points(value: float) -> str:
    return f"{value:g}"


def _code_list(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(f"`{name}`" for name in names) if names else "nothing"


def _parts_table(phase: Phase) -> str:
    rows = [
        "| part | what is graded | points |",
        "| --- | --- | ---: |",
        *(f"| `{p.id}` | {p.title} | {_points(p.points)} |" for p in phase.parts),
        f"| | **total** | **{_points(phase.max_score)}** |",
    ]
    return "\n".join(rows)


def _tournament_text(tournament: Tournament, points: float) -> str:
    if tournament.on_points:
        measure = "your mean points per deal"
        header = "| points per deal | credit | points |"

        def shown(level: float) -> str:
            return f"{level:+.2f}"
    else:
        measure = "your share of the games"
        header = "| share of games | credit | points |"

        def shown(level: float) -> str:
            return f"{level:.0%}"

    confidence = f"{tournament.confidence:.0%}"
    if tournament.require_evidence:
        rule = (
            f"A threshold's credit is given only when the {confidence} interval of {measure} "
            "lies wholly at or above it: the strength must be shown, not hoped for."
        )
    else:
        rule = (
            f"A threshold's credit is lost only when the {confidence} interval of {measure} "
            "lies wholly below it: luck in the deals cannot cost a player the credit it "
            "deserves."
        )
    rows = [
        f"The `{tournament.part}` part is earned in a tournament of seeded deals "
        f"(seed {tournament.seed}), each played in every seating, {tournament.deals} "
        f"seeded deals first and more in batches, up to {tournament.most_deals}, until every "
        f"threshold is clearly above or below the interval. {rule} The best threshold "
        "earned gives its credit:",
        "",
        header,
        "| ---: | ---: | ---: |",
        *(
            f"| {shown(t.level)} | {t.credit:.0%} | {_points(points * t.credit)} |"
            for t in sorted(tournament.thresholds, key=lambda t: -t.level)
        ),
        f"| below {shown(min(t.level for t in tournament.thresholds))} | 0% | 0 |",
    ]
    return "\n".join(rows)


def _phase_section(spec: Spec, phase: Phase, modules: list[str]) -> str:
    whole = spec.student_modules(phase.number)
    earlier = [m for m in whole if m not in phase.writes]
    methods = [
        m for m in spec.student_methods(phase.number) if spec.method_parts(m)[0] not in whole
    ]
    in_phase = spec.packages_in(phase.number)
    provided = [m for m in modules if m not in whole and spec.split(m)[0] in in_phase]
    lines = [
        f"### Phase {phase.number}: {phase.title}",
        "",
        f"- **You write:** {_code_list([spec.module_file(m) for m in phase.writes])}",
    ]
    if methods:
        lines.append(f"- **Single methods you write:** {_code_list(methods)}")
    if earlier:
        lines.append(
            f"- **Yours from earlier phases:** {_code_list([spec.module_file(m) for m in earlier])}"
        )
    lines += [
        f"- **Provided:** {_code_list([spec.module_file(m)[:-3] for m in provided])}",
        "",
        _parts_table(phase),
        *(
            f"\nThe `{part.id}` part is marked by hand by your instructor, from the file "
            f"`{part.manual}` at the top of your submission."
            for part in phase.parts
            if part.manual
        ),
    ]
    if phase.tournament is not None:
        points = phase.part(phase.tournament.part).points
        lines += ["", _tournament_text(phase.tournament, points)]
    return "\n".join(lines)


def rubric_markdown(spec: Spec, modules: list[str]) -> str:
    """The phases and rubric tables of an assignment, as Markdown.

    Args:
        spec: The assignment's spec.
        modules: The modules of the reference package, to list what is provided.

    Returns:
        One section per phase (what the student writes, what is provided, the parts
        with their points, tournament thresholds), then the limits on student code.
    """
    limits = spec.limits
    sections = [_phase_section(spec, phase, modules) for phase in spec.phases]
    sections.append(
        f"Every call into your code may take up to {_points(limits.call_seconds)} s, and "
        f"your code may use up to {_points(limits.test_seconds)} s of processor time in "
        "one test; output beyond "
        f"{limits.output_bytes} bytes per call is cut."
    )
    return "\n\n".join(sections)


def readme_markdown(project: Project) -> str:
    """The project's README, with its links into ``docs/`` made relative to the site.

    Raises:
        CardlabError: When the project has no README.
    """
    path = project.root / README
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardlabError(f"{path}: no such file to use as the home page") from None
    return _README_DOCS_LINK.sub("](", text)


def expand_markers(markdown: str, project: Project) -> str:
    """Replace every ``<!-- cardlab:... -->`` marker line with what it asks for.

    Args:
        markdown: A page's Markdown source.
        project: The project whose README and specs the markers name.

    Returns:
        The Markdown with each marker replaced.

    Raises:
        CardlabError: An unknown marker, an unknown assignment, or a spec with an
            error (the spec's own one-line message).
    """

    def expand(match: re.Match[str]) -> str:
        kind, arg = match["kind"], match["arg"]
        if kind == "readme" and arg is None:
            return readme_markdown(project)
        if kind == "rubric" and arg is not None:
            spec = project.spec(arg)
            modules = [
                spec.qualified(package, module)
                for package, folder in project.reference_dirs(spec).items()
                for module in reference_modules(folder)
            ]
            return rubric_markdown(spec, modules)
        raise CardlabError(
            f"unknown marker {match[0].strip()!r}: expected <!-- cardlab:readme --> "
            "or <!-- cardlab:rubric ASSIGNMENT -->"
        )

    return _MARKER.sub(expand, markdown)


def _card_span(match: re.Match[str]) -> str:
    token = match["card"]
    colour = "red" if token[-1] in RED_SUITS else "black"
    chip = f'<span class="card card--{colour}">{token}</span>'
    if not match["before"] and not match["after"]:
        return chip
    return f'<span class="card-run">{match["before"]}{chip}{match["after"]}</span>'


def _text_runs(html: str) -> Iterator[tuple[str, bool]]:
    """Split HTML into tags and text, telling for each text run whether it is verbatim."""
    open_verbatim = 0
    for chunk in _TAG.split(html):
        tag = _TAG_NAME.match(chunk) if chunk.startswith("<") else None
        if tag is None:
            yield chunk, open_verbatim > 0 or chunk.startswith("<")
            continue
        closing, name = tag[1], tag[2].lower()
        if name in _VERBATIM_TAGS and not chunk.rstrip(">").endswith("/"):
            open_verbatim = max(0, open_verbatim + (-1 if closing else 1))
        yield chunk, True


def colour_cards(html: str) -> str:
    """Wrap card tokens of the page's text in coloured spans, leaving code untouched.

    Args:
        html: A page's rendered content.

    Returns:
        The content with ``Q♥`` as ``<span class="card card--red">Q♥</span>`` and
        ``10♠`` as ``<span class="card card--black">10♠</span>``; text inside
        ``code``, ``pre`` and similar elements, and tags themselves, are kept as they are.
    """
    return "".join(
        chunk if verbatim else _CARD.sub(_card_span, chunk) for chunk, verbatim in _text_runs(html)
    )


def break_cell_paths(html: str) -> str:
    """Let paths in table cells' code wrap after a ``/`` only, never inside a word.

    Args:
        html: A page's rendered content.

    Returns:
        The content with ``<wbr>`` after every ``/`` of a ``<code>`` in a table cell
        (the stylesheet stops such code from breaking anywhere else).
    """

    def cell(match: re.Match[str]) -> str:
        return _CELL_CODE.sub(
            lambda code: code[1] + code[2].replace("/", "/<wbr>") + code[3], match[0]
        )

    return _TABLE_CELL.sub(cell, html)


def project_of(config_file: str | Path) -> Project:
    """The cardlab project an ``mkdocs.yml`` belongs to: the folder that holds it."""
    return Project(Path(config_file).resolve().parent)
