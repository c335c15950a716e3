"""Tests every registered assignment takes, from what it declares in its own folders.

Each assignment declares in ``graders/<assignment>/assignment.toml`` what the framework
needs from it (:mod:`cardlab.course.registry`); these tests run over every registered
assignment and phase, so adding an assignment adds data here, not test code.

Hidden tests reach every branch of the student-written code, several times each.
Hidden tests are differential: each case they send to the student's code, they also
work out with the reference, in the judge. So counting which way each ``if`` of the
reference went while the hidden tests grade the reference solution tells which
branches of each student-written method the hidden cases reach, and how often. A branch
reached by no hidden case, or by only one, is a rule a student can get wrong unnoticed
(the counters are tested in ``test_branch_coverage.py``). The phases counted, and the
reviewed exceptions with their reasons, are the assignment's ``[branches]``.
"""

from __future__ import annotations

import ast
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.alternative_grading import points_lost
from support.branches import SEVERAL, branch_counts
from support.call_limits import timed_out
from support.run_once import graded_files, graded_modules
from support.seeded_bugs import edited_copy, grade_bug, load_bugs, points_a_bug_costs
from support.tournament_deals import with_deals

import cardlab
from cardlab.cli import main
from cardlab.course.handout_audit import check_handout
from cardlab.course.project import Project
from cardlab.course.registry import BUG_KINDS, INSTRUCTOR_ONLY, read_bugs, read_declaration
from cardlab.course.solution import write_solution
from cardlab.course.spec import code_module
from cardlab.errors import CardlabError
from cardlab.judge.grading import project_job, run
from cardlab.play import EXIT_INPUT_CLOSED

REPO = Project(Path(__file__).resolve().parents[2])
ASSIGNMENTS = REPO.assignments()
_NOT_WRITTEN = shutil.ignore_patterns("__pycache__", "*.md")
PHASES = [
    (assignment, phase.number)
    for assignment in ASSIGNMENTS
    for phase in REPO.spec(assignment).phases
]
GAMES = [declaration.id for declaration in REPO.declarations() if declaration.game is not None]
BUGS = [
    bug
    for declaration in REPO.declarations()
    for bug in load_bugs(declaration.bugs_file, declaration.id)
]
CORE_BUGS = [
    (bug, declaration.bugs().core_share)
    for declaration in REPO.declarations()
    for bug in declaration.bugs().bugs
    if bug.core
]
BRANCH_CASES = [
    (declaration.id, phase)
    for declaration in REPO.declarations()
    for phase in declaration.branches.phases
]


def _alternative_modules(folder: Path) -> list[str]:
    """The modules an alternative solution writes, named as the spec names them."""
    files = folder.rglob("*.py")
    return sorted(".".join(path.relative_to(folder).with_suffix("").parts) for path in files)


def _alternative_cases() -> list[tuple[str, str, int]]:
    """(assignment, alternative, phase) for every phase that grades one of its modules."""
    cases = []
    for declaration in REPO.declarations():
        spec = REPO.spec(declaration.id)
        for folder in declaration.alternatives():
            modules = set(_alternative_modules(folder))
            for phase in spec.phases:
                submitted = spec.submitted_modules(phase.number)
                graded = set(phase.writes) | {code_module(m, submitted) for m in phase.methods}
                if modules & graded:
                    cases.append((declaration.id, folder.name, phase.number))
    return cases


def _later_phase_cases() -> list[tuple[str, int, tuple[str, ...]]]:
    """(assignment, phase, alternatives) for every phase after the one an alternative is
    graded in whose parts still run its modules (the student's earlier work, kept).

    Alternatives that write different modules are laid over the solution together, so
    a phase is graded once for as many of them as fit, not once for each: a part that
    runs several of them at full marks runs each at full marks.
    """
    cases = []
    for declaration in REPO.declarations():
        spec = REPO.spec(declaration.id)
        for phase in spec.phases:
            submitted = spec.submitted_modules(phase.number)
            graded = set(phase.writes) | {code_module(m, submitted) for m in phase.methods}
            groups: list[tuple[list[str], set[str]]] = []
            for folder in declaration.alternatives():
                modules = set(_alternative_modules(folder))
                if modules & graded or not spec.parts_running(phase.number, modules):
                    continue
                group = next((g for g in groups if not g[1] & modules), None)
                if group is None:
                    groups.append(([folder.name], modules))
                else:
                    group[0].append(folder.name)
                    group[1].update(modules)
            cases += [(declaration.id, phase.number, tuple(names)) for names, _ in groups]
    return cases


