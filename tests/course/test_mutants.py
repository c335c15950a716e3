"""``cardlab mutants``: the generator of single-change mutants, and grading them on the toy."""

from __future__ import annotations

import ast
import json
import re
import shutil
import textwrap

import pytest
from click.testing import CliRunner

from cardlab.cli import main
from cardlab.course.mutants import OPERATORS, module_file, module_mutants, phase_mutants
from cardlab.course.project import Project
from cardlab.course.solution import write_solution
from cardlab.errors import CardlabError
from cardlab.judge.grading import project_job, run
from cardlab.judge.mutation import (
    EQUIVALENT,
    KILLED,
    SURVIVED,
    check_reference,
    grade_mutants,
    graded_home_parts,
)
from cardlab.reports.mutants import mutation_json, render_mutation_text

SAMPLE = textwrap.dedent(
    '''\
    """A module of every kind of code a mutant changes."""

    PUBLIC = 7
    """An attribute docstring, also never changed."""
    _LIMIT = 3


    def pick(cards: list[int], low: bool) -> list[int]:
        """Docstrings are never changed."""
        if not cards:
            raise ValueError("no cards to pick from")
        kept = list(cards)
        chosen = []
        for card in kept:
            if card < _LIMIT and low or card >= _LIMIT + 1:
                chosen.append(card)
            else:
                continue
        return sorted(chosen[:], key=abs)


    def shift(a: int, b: int) -> int:
        return max(a, b) - 1
    '''
)


def changes(operator: str, source: str = SAMPLE) -> list[str]:
    return [m.change for m in module_mutants("sample", source) if m.operator == operator]


def test_every_operator_makes_its_single_change():
    assert changes("compare") == [
        "card < _LIMIT → card <= _LIMIT",
        "card < _LIMIT → card >= _LIMIT",
        "card >= _LIMIT + 1 → card > _LIMIT + 1",
        "card >= _LIMIT + 1 → card < _LIMIT + 1",
    ]
    assert changes("not") == ["not cards → cards"]
    assert changes("and-or") == [
        "card < _LIMIT and low or card >= _LIMIT + 1"
        " → (card < _LIMIT and low) and card >= _LIMIT + 1",
        "card < _LIMIT and low → card < _LIMIT or low",
    ]
    assert changes("constant") == ["3 → 4", "3 → 2", "1 → 2", "1 → 0", "1 → 2", "1 → 0"]
    assert changes("arithmetic") == ["_LIMIT + 1 → _LIMIT - 1", "max(a, b) - 1 → max(a, b) + 1"]
    assert changes("arguments") == ["max(a, b) → max(b, a)"]
    assert changes("copy") == ["list(cards) → cards", "chosen[:] → chosen"]
    assert changes("early-exit") == [
        "continue → break",
        "break added at the end of the loop (it ends after one pass)",
    ]
    assert {m.operator for m in module_mutants("sample", SAMPLE)} <= set(OPERATORS)


def test_statements_and_branches_are_removed_but_not_docstrings_or_messages():
    removed = changes("statement")
    assert "kept = list(cards) → pass" in removed
    assert "chosen.append(card) → pass" in changes("branch"), "a branch of one statement"
    assert "_LIMIT = 3 → pass" in removed, "a private helper is the student's"
    assert not any(
        "PUBLIC" in m.change or "7" in m.change for m in module_mutants("sample", SAMPLE)
    )
    assert not any("Docstrings" in m.change for m in module_mutants("sample", SAMPLE))
    assert not any("no cards" in change for change in changes("constant")), "messages stay"
    assert 'raise ValueError("no cards to pick from") → pass' in changes("branch")
    assert "continue → pass" in changes("branch")


