"""What the docs site generates (cardlab/course/docsite.py), without building a site."""

from __future__ import annotations

import re

import pytest

from cardlab.course.docsite import (
    break_cell_paths,
    colour_cards,
    expand_markers,
    readme_markdown,
    rubric_markdown,
)
from cardlab.course.project import Project
from cardlab.course.spec import reference_modules
from cardlab.errors import CardlabError
from cardlab.judge.reference import Reference
from cardlab.worker.codec import Codec

RED = '<span class="card card--red">{}</span>'
BLACK = '<span class="card card--black">{}</span>'
RUN = '<span class="card-run">{}</span>'


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p>Q♥ beats 10♠</p>", f"<p>{RED.format('Q♥')} beats {BLACK.format('10♠')}</p>"),
        ("<td>♦</td><td>A♣</td>", f"<td>{RED.format('♦')}</td><td>{BLACK.format('A♣')}</td>"),
        (
            "<p>(7♥), 2♦. Q♠ and</p>",
            f"<p>{RUN.format('(' + RED.format('7♥') + '),')} {RUN.format(RED.format('2♦') + '.')}"
            f" {BLACK.format('Q♠')} and</p>",
        ),
    ],
)
def test_card_tokens_are_wrapped_by_colour(html, expected):
    assert colour_cards(html) == expected


@pytest.mark.parametrize(
    "html",
    [
        "<pre><code>Q♥ 10♠\n<span>K♦</span></code></pre>",
        "<p><code>Q♥</code></p>",
        '<a title="Q♥">x</a>',
        "<p>AQ♥ and 11♠ are not cards</p>",
    ],
)
def test_code_attributes_and_non_tokens_are_left_alone(html):
    assert colour_cards(html) == html


def test_text_after_code_is_coloured_again():
    html = "<p><code>A♠</code> then A♠</p>"
    assert colour_cards(html) == f"<p><code>A♠</code> then {BLACK.format('A♠')}</p>"


def test_paths_in_table_cells_may_wrap_after_a_slash_only():
    html = (
        "<p><code>a/b</code></p><table><tr><td><code>graders/&lt;id&gt;/play/</code> and "
        "<code>--seed</code></td><th><code>x/y</code></th></tr></table>"
    )
    assert break_cell_paths(html) == (
        "<p><code>a/b</code></p><table><tr><td><code>graders/<wbr>&lt;id&gt;/<wbr>play/<wbr>"
        "</code> and <code>--seed</code></td><th><code>x/<wbr>y</code></th></tr></table>"
    )


def test_rubric_lists_every_part_with_its_points(repo):
    spec = repo.spec("bisca")
    text = rubric_markdown(spec, reference_modules(repo.reference_dir("bisca")))
    for phase in spec.phases:
        assert f"### Phase {phase.number}: {phase.title}" in text
        for part in phase.parts:
            assert f"| `{part.id}` | {part.title} | {part.points:g} |" in text
        assert f"| | **total** | **{phase.max_score:g}** |" in text
    assert f"{spec.limits.call_seconds:g} s" in text


def test_rubric_lists_tournament_thresholds(repo):
    spec = repo.spec("bisca")
    text = rubric_markdown(spec, reference_modules(repo.reference_dir("bisca")))
    (phase,) = [p for p in spec.phases if p.tournament is not None]
    points = phase.part(phase.tournament.part).points
    for threshold in phase.tournament.thresholds:
        row = f"| {threshold.share:.0%} | {threshold.credit:.0%} | {points * threshold.credit:g} |"
        assert row in text
    assert f"{phase.tournament.deals} seeded deals" in text


def test_markers_are_replaced(repo):
    page = "# Title\n\n<!-- cardlab:rubric bisca -->\n\nafter\n"
    text = expand_markers(page, repo)
    assert "cardlab:rubric" not in text
    assert "### Phase 1:" in text
    assert text.endswith("after\n")


def test_readme_links_into_docs_are_made_site_relative(repo):
    text = readme_markdown(repo)
    assert "](design.md)" in text
    assert "](docs/" not in text


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        ("<!-- cardlab:rubric nosuch -->", "unknown assignment 'nosuch'"),
        ("<!-- cardlab:rubrics bisca -->", "unknown marker"),
    ],
)
def test_bad_markers_are_one_line_errors(repo, marker, message):
    with pytest.raises(CardlabError, match=message) as caught:
        expand_markers(f"{marker}\n", repo)
    assert "\n" not in str(caught.value)


def test_broken_spec_gives_its_own_message(repo, tmp_path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "reference").mkdir()
    broken = repo.spec_path("bisca").read_text().replace("points = 15", 'points = "fifteen"')
    (tmp_path / "specs" / "bisca.toml").write_text(broken)
    project = Project(tmp_path)
    with pytest.raises(CardlabError) as expected:
        project.spec("bisca")
    with pytest.raises(CardlabError) as got:
        expand_markers("<!-- cardlab:rubric bisca -->\n", project)
    assert str(got.value) == str(expected.value)
    assert "points" in str(got.value)


SYMBOL_TO_SUIT = {"♠": "SPADES", "♥": "HEARTS", "♣": "CLUBS", "♦": "DIAMONDS"}
EXAMPLE_ROW = re.compile(r"^\| (?P<trump>[♠♥♣♦]) \| (?P<led>\S+) \| (?P<followed>\S+) \| "
                         r"(?P<winner>leader|follower) \|", re.M)


def test_bisca_worked_examples_agree_with_the_reference(repo):
    page = (repo.root / "docs" / "assignments" / "bisca.md").read_text(encoding="utf-8")
    rows = list(EXAMPLE_ROW.finditer(page))
    assert len(rows) >= 5
    ref = Reference("bisca", repo.reference_dir("bisca"), Codec([]))
    suit = ref.suit.Suit

    def card(token):
        return ref.card.Card(token[:-1], suit[SYMBOL_TO_SUIT[token[-1]]])

    for row in rows:
        who = ref.board.round_winner(
            card(row["led"]), card(row["followed"]), suit[SYMBOL_TO_SUIT[row["trump"]]]
        )
        assert ("leader", "follower")[who] == row["winner"], row[0]