LATER_CASES = _later_phase_cases()


def _code_without_docstrings(path: Path) -> str:
    """A module's code as Python reads it: no comments, no docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        value = first.value if isinstance(first, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            body[0] = ast.Pass()
    return ast.unparse(tree)


def test_no_framework_module_names_an_assignment():
    """Docstrings may take an assignment as an example; code and its strings may not."""
    package = Path(cardlab.__file__).parent
    word = re.compile(rf"\b({'|'.join(ASSIGNMENTS)})\b")
    named = [
        f"{path.relative_to(package)}: {found.group()}"
        for path in sorted(package.rglob("*.py"))
        if (found := word.search(_code_without_docstrings(path)))
    ]
    assert not named, named


def test_every_assignment_declares_itself():
    for declaration in REPO.declarations():
        assert (declaration.folder / "assignment.toml").is_file(), declaration.id
        assert declaration.codec is not None and declaration.codec.is_file()


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_a_declaration_reads_without_what_stays_with_the_instructor(tmp_path, assignment):
    """A Gradescope autograder carries no seeded bugs, alternatives or examples."""
    ignored = shutil.ignore_patterns(*INSTRUCTOR_ONLY, "__pycache__")
    shutil.copytree(REPO.graders_dir(assignment), tmp_path / assignment, ignore=ignored)
    shipped = read_declaration(tmp_path / assignment, assignment)
    assert shipped.codec is not None and not shipped.alternatives()


def test_the_toy_projects_declare_themselves():
    tests = Path(__file__).resolve().parents[1]
    for root in (tests / "toy_project", tests / "guide_toy"):
        for declaration in Project(root).declarations():
            assert (declaration.folder / "assignment.toml").is_file(), declaration.id


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("tournament = 3\n", "tournament: must be a table"),
        ("[play]\ngame = 'play/none.py'\n", "play.game: no file 'play/none.py'"),
        ("[tournament]\ngame = 'codec.py'\n", "tournament.game: 'codec.py' is not \"FILE:NAME\""),
        ("[hidden]\nsecret_examples = 'yes'\n", "hidden.secret_examples: must be a bool"),
        (
            "[play]\ngame = 'codec.py'\n[[play.options]]\nname = 'x'\nwhere = 1\n",
            "play.options[0].where: unknown key",
        ),
        (
            "[branches]\n[[branches.fixed]]\nmodule = 'card'\n",
            "branches.fixed[0].function: is missing",
        ),
        ("[stubs]\ntournament_deals = 0\n", "stubs.tournament_deals: must be at least 1"),
        ("[stubs]\ndeals = 4\n", "stubs.deals: unknown key"),
        ("colour = 'red'\n", "colour: unknown key"),
        ("[demo\n", "not TOML"),
    ],
)
def test_a_bad_declaration_is_one_line_naming_file_and_key(tmp_path, text, said):
    (tmp_path / "codec.py").write_text('"""Codec."""\n')
    (tmp_path / "assignment.toml").write_text(text)
    with pytest.raises(CardlabError) as raised:
        read_declaration(tmp_path, "toy")
    message = str(raised.value)
    assert message.startswith(f"{tmp_path / 'assignment.toml'}: ") and "\n" not in message
    assert said in message


_BUG = "[[bug]]\nid = 'x'\nphase = 1\nfile = 'a.py'\npart = 'p'\nold = 'a'\nnew = 'b'\n"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("colour = 'red'\n", "colour: unknown key"),
        ("also = ['quick']\n", "also: unknown check 'quick'"),
        ("core_share = 0\n", "core_share: must be above 0 and at most 1"),
        ("core_share = 'a fifth'\n", "core_share: must be a number"),
        (_BUG.replace("part = 'p'\n", ""), "bug[0].part: is missing"),
        (_BUG + "core = 'yes'\n", "bug[0].core: must be a bool"),
        (_BUG + "call_seconds = true\n", "bug[0].call_seconds: must be a number"),
        (_BUG + "where = 1\n", "bug[0].where: unknown key"),
        (_BUG + "kind = 'typo'\n", "bug[0].kind: unknown kind 'typo'"),
        ("absent_kinds = { observers = ' ' }\n", "absent_kinds.observers: must give the reason"),
        ("absent_kinds = { looks = 'none' }\n", "absent_kinds.looks: unknown key"),
        ("[[bug\n", "not TOML"),
    ],
)
def test_a_bad_bugs_file_is_one_line_naming_file_and_key(tmp_path, text, said):
    (tmp_path / "bugs.toml").write_text(text)
    with pytest.raises(CardlabError) as raised:
        read_bugs(tmp_path / "bugs.toml", "toy")
    message = str(raised.value)
    assert message.startswith(f"{tmp_path / 'bugs.toml'}: ") and "\n" not in message
    assert said in message


def test_a_bugs_file_reads_its_policy_and_core_bugs(tmp_path):
    absent = "absent_kinds = { observers = 'no console' }\n"
    text = f"also = ['ran']\ncore_share = 0.25\n{absent}{_BUG}core = true\nkind = 'state'\n"
    (tmp_path / "bugs.toml").write_text(text)
    read = read_bugs(tmp_path / "bugs.toml", "toy")
    assert (read.core_share, read.absent_kinds) == (0.25, {"observers": "no console"})
    [bug] = read.bugs
    assert (bug.core, bug.also, bug.assignment, bug.kind) == (
        True,
        frozenset({"ran"}),
        "toy",
        "state",
    )
    (tmp_path / "bugs.toml").write_text(_BUG)
    assert read_bugs(tmp_path / "bugs.toml", "toy").bugs[0].kind == "rule"
    assert read_bugs(tmp_path / "none.toml", "toy").core_share == 0.2


def test_a_bad_declaration_stops_the_command_line_with_status_2(tmp_path):
    project = tmp_path / "project"
    for part in ("specs", "reference/toy", "graders/toy"):
        (project / part).mkdir(parents=True)
    (project / "specs" / "toy.toml").write_text("")
    (project / "graders" / "toy" / "assignment.toml").write_text("[play]\ngame = 1\n")
    result = CliRunner().invoke(main, ["play", "toy", "--project", str(project)])
    assert result.exit_code == 2
    assert result.output.strip().endswith("play.game: must be a str, not 1")
    assert len(result.output.strip().splitlines()) == 1


def test_cardlab_play_lists_the_registered_games_and_their_options():
    result = CliRunner().invoke(main, ["play", "--help", "--project", str(REPO.root)])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    games = [d for d in REPO.declarations() if d.game is not None]
    assert f"Games you can play: {', '.join(d.id for d in games)}." in text
    for declaration in games:
        for option in declaration.game.options:
            assert f"--{option.name}" in text
            assert " ".join(f"{declaration.id}: {option.help}".split()) in text


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_the_reference_scores_full_marks(reference_grading, assignment, number):
    """Full marks but for the points of parts marked by hand (each assignment's own test
    file checks what else its report holds)."""
    report = reference_grading(assignment, number).report  # shared with the branch counts
    assert not report.failures, _failures(report)
    assert report.score == report.max_score - report.open_points
    assert not report.notes, report.notes
    assert not [part.id for part in report.parts if part.manual and part.document is None]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_the_solution_is_a_whole_submission_with_every_hand_marked_document(assignment, tmp_path):
    """What ``cardlab solution`` writes holds what every part of every phase reads."""
    from cardlab.judge.manual import read_document

    spec = REPO.spec(assignment)
    write_solution(REPO, spec, tmp_path / "solution")
    for phase in spec.phases:
        for part in spec.manual_parts(phase.number):
            text, note = read_document(tmp_path / "solution" / part.manual)
            assert text, f"phase {phase.number}, part {part.id}: {note}"


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_the_stubs_score_nothing(assignment, number):
    """Every part of the untouched stubs runs its tests (or waits for its document) and
    scores nothing, each failure a finished test.

    The assignment's ``[stubs] tournament_deals`` cuts the phase tournament of a stub
    player that forfeits every game.
    """
    job = project_job(REPO, assignment, number, REPO.stubs_dir(REPO.spec(assignment)))
    deals = REPO.declaration(assignment).stubs_tournament_deals
    report = run(job if deals is None else with_deals(job, deals))
    assert report.score == 0, [(part.id, part.score) for part in report.parts]
    assert report.failures
    for part in report.parts:
        assert part.score == 0 and (part.tests or part.manual), part.id
        if part.manual:
            assert f"{part.manual} is missing" in part.note, part.note
    assert not any("could not finish" in test.message for test in report.failures)


def _hidden_only(graders: Path) -> set[str]:
    """The names of the hidden graders' files that no public file shares."""
    public = {path.name for path in (graders / "public").rglob("*")}
    return {path.name for path in (graders / "hidden").rglob("*")} - public


