"""Spec errors are one line that names the file and the key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab.course.spec import Part, code_module, load_spec
from cardlab.errors import CardlabError

BISCA = Path(__file__).resolve().parents[2] / "specs" / "bisca.toml"


def _broken(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = BISCA.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "bisca.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_the_bisca_spec_loads(repo):
    spec = load_spec(BISCA, repo.reference_dir("bisca"))
    assert [p.number for p in spec.phases] == [1, 2, 3]
    assert all(phase.max_score == 100 for phase in spec.phases)
    assert spec.student_modules(3) == (
        "play", "suit", "card", "player", "deck", "board", "auto_player",
    )
    tournament = spec.phase(3).tournament
    assert (tournament.deals, tournament.most_deals, tournament.confidence) == (20, 240, 0.99)
    assert not tournament.require_evidence
    assert [(t.level, t.credit) for t in tournament.thresholds] == [
        (0.5, 1.0), (0.4, 0.75), (0.3, 0.5), (0.1, 0.25),
    ]


def test_most_deals_below_the_first_batch_is_refused(tmp_path, repo):
    path = tmp_path / "bisca.toml"
    path.write_text(BISCA.read_text().replace("most_deals = 240", "most_deals = 10"))
    with pytest.raises(CardlabError, match=r"tournament\.most_deals: at least deals \(20\)"):
        load_spec(path, repo.reference_dir("bisca"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('writes = ["play"]', 'writes = ["plya"]', r"phase\[0\]\.writes: unknown module 'plya'"),
        ("points = 15", 'points = "fifteen"', r"phase\[1\]\.part\[0\]\.points: 'fifteen' is not"),
        ('id = "suit"', 'id = "card"', r"phase\.part\.id: duplicate part id 'card'"),
        ("number = 2", "number = 1", r"phase: numbers must be distinct"),
        ('title = "Bisca"\n', "", r"assignment: 'title' is a required property"),
        ("call_seconds = 2.0", "call_seconds = -1", r"limits\.call_seconds: -1 is less than"),
        ('part = "tournament"', 'part = "tourney"', r"tournament\.part: no part 'tourney'"),
        ("deals = 20", "deals = 20\nroundz = 3", r"Additional properties are not allowed"),
        ("[[phase]]", "[[phase]", r"not valid TOML"),
    ],
    ids=["unknown-module", "non-numeric-points", "duplicate-id", "duplicate-phase",
         "missing-field", "negative-limit", "unknown-tournament-part", "unknown-key", "toml"],
)
def test_a_broken_spec_is_one_line_naming_file_and_key(repo, tmp_path, old, new, message):
    path = _broken(tmp_path, old, new)
    with pytest.raises(CardlabError) as error:
        load_spec(path, repo.reference_dir("bisca"))
    text = str(error.value)
    assert "\n" not in text
    assert text.startswith(str(path))
    assert re.search(message, text), text


def test_a_missing_spec_file(tmp_path):
    with pytest.raises(CardlabError, match="no such spec file"):
        load_spec(tmp_path / "nothing.toml")


def test_cli_reports_a_broken_spec_with_status_2(repo, tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import main

    project = tmp_path / "project"
    (project / "specs").mkdir(parents=True)
    (project / "reference").symlink_to(repo.root / "reference")
    (project / "graders").symlink_to(repo.root / "graders")
    _broken(tmp_path, "points = 15", "points = []").rename(project / "specs" / "bisca.toml")
    result = CliRunner().invoke(main, ["grade", "bisca", "--phase", "2", "--project", str(project)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert "points" in result.output


def test_cli_unknown_assignment_and_phase(repo):
    from click.testing import CliRunner

    from cardlab.cli import main

    runner = CliRunner()
    unknown = runner.invoke(main, ["grade", "poker", "--phase", "1", "--project", str(repo.root)])
    assert unknown.exit_code == 2 and "unknown assignment 'poker'" in unknown.output
    phase = runner.invoke(main, ["grade", "bisca", "--phase", "9", "--project", str(repo.root)])
    assert phase.exit_code == 2 and "no phase 9" in phase.output


def test_cli_prints_the_report_when_the_output_cannot_be_written(toy, tmp_path):
    from click.testing import CliRunner

    from cardlab.cli import main

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = CliRunner().invoke(main, [
        "grade", "toy", "--phase", "1", "--format", "json",
        "--output", str(blocker / "report.json"), "--project", str(toy.root),
    ])
    assert result.exit_code == 2
    assert '"format": "cardlab-report/1"' in result.output
    assert "could not write the report" in result.output


def test_the_cardgame_spec_loads(repo):
    spec = repo.spec("cardgame")
    assert spec.provides_source
    phase = spec.phase(1)
    assert [part.points for part in phase.parts] == [20, 20, 20, 30, 10]
    assert phase.max_score == 100
    assert spec.student_modules(1) == ()
    assert spec.submitted_modules(1) == (
        "card", "trick", "base_game", "simple_computer_player",
    )


def test_provided_modules_ship_as_bytecode_unless_the_spec_says_source(repo, tmp_path):
    assert not load_spec(BISCA, repo.reference_dir("bisca")).provides_source
    path = _broken(tmp_path, "[limits]", '[handout]\nprovided = "source"\n\n[limits]')
    assert load_spec(path, repo.reference_dir("bisca")).provides_source
    wrong = _broken(tmp_path, "[limits]", '[handout]\nprovided = "pyc"\n\n[limits]')
    with pytest.raises(CardlabError, match=r"handout\.provided: 'pyc' is not one of"):
        load_spec(wrong, repo.reference_dir("bisca"))


def test_code_of_a_package_module_names_that_module():
    modules = ["cards.card", "cards.hand", "whist.trick"]
    assert code_module("cards.card", modules) == "cards.card"
    assert code_module("whist.trick.Trick.set_card", modules) == "whist.trick"
    assert code_module("card.Card.__eq__", ["card", "trick"]) == "card"
    whole = Part("trick", "Trick", 15, code=("whist.trick",))
    assert whole.covers("whist.trick", "Trick.set_card")
    assert not whole.covers("whist.basic_whist", "BasicWhist.play_hand")
    single = Part("play", "Trick.play", 10, code=("whist.trick.Trick.set_card",))
    assert single.covers("whist.trick", "Trick.set_card")
    assert not single.covers("whist.trick", "Trick.winner")


def test_whist_parts_grade_their_own_modules_on_the_students_code(repo):
    spec = repo.spec("whist")
    assert spec.other_parts == "student"
    assert spec.phase(2).home_parts("whist.trick", "Trick.set_card") == ("trick",)
    assert spec.phase(1).home_parts("cards.deck", "Deck.deal") == ("deck",)
    assert spec.part_modules(2, "trick") == spec.submitted_modules(2)


def test_a_part_runs_the_students_own_modules_and_the_unit_test_parts_none(repo):
    hearts = repo.spec("hearts")
    assert hearts.part_modules(1, "cards") == ("card",)
    assert hearts.part_modules(1, "design-1") == hearts.submitted_modules(1)
    assert hearts.part_modules(1, "tests-1") == ()
    assert hearts.parts_running(1, ["card"]) == ("cards", "design-1")
    assert hearts.parts_running(1, ["player"]) == ("player", "legality", "design-1")
    assert repo.spec("bisca").parts_running(2, ["card"]) == ("card",)
    assert repo.spec("kings_corner").parts_running(3, ["computer_player"]) == ()
    whist = repo.spec("whist")
    graded = [p.id for p in whist.phase(2).parts if p.kind != "student tests"]
    assert whist.parts_running(2, ["whist.trick"]) == tuple(graded)


def test_a_report_says_a_phase_whose_parts_name_no_code_ran_the_students_code(repo):
    kings_corner = repo.spec("kings_corner")
    assert kings_corner.other_parts == "reference"
    assert kings_corner.graded_with(1) == "reference"
    assert kings_corner.graded_with(2) == "student"
    assert kings_corner.graded_with(3) == "reference"
    assert repo.spec("hearts").graded_with(2) == "reference"