def test_each_mutant_is_valid_python_with_one_change_and_a_readable_diff():
    mutants = module_mutants("sample", SAMPLE)
    assert len({m.source for m in mutants}) == len(mutants), "no two mutants alike"
    assert len({m.id for m in mutants}) == len(mutants), "ids are unique"
    for mutant in mutants:
        ast.parse(mutant.source)
        diff = mutant.diff()
        assert diff.startswith("--- reference/sample.py\n+++ mutant/sample.py\n")
        assert sum(line.startswith("+") for line in diff.splitlines()) >= 2  # header + change


def test_a_change_inside_a_larger_expression_keeps_its_meaning():
    outer = next(m for m in module_mutants("sample", SAMPLE) if m.id == "sample:pick:and-or:1")
    tree = ast.parse(outer.source)
    test = next(n.test for n in ast.walk(tree) if isinstance(n, ast.If) and n.lineno == 15)
    assert isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
    assert isinstance(test.values[0], ast.BoolOp), "the inner and stays grouped: parentheses"


def test_only_the_named_functions_are_mutated():
    mutants = module_mutants("sample", SAMPLE, ("shift",))
    assert mutants and {m.function for m in mutants} == {"shift"}
    assert all(m.id.startswith("sample:shift:") for m in mutants)


def test_ids_do_not_move_when_another_function_changes():
    before = {m.id: m.change for m in module_mutants("sample", SAMPLE) if m.function == "shift"}
    edited = SAMPLE.replace("_LIMIT = 3", "_LIMIT = 3\nOTHER = 4")
    after = {m.id: m.change for m in module_mutants("sample", edited) if m.function == "shift"}
    assert before == after


def test_a_phase_mutates_only_the_code_its_parts_grade(toy):
    spec = toy.spec("toy")
    everything = phase_mutants(toy.reference_dir("toy"), spec, 1)
    tally = phase_mutants(toy.reference_dir("toy"), spec, 1, part="tally")
    assert {m.module for m in everything} == {"counter"}
    assert tally and {m.function.split(".")[0] for m in tally} == {"Tally"}
    with pytest.raises(CardlabError, match="no part 'nope'"):
        phase_mutants(toy.reference_dir("toy"), spec, 1, part="nope")


@pytest.fixture(scope="module")
def toy_report(toy, once):
    """Every mutant of the toy's phase 1 graded, once per run (xdist workers share it)."""
    return once("toy-mutants", lambda folder: grade_mutants(toy, "toy", 1, jobs=2))


def test_toy_mutants_are_graded_by_their_own_parts(toy_report):
    by_id = {r.mutant.id: r for r in toy_report.results}
    add = by_id["counter:add:arithmetic:1"]
    assert add.status == KILLED and add.parts == ("add",)
    assert add.killed_by and add.tests[-1] == add.killed_by, "the run stops at its first loss"
    negative = by_id["counter:Tally.add:compare:2"]
    assert negative.status == KILLED and negative.parts == ("tally",)
    assert all(t.split("::")[1].startswith("test_tally") for t in negative.tests)


def test_reviewed_equivalents_are_shown_and_not_counted(toy_report):
    equivalent = [r for r in toy_report.results if r.status == EQUIVALENT]
    assert [r.mutant.id for r in equivalent] == ["counter:Tally.add:arguments:1"]
    assert "commutative" in equivalent[0].message
    tally = next(rate for rate in toy_report.rates() if rate.part == "tally")
    assert tally.counted == tally.mutants - 1
    assert tally.rate == tally.killed / tally.counted


def test_the_toy_graders_kill_every_other_mutant(toy_report):
    assert toy_report.overall().rate == 1.0
    assert all(r.status != SURVIVED for r in toy_report.results)
    assert toy_report.seconds > 0 and toy_report.jobs == 2


@pytest.fixture
def weak_toy(toy, tmp_path):
    """The toy project with a hidden test removed and an equivalent entry gone stale."""
    root = tmp_path / "toy"
    shutil.copytree(toy.root, root)
    hidden = root / "graders/toy/hidden/test_counter_hidden.py"
    text = hidden.read_text()
    hidden.write_text(
        text.replace("expect_equal(mine.total, theirs.total", "(mine.total, theirs.total")
    )
    spec = root / "specs/toy.toml"
    spec.write_text(spec.read_text().replace("counter:Tally.add:arguments:1", "counter:gone:x:1"))
    return root