@pytest.mark.parametrize(("assignment", "number"), PHASES)
def test_the_handout_holds_no_source(handout_of, assignment, number):
    """The student's modules as the committed stubs, nothing hidden, nothing of the
    instructor's (seeded bugs, alternatives, examples, the terminal game's folder), and
    the audit clean, which also compares every file with the reference sources and the
    hidden tests by content.

    The handout is built once per run (``handout_of``) and shared with the assignment's
    own handout tests.
    """
    folder = handout_of(assignment, number)
    spec = REPO.spec(assignment)
    assert check_handout(folder, spec, project=REPO) == []
    declaration = REPO.declaration(assignment)
    withheld = {*INSTRUCTOR_ONLY, "hidden", "__pycache__"} | _hidden_only(declaration.folder)
    if declaration.game is not None:
        withheld.add(declaration.game.module.parent.name)
    shipped = [path.relative_to(folder) for path in folder.rglob("*")]
    assert not [path for path in shipped if path.name in withheld]
    stubs = REPO.stub_package_dirs(spec)
    for module in spec.submitted_modules(number):
        package, name = spec.split(module)
        handed = (folder / package / f"{name}.py").read_bytes()
        assert handed == (stubs[package] / f"{name}.py").read_bytes(), f"{module}: not the stub"


