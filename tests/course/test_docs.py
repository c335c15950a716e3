"""The documentation site: strict builds, generated content, the browser, the guide's example.

Needs the docs extra (``pip install -e ".[docs]"``, which CI installs); without it the
whole module is skipped with that reason.
"""

from __future__ import annotations

import ast
import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.alternative_grading import points_lost
from support.seeded_bugs import edited_copy, grade_bug, load_bugs

from cardlab.course.project import Project
from cardlab.course.registry import BUG_KEYS, BUGS_KEYS, DECLARATION_KEYS
from cardlab.errors import CardlabError
from cardlab.judge.grading import project_job, run

NO_DOCS_EXTRA = "the docs extra is not installed (pip install -e '.[docs]')"
pytest.importorskip("mkdocs", reason=NO_DOCS_EXTRA)
pytest.importorskip("material", reason=NO_DOCS_EXTRA)
pytest.importorskip("mkdocstrings_handlers.python", reason=NO_DOCS_EXTRA)

REPO = Path(__file__).resolve().parents[2]
GUIDE_TOY = Path(__file__).resolve().parents[1] / "guide_toy"
CHROMIUM = Path("/usr/bin/chromium")
# what the site is built from; the guide includes its example's files from tests/guide_toy
SITE_SOURCES = [
    "mkdocs.yml", "README.md", "docs", "specs", "reference", "student", "tests/guide_toy"
]
NAV_ANCHOR = "      - Bisca API: assignments/bisca-api.md\n"
GUIDE_NAV = (
    "      - High card: assignments/highcard.md\n"
    "      - High card API: assignments/highcard-api.md\n"
)


