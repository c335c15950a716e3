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
from pathlib import Path

import pytest
from branches import SEVERAL, branch_counts
from click.testing import CliRunner
from run_once import graded_files, graded_modules

import cardlab
from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.course.registry import read_declaration
from cardlab.errors import CardlabError

REPO = Project(Path(__file__).resolve().parents[1])
ASSIGNMENTS = REPO.assignments()
BRANCH_CASES = [
    (declaration.id, phase)
    for declaration in REPO.declarations()
    for phase in declaration.branches.phases
]


def _code_without_docstrings(path: Path) -> str:
    """A module's code as Python reads it: no comments, no docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
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


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("tournament = 3\n", "tournament: must be a table"),
        ("[play]\ngame = 'play/none.py'\n", "play.game: no file 'play/none.py'"),
        ("[tournament]\ngame = 'codec.py'\n", 'tournament.game: \'codec.py\' is not "FILE:NAME"'),
        ("[hidden]\nsecret_examples = 'yes'\n", "hidden.secret_examples: must be a bool"),
        ("[play]\ngame = 'codec.py'\n[[play.options]]\nname = 'x'\nwhere = 1\n",
         "play.options[0].where: unknown key"),
        ("[branches]\n[[branches.fixed]]\nmodule = 'card'\n", "branches.fixed[0].function: is missing"),
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