@pytest.mark.parametrize("assignment", GAMES)
def test_the_terminal_game_draws_its_table_and_stops_when_input_closes(assignment):
    root = str(REPO.root)
    played = CliRunner().invoke(main, ["play", assignment, "--seed", "1", "--project", root])
    assert played.exit_code == EXIT_INPUT_CLOSED, played.output
    assert played.output.strip()


@pytest.mark.slow
@pytest.mark.parametrize("bug", BUGS, ids=[f"{bug.assignment}-{bug.id}" for bug in BUGS])
def test_a_seeded_bug_loses_points_in_its_part(repo, solution_of, tmp_path, bug):
    """Each bug of ``bugs.toml`` loses points in its part, with its file's further checks."""
    folder = tmp_path / "submission"
    if bug.old:
        edited_copy(solution_of(bug.assignment), folder, bug.file, bug.old, bug.new)
    else:
        shutil.copytree(solution_of(bug.assignment), folder)
        (folder / bug.file).unlink()
    report = grade_bug(repo, bug.assignment, bug.phase, folder, bug.part, bug.call_seconds)
    part = next(p for p in report.parts if p.id == bug.part)
    if "counted" in bug.also:
        assert part.counted and not part.note, f"{bug.id}: no test of part {bug.part} ran"
    if "ran" in bug.also:
        assert part.tests, f"no test of part {bug.part} ran"
    assert part.score < part.max_score, f"{bug.id}: part {bug.part} kept full marks"
    if "short" in bug.also:
        assert report.score < report.max_score
    if "finished" in bug.also:
        assert not any("could not finish" in test.message for test in report.failures)
    if bug.call_seconds is not None:
        limit = timed_out(bug.call_seconds)
        assert any(limit in test.message for test in report.failures), _failures(report)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("bug", "share"), CORE_BUGS, ids=[f"{bug.assignment}-{bug.id}" for bug, _ in CORE_BUGS]
)
def test_a_core_bug_costs_at_least_its_share_of_its_part(repo, solution_of, tmp_path, bug, share):
    """A broken core rule of the game costs what the assignment's policy says, at least.

    Its whole part is graded (no stop at the first loss): the points it loses there over
    the part's points must reach the ``core_share`` of its ``bugs.toml``.
    """
    folder = edited_copy(solution_of(bug.assignment), tmp_path / "bug", bug.file, bug.old, bug.new)
    lost, out_of = points_a_bug_costs(repo, bug.assignment, bug.phase, folder, bug.part)
    assert round(lost, 6) >= round(share * out_of, 6), (
        f"{bug.id}: costs {lost:.2f} of the {out_of:g} points of part {bug.part}, "
        f"less than {share:g} of them"
    )