def build(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """Run ``mkdocs build --strict`` for the project at ``root`` (from there, like a user)."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    return subprocess.run(
        command, cwd=root, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


@pytest.fixture(scope="session")
def site(once) -> Path:
    """The repository's site, built once for the whole run (every xdist worker reads it)."""

    def make(folder: Path) -> Path:
        result = build(REPO, folder / "site")
        assert result.returncode == 0, result.stderr
        return folder / "site"

    return once("site", make)


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def texts(markup: str) -> str:
    """The text of some HTML, tags removed and entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def table_rows(markup: str) -> list[list[str]]:
    """The cells of every table row of a page, as text."""
    rows = re.findall(r"<tr>(.*?)</tr>", markup, re.S)
    return [[texts(c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r, re.S)]
            for r in rows]


ASSIGNMENTS = sorted(path.stem for path in (REPO / "specs").glob("*.toml"))


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_rubric_tables_are_generated_from_the_spec(site, repo, assignment):
    spec = repo.spec(assignment)
    markup = page(site, f"assignments/{assignment}")
    rows = table_rows(markup)
    headings = texts(" ".join(re.findall(r"<h3[^>]*>.*?</h3>", markup, re.S)))
    for phase in spec.phases:
        assert f"Phase {phase.number}: {phase.title}" in headings
        for part in phase.parts:
            assert [part.id, part.title, f"{part.points:g}"] in rows
        assert ["", "total", f"{phase.max_score:g}"] in rows
    assert "cardlab:rubric" not in markup


def test_home_page_is_the_readme(site, repo):
    readme = (repo.root / "README.md").read_text(encoding="utf-8")
    markup = page(site, ".")
    for heading in re.findall(r"^## (.+)$", readme, re.M):
        assert re.search(rf"<h2[^>]*>{re.escape(heading)}", markup), heading
    assert 'href="design/"' in markup  # the README's link into docs/, made site-relative


def public_names(stub: Path) -> list[str]:
    """Top-level classes and functions of a stub module, and the public methods of classes."""
    names = []
    for node in ast.parse(stub.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef) and not node.name.startswith("_"):
            names.append(node.name)
            if isinstance(node, ast.ClassDef):
                names += [
                    f"{node.name}.{item.name}"
                    for item in node.body
                    if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")
                ]
    return names


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_api_page_renders_every_stub(site, repo, assignment):
    markup = page(site, f"assignments/{assignment}-api")
    anchors = set(re.findall(r'id="([\w.]+)"', markup))
    folders = repo.stub_package_dirs(repo.spec(assignment))
    stubs = sorted((package, stub) for package, folder in folders.items()
                   for stub in folder.glob("[!_]*.py"))
    assert stubs
    for package, stub in stubs:
        module = f"{package}.{stub.stem}"
        assert module in anchors
        for name in public_names(stub):
            assert f"{module}.{name}" in anchors, f"{module}.{name} is not on the API page"


def returned_values(stub: Path, module: str) -> dict[str, int]:
    """How many values each function of a stub returns, by its id on the API page.

    One, unless its return annotation is a tuple of a fixed length (which a Google
    docstring may describe item by item).
    """
    counts = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                returns = node.returns
                fixed = (
                    isinstance(returns, ast.Subscript)
                    and ast.unparse(returns.value) == "tuple"
                    and isinstance(returns.slice, ast.Tuple)
                    and not any(isinstance(e, ast.Constant) and e.value is Ellipsis
                                for e in returns.slice.elts)
                )
                counts[f"{prefix}{node.name}"] = len(returns.slice.elts) if fixed else 1

    visit(ast.parse(stub.read_text(encoding="utf-8")).body, f"{module}.")
    return counts


def returns_rows(markup: str) -> dict[str, int]:
    """The rows of the Returns table under each heading of an API page, by the heading's id."""
    rows = {}
    for section in re.split(r'(?=<h\d id="[\w.]+")', markup):
        heading = re.match(r'<h\d id="([\w.]+)"', section)
        table = re.search(r'doc-section-title">Returns:</span>.*?<tbody>(.*?)</tbody>', section,
                          re.S)
        if heading and table:
            rows[heading.group(1)] = table.group(1).count("<tr")
    return rows


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_each_returns_table_has_a_row_per_returned_value(site, repo, assignment):
    rows = returns_rows(page(site, f"assignments/{assignment}-api"))
    package = repo.spec(assignment).package
    expected = {}
    for stub in repo.student_dir(assignment).glob("[!_]*.py"):
        expected |= returned_values(stub, f"{package}.{stub.stem}")
    assert len(rows) > 5  # the page has Returns tables to count
    garbled = {name: n for name, n in rows.items() if n > expected.get(name, 1)}
    assert not garbled, f"Returns tables with a row per line: {garbled}"


def test_card_tokens_are_coloured_outside_code(site):
    markup = page(site, "assignments/bisca")
    assert '<span class="card card--red">7♥</span>' in markup
    assert '<span class="card card--black">K♠</span>' in markup
    for block in re.findall(r"<code>.*?</code>", markup, re.S):
        assert 'class="card' not in block


def heading(markup: str, anchor: str) -> str:
    """The text of an API page's entry for one object: its heading, labels and docs."""
    start = markup.index(">", markup.index(f'id="{anchor}"')) + 1
    end = markup.find('<div class="doc doc-object', start)
    return " ".join(texts(markup[start : end if end > 0 else None]).split())


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_api_pages_show_the_contract_not_the_stubs_workings(site, assignment):
    markup = page(site, f"assignments/{assignment}-api")
    shown = texts(markup)
    assert not re.search(r"= _[A-Za-z]", shown), "a value naming a private object is shown"
    assert "object.__hash__" not in shown
    assert not re.search(r"<p>(str|int|bool|float|Card|Suit|Rank)\b[^:<]*: ", markup)


def test_enum_members_are_labelled_as_such_and_private_values_left_out(site):
    markup = page(site, "assignments/hearts-api")
    clubs = heading(markup, "hearts.card.Suit.CLUBS")
    assert clubs.startswith("CLUBS enum-member") and "class-attribute" not in clubs
    two = heading(markup, "hearts.card.TWO_OF_CLUBS")
    assert two.startswith("TWO_OF_CLUBS module-attribute") and "_DECK" not in two
    letter = heading(page(site, "assignments/whist-api"), "cards.card.Suit.letter")
    assert "letter: str The suit's letter" in letter


def test_a_card_stays_with_its_punctuation_and_table_paths_wrap_between_parts(site):
    markup = page(site, "assignments/cardgame")
    assert re.search(r'<span class="card-run"><span class="card card--\w+">[^<]+</span>,</span>',
                     markup)
    guide = page(site, "instructors/adding-an-assignment")
    assert "<td><code>specs/<wbr>&lt;id&gt;.toml</code>" in guide
    css = (site / "stylesheets" / "cards.css").read_text(encoding="utf-8")
    assert re.search(r"\.card-run \{\s*white-space: nowrap;", css)
    assert re.search(r"table:not\(\[class\]\) code \{\s*word-break: normal;", css)


@pytest.mark.parametrize("path", [".", "assignments/bisca", "assignments/bisca-api"])
def test_pages_reference_stylesheets_that_exist(site, path):
    folder = (site / path).resolve()
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page(site, path))
    assert any(link.endswith("stylesheets/cards.css") for link in links)
    for link in links:
        target = (folder / link.split("?")[0]).resolve()
        assert target.is_file(), f"{path} links to missing stylesheet {link}"