@pytest.mark.slow  # grades every mutant of the part
def test_cli_writes_survivors_as_diffs_with_the_tests_that_ran(weak_toy, tmp_path):
    output = tmp_path / "out"
    result = CliRunner().invoke(
        main,
        [
            *("mutants", "toy", "--phase", "1", "--part", "tally"),
            *("--output", str(output), "--project", str(weak_toy)),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "surviving mutant" in result.output and "kill rate" in result.output
    assert "no such mutant is made any more" in result.output
    data = json.loads((output / "mutants.json").read_text())
    assert data["format"] == "cardlab-mutants/1" and data["other_parts"] == "reference"
    survivors = [m for m in data["mutants"] if m["status"] == SURVIVED]
    assert survivors, "a weakened tally test lets some mutant through"
    assert all(m["parts"] == ["tally"] and m["tests"] for m in survivors)
    diffs = sorted(p.name for p in (output / "survivors").iterdir())
    assert len(diffs) == len(survivors)
    assert (output / "report.txt").read_text().startswith("toy phase 1")


def test_a_reference_that_loses_points_is_refused(toy, tmp_path):
    root = tmp_path / "toy"
    shutil.copytree(toy.root, root)
    counter = root / "reference/toy/counter.py"
    counter.write_text(counter.read_text().replace("return a + b", "return a - b"))
    with pytest.raises(CardlabError, match=r"the reference scores .* mend the graders"):
        grade_mutants(Project(root), "toy", 1)


def test_a_part_marked_by_hand_neither_refuses_the_reference_nor_grades_mutants(toy, tmp_path):
    root = tmp_path / "toy"
    shutil.copytree(toy.root, root)
    spec_file = root / "specs/toy.toml"
    by_hand = '  [[phase.part]]\n  id = "notes"\n  title = "Notes"\n  points = 10\n'
    by_hand += '  manual = "NOTES.md"\n\n  [[phase.equivalent]]'
    spec_file.write_text(spec_file.read_text().replace("  [[phase.equivalent]]", by_hand, 1))
    (root / "reference" / "toy" / "NOTES.md").write_text("How the tally adds.\n")  # an example
    project = Project(root)
    phase = project.spec("toy").phase(1)
    assert [p.id for p in phase.parts] == ["add", "tally", "notes"]
    solution = tmp_path / "solution"
    write_solution(project, project.spec("toy"), solution)
    check_reference(project, "toy", 1, solution)  # 90 of 100, the 10 left to mark by hand
    mutants = phase_mutants(project.reference_dir("toy"), project.spec("toy"), 1)
    assert {graded_home_parts(phase, m) for m in mutants} == {("add",), ("tally",)}


@pytest.mark.slow  # grades whist phase 2 up to its first loss
def test_a_run_that_stops_at_its_first_loss_plays_the_tournament_last(repo, tmp_path):
    solution = tmp_path / "solution"
    write_solution(repo, repo.spec("whist"), solution)
    trick = solution / "whist" / "trick.py"  # str(trick) joins its cards with "; "
    trick.write_text(trick.read_text().replace('", ".join(', '"; ".join('))
    report = run(project_job(repo, "whist", 2, solution), stop_at_first_loss=True)
    assert report.score < report.max_score - report.open_points
    tournament = next(part for part in report.parts if part.id == "tournament")
    assert not tournament.tests, "the practice tournament's file comes first, yet it waits"


def test_unknown_phase_is_one_line(toy):
    result = CliRunner().invoke(
        main, ["mutants", "toy", "--phase", "9", "--project", str(toy.root)]
    )
    assert result.exit_code == 2 and "has no phase 9" in result.output


def test_a_module_of_several_packages_is_found_in_its_package_folder(tmp_path):
    assert module_file(tmp_path, "card") == tmp_path / "card.py"
    assert module_file(tmp_path, "cards.card") == tmp_path / "cards" / "card.py"


def test_mutants_of_an_assignment_of_several_packages_are_named_with_their_package(repo):
    spec = repo.spec("whist")
    found = phase_mutants(repo.root / "reference", spec, 1)
    assert found
    assert {m.module for m in found} == set(spec.phase(1).writes)


def test_the_guide_s_example_report_counts_today_s_mutants(repo):
    """The mutants guide shows bisca phase 2's report: its counts are those cardlab makes."""
    guide = (repo.root / "docs" / "instructors" / "mutants.md").read_text(encoding="utf-8")
    header = re.search(r"^bisca phase 2: (\d+) mutants of the student-written code", guide, re.M)
    assert header, "the guide shows no bisca phase 2 report"
    spec = repo.spec("bisca")
    reference = repo.reference_dir("bisca")
    assert int(header[1]) == len(phase_mutants(reference, spec, 2))
    rows = re.findall(r"^│ (\w+) +│ +(\d+) │ +(\d+) │ +(\d+) │ +(\d+) │ +([\d.]+)% │", guide, re.M)
    assert rows, "the example report has no part row"
    reviewed = {e.mutant for e in spec.phase(2).equivalent}
    for part, mutants, killed, survived, equivalent, rate in rows:
        made = phase_mutants(reference, spec, 2, part)
        assert int(mutants) == len(made), f"part {part}"
        assert int(equivalent) == len({m.id for m in made} & reviewed), f"part {part}"
        assert int(killed) + int(survived) + int(equivalent) == int(mutants)
        assert float(rate) == round(100 * int(killed) / (int(mutants) - int(equivalent)), 1)


@pytest.fixture(scope="module")
def toy_costs(toy, once):
    """The mutants of the toy's ``add`` part graded for their cost, once per run."""
    return once(
        "toy-mutant-costs", lambda folder: grade_mutants(toy, "toy", 1, part="add", costs=True)
    )


def test_a_killed_mutant_reports_the_points_it_costs_in_its_parts(toy, toy_costs, tmp_path):
    killed = [r for r in toy_costs.results if r.status == KILLED]
    assert killed and all(r.points is not None and 0 < r.points <= r.out_of == 40 for r in killed)
    first = killed[0]
    solution = tmp_path / "solution"
    write_solution(toy, toy.spec("toy"), solution)
    module_file(solution, first.mutant.module).write_text(first.mutant.source)
    graded = run(project_job(toy, "toy", 1, solution), parts=("add",))
    [part] = [p for p in graded.parts if p.id == "add"]
    assert first.points == pytest.approx(part.max_score - part.score)
    assert len(first.tests) == len([t for t in graded.tests if t.part == "add"]), "no early stop"


def test_the_cost_spread_is_the_least_median_and_most(toy_costs):
    points = sorted(r.points for r in toy_costs.results if r.points is not None)
    spread = toy_costs.costs_spread()
    assert (spread.mutants, spread.least, spread.most) == (len(points), points[0], points[-1])
    assert spread.least <= spread.median <= spread.most
    text = render_mutation_text(toy_costs)
    assert f"least {spread.least:.2f}, median {spread.median:.2f}, most {spread.most:.2f}" in text
    data = mutation_json(toy_costs)
    assert data["costs"]["min"] == pytest.approx(spread.least, abs=1e-4)
    killed = next(r.mutant.id for r in toy_costs.results if r.status == KILLED)
    assert {m["id"]: m["points"] for m in data["mutants"]}[killed] is not None


def test_without_costs_no_cost_is_reported(toy_report):
    assert toy_report.costs_spread() is None
    assert all(r.points is None for r in toy_report.results)
    assert "Points a killed mutant costs" not in render_mutation_text(toy_report)
    assert mutation_json(toy_report)["costs"] is None