def test_every_assignment_marks_its_core_bugs():
    """Each assignment with seeded bugs names at least three that break a core rule."""
    for declaration in REPO.declarations():
        bugs = declaration.bugs().bugs
        if bugs:
            assert sum(bug.core for bug in bugs) >= 3, declaration.id


def _failures(report) -> str:
    return "\n\n".join(f"{t.id}\n{t.message}" for t in report.failures)[:4000]


KINDS_OWED = sorted(BUG_KINDS - {"rule"})
"""The kinds of mistake beyond a broken rule that every assignment's graders must catch."""


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_assignment_seeds_three_bugs_of_each_kind(assignment):
    """Three seeded bugs at least of each kind, unless the contract gives the kind no room."""
    bugs = REPO.declaration(assignment).bugs()
    counts = Counter(bug.kind for bug in bugs.bugs)
    short = {
        kind: counts[kind]
        for kind in KINDS_OWED
        if kind not in bugs.absent_kinds and counts[kind] < 3
    }
    assert not short, f"{assignment}: fewer than three seeded bugs of these kinds: {short}"


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_every_assignment_has_five_alternatives(assignment):
    found = REPO.declaration(assignment).alternatives()
    assert len(found) >= 5, f"{assignment}: {len(found)} alternative solutions"


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "name", "phase"), _alternative_cases())
def test_an_alternative_solution_scores_full_marks(
    repo, solution_of, tmp_path, assignment, name, phase
):
    """Written from the docstrings alone, another way than the reference: full marks.

    The alternative's files are laid over the reference solution (``solution_of``); only
    the parts that run its modules are graded (``alternative_grading``).
    """
    submission = tmp_path / "submission"
    shutil.copytree(solution_of(assignment), submission)
    written = repo.declaration(assignment).folder / "alternatives" / name
    shutil.copytree(written, submission, dirs_exist_ok=True, ignore=_NOT_WRITTEN)
    lost = points_lost(repo, assignment, phase, submission, _alternative_modules(written))
    assert not lost, f"{name}:\n" + "\n".join(lost)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("assignment", "phase", "names"),
    LATER_CASES,
    ids=[f"{a}-{p}-{'+'.join(names)}" for a, p, names in LATER_CASES],
)
def test_alternative_solutions_keep_full_marks_in_later_phases(
    repo, solution_of, tmp_path, assignment, phase, names
):
    """A choice the contract leaves free stays free in every later phase.

    A part of a later phase that runs the student's earlier modules (a game played with
    the student's cards) and compared a free choice with the reference's pick would take
    points from a correct alternative here. Every part that runs the alternatives'
    modules is graded; the other parts run none of their code.
    """
    submission = tmp_path / "submission"
    shutil.copytree(solution_of(assignment), submission)
    modules = []
    for name in names:
        written = repo.declaration(assignment).folder / "alternatives" / name
        shutil.copytree(written, submission, dirs_exist_ok=True, ignore=_NOT_WRITTEN)
        modules += _alternative_modules(written)
    lost = points_lost(repo, assignment, phase, submission, modules)
    assert not lost, f"{' + '.join(names)}:\n" + "\n".join(lost)


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "number"), BRANCH_CASES)
def test_hidden_cases_reach_every_branch_several_times(repo, reference_grading, assignment, number):
    graded = reference_grading(assignment, number)  # shared with the grading tests
    assert graded.report.score == graded.report.max_score - graded.report.open_points
    spec = repo.spec(assignment)
    reviewed = repo.declaration(assignment).branches
    targets = graded_modules(spec, number)
    rare = []
    for path, module in graded_files(repo, spec, number).items():
        if module in reviewed.own_design:
            continue
        counted = branch_counts(graded.branches, path, targets[module])
        for function, k, outcome, count, line in counted:
            branch = (module, function, k, outcome)
            known = branch in reviewed.fixed or branch in reviewed.unreachable
            if count < SEVERAL and not known:
                rare.append(f"{module}.{function}: if #{k} (line {line}) {outcome}: {count}")
    assert not rare, f"branches reached by fewer than {SEVERAL} hidden cases:\n" + "\n".join(rare)