def minimal_site(root: Path) -> None:
    """A project holding the real hook, the bisca reference and spec, and one marked page."""
    shutil.copytree(REPO / "reference" / "bisca", root / "reference" / "bisca")
    (root / "specs").mkdir()
    shutil.copy(REPO / "specs" / "bisca.toml", root / "specs")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Rubric\n\n<!-- cardlab:rubric bisca -->\n")
    hook = REPO / "docs" / "hooks" / "cardlab_docs.py"
    (root / "mkdocs.yml").write_text(f"site_name: broken\nhooks:\n  - {hook}\n")


def test_a_broken_spec_fails_the_build_with_its_one_line_message(tmp_path):
    root = tmp_path / "project"
    minimal_site(root)
    assert build(root, tmp_path / "good").returncode == 0
    spec = root / "specs" / "bisca.toml"
    spec.write_text(spec.read_text().replace("points = 45", 'points = "many"'))
    with pytest.raises(CardlabError) as expected:
        Project(root).spec("bisca")

    result = build(root, tmp_path / "bad")

    assert result.returncode != 0
    output = result.stdout + result.stderr
    logged = [line.partition(" - ")[2].strip() for line in output.splitlines()]
    assert str(expected.value) in logged, output
    assert "Traceback" not in output


@pytest.mark.slow
def test_following_the_adding_an_assignment_guide(tmp_path):
    """The guide's steps, with its example from tests/guide_toy, in a copy of the project."""
    root = tmp_path / "project"
    for name in SITE_SOURCES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            root.mkdir(exist_ok=True)
            shutil.copy(source, root / name)
    # 1-2, 4 and 6: the reference, the spec, the graders and the docs pages
    shutil.copytree(GUIDE_TOY, root, dirs_exist_ok=True)
    # 3: the stubs
    stubs = subprocess.run(
        [sys.executable, "-m", "cardlab.cli", "stubs", "highcard"],
        cwd=root, capture_output=True, text=True, timeout=120, check=False,
    )
    assert stubs.returncode == 0, stubs.stderr
    assert "NotImplementedError" in (root / "student" / "highcard" / "showdown.py").read_text()
    # 5: the reference earns full marks in every phase, the stubs nothing
    project = Project(root)
    spec = project.spec("highcard")
    solution = tmp_path / "solution"
    shutil.copytree(project.reference_dir("highcard"), solution)
    for phase in spec.phases:
        full = run(project_job(project, "highcard", phase.number, solution))
        assert (full.score, full.max_score) == (phase.max_score, phase.max_score), full
        stubbed = run(project_job(project, "highcard", phase.number, None))
        assert stubbed.score == 0
    # 5: its declaration, its seeded bug and its alternative solution
    declaration = project.declaration("highcard")
    assert declaration.codec == (root / "graders" / "highcard" / "codec.py").resolve()
    [bug] = load_bugs(declaration.bugs_file, "highcard")
    edited = edited_copy(solution, tmp_path / "bug", bug.file, bug.old, bug.new)
    report = grade_bug(project, "highcard", bug.phase, edited, bug.part)
    part = next(part for part in report.parts if part.id == bug.part)
    assert part.score < part.max_score
    [alternative] = declaration.alternatives()
    laid = tmp_path / "alternative"
    shutil.copytree(solution, laid)
    shutil.copytree(alternative, laid, dirs_exist_ok=True)
    assert not points_lost(project, "highcard", 2, laid, ["showdown"])
    # 6: the nav lines the guide shows, then a strict build
    config = root / "mkdocs.yml"
    config.write_text(config.read_text().replace(NAV_ANCHOR, NAV_ANCHOR + GUIDE_NAV))
    result = build(root, tmp_path / "site")
    assert result.returncode == 0, result.stderr
    rules = page(tmp_path / "site", "assignments/highcard")
    for part in (p for phase in spec.phases for p in phase.parts):
        assert [part.id, part.title, f"{part.points:g}"] in table_rows(rules)
    assert 'id="highcard.showdown.winner"' in page(tmp_path / "site", "assignments/highcard-api")


def test_the_guide_explains_every_key_of_a_declaration():
    guide = (REPO / "docs" / "instructors" / "adding-an-assignment.md").read_text()
    section = guide.split("## 5. Declare the assignment")[1].split("\n## ")[0]
    explained = {
        re.split(r"[\].\s]", row.strip("[`"))[0]
        for row in re.findall(r"^\| `([^`]+)`", section, re.M)
    }
    assert explained == DECLARATION_KEYS


def test_the_guide_shows_its_example_files_and_nav_lines(site):
    guide = (REPO / "docs" / "instructors" / "adding-an-assignment.md").read_text()
    assert GUIDE_NAV in guide
    included = re.findall(r'^--8<-- "([^"]+)"$', guide, re.M)
    whole = ["reference/*/[!_]*.py", "specs/*.toml", "graders/*/codec.py", "docs/**/*.md",
             "graders/*/*.toml", "graders/*/alternatives/*/*.py"]
    required = {
        str(path.relative_to(REPO)) for pattern in whole for path in GUIDE_TOY.glob(pattern)
    }
    assert required <= set(included), f"the guide does not show {required - set(included)}"
    for suite in ("public", "hidden"):
        assert any(f"/{suite}/test_" in path for path in included), suite
    shown = texts(page(site, "instructors/adding-an-assignment"))
    for path in included:
        for line in (REPO / path).read_text(encoding="utf-8").splitlines():
            assert line.strip() in shown, f"{path}: {line!r} is not on the guide's page"

def css_colour(css: str, scope: str, name: str) -> tuple[int, int, int]:
    """A custom property's ``#rrggbb`` value in the first CSS block whose selector is ``scope``."""
    block = re.search(rf"{re.escape(scope)}\s*{{(.*?)}}", css, re.S)[1]
    value = re.search(rf"{re.escape(name)}:\s*#([0-9a-fA-F]{{6}})", block)[1]
    return tuple(int(value[i : i + 2], 16) for i in (0, 2, 4))


def near(image, colour: tuple[int, int, int], tolerance: int = 24) -> int:
    """How many pixels of an RGB image are within ``tolerance`` of ``colour`` on every channel."""
    return sum(
        count
        for count, pixel in image.getcolors(maxcolors=1 << 22)
        if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))
    )


@pytest.mark.slow
@pytest.mark.skipif(
    not CHROMIUM.is_file(), reason=f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
)
def test_pages_render_in_headless_chromium(site, tmp_path):
    image_module = pytest.importorskip("PIL.Image", reason="Pillow is not installed")
    stat = pytest.importorskip("PIL.ImageStat", reason="Pillow is not installed")
    script = REPO / "docs" / "screenshots.py"
    result = subprocess.run(
        [sys.executable, str(script), str(site), str(tmp_path), "--chromium", str(CHROMIUM)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert result.returncode == 0, result.stderr
    shots = {png.stem: image_module.open(png).convert("RGB") for png in tmp_path.glob("*.png")}
    assert set(shots) == {f"{p}-{s}" for p in ("home", "rules", "api") for s in ("light", "dark")}
    brightness = {name: stat.Stat(image.convert("L")).mean[0] for name, image in shots.items()}
    for name, image in shots.items():
        assert image.size == (1280, 900)
        assert len(image.getcolors(maxcolors=1 << 22)) > 100, f"{name} looks blank"
        red, green, blue = image.getpixel((640, 24))  # the header bar, coloured by the theme
        assert min(green, blue) - red > 60, f"{name}: the theme's header colour is missing"
    for page_name in ("home", "rules", "api"):
        light, dark = brightness[f"{page_name}-light"], brightness[f"{page_name}-dark"]
        assert light - dark > 80, f"{page_name}: light {light:.0f} vs dark {dark:.0f}"
    css = (REPO / "docs" / "stylesheets" / "cards.css").read_text(encoding="utf-8")
    for scheme, scope in (("light", ":root"), ("dark", '[data-md-color-scheme="slate"]')):
        image = shots[f"rules-{scheme}"]
        assert near(image, css_colour(css, scope, "--cardlab-card-red")) > 20, scheme
        assert near(image, css_colour(css, scope, "--cardlab-card-face")) > 2000, scheme


def _drawn(css: str) -> list[str]:
    """The selectors of the stylesheet's rules that draw a card large (on the table)."""
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    return [
        selector.strip()
        for selectors, body in rules
        if "font-size: 1.6em" in body
        for selector in selectors.split(",")
    ]


def test_a_worked_turn_draws_every_pile_and_no_card_of_a_caption(site):
    markup = page(site, "assignments/kings_corner")
    turn = markup[markup.index('id="a-worked-turn"'):]
    drawing = re.search(r'<div class="trick-drawing">(.*?)</div>', turn, re.S)[1]
    figures = re.findall(r"<figure>(.*?)</figure>", drawing, re.S)
    captions = [re.sub(r"<[^>]+>", "", f.split("<figcaption>")[1]) for f in figures]
    assert captions[:5] == [
        "pile 1", "pile 2", "pile 3", "pile 4, empty", "pile 5, on K♦"
    ]
    assert figures[3].startswith('<span class="card-slot"></span>'), "an empty pile has its slot"
    assert figures[4].startswith('<span><span class="card card--black">Q♠</span></span>')
    css = (site / "stylesheets" / "cards.css").read_text(encoding="utf-8")
    drawn = _drawn(css)
    assert drawn and all(
        selector.endswith(("figure > span > .card", "figure > .card-slot")) for selector in drawn
    ), f"a rule that draws cards large also reaches the cards of a caption: {drawn}"


def test_the_term_page_shows_the_class_pages_screenshots(site):
    markup = page(site, "instructors/term")
    shown = re.findall(r'<img[^>]*src="([^"]+)"', markup)
    assert shown == ["../images/class-site-index.png", "../images/class-site-student.png"]
    for source in shown:
        png = site / "instructors" / "term" / source
        assert png.is_file() and png.read_bytes().startswith(b"\x89PNG"), source
    for command in ("cardlab grade-all", "--verify", "cardlab marks import", "cardlab release",
                    "cardlab export canvas", "cardlab export moodle", "cardlab handout",
                    "cardlab check", "cardlab export gradescope", "cardlab export classroom"):
        assert command in texts(markup), command


def test_the_proportion_policy_of_each_assignment_is_its_bugs_file_s():
    """The share of its part a broken core rule costs, as the guide states it per assignment."""
    guide = (REPO / "docs" / "instructors" / "graders.md").read_text()
    section = guide.split("## Proportion: what a broken core rule costs")[1].split("\n## ")[0]
    stated = {
        name: float(share)
        for name, share in re.findall(r"^\| `(\w+)` \| ([\d.]+) of its part \|", section, re.M)
    }
    project = Project(REPO)
    declared = {
        declaration.id: declaration.bugs().core_share
        for declaration in project.declarations()
        if declaration.bugs().bugs
    }
    assert stated == declared


def test_the_guide_explains_every_key_of_a_bugs_file():
    guide = (REPO / "docs" / "instructors" / "adding-an-assignment.md").read_text()
    section = guide.split("## 6. Check the graders")[1].split("\n## ")[0]
    first_cells = re.findall(r"^\| (`[^|]+`) \|", section, re.M)
    explained = {
        name.strip("[]") for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)
    }
    assert explained == BUGS_KEYS | BUG_KEYS
