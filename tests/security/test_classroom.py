"""GitHub Classroom: the student's repository is untrusted, and honest work earns its points.

Each attack changes the exported repository the way a student could, then runs the
workflow's own command for a part; the honest baseline is the untouched stubs, which
earn nothing. An attack must earn no more (exit status non-zero) and, where it was
caught by the digest, say why. The cheat every attack plants is the same: when it
loads in the judge, every part gets full points.

The integrity of every assignment's export is tested on each phase: an honest student
(the reference copied in as the README says, their own tests where the phase grades
them, the caches their own runs leave) must pass ``--verify``, and the same student
with one protected file changed, cut, deleted or shadowed must be refused. These check
the digest directly, against the one the workflow holds; one honest student per
assignment with several packages or graded tests runs the workflow's command for real.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml

from cardlab.course.integrity import verify_handout
from cardlab.course.project import Project
from cardlab.course.spec import STUDENT_TESTS, Spec
from cardlab.errors import CardlabError
from cardlab.exports.classroom import COMMAND_GRADER, SHARED_RUN, WORKFLOW, export_classroom
from cardlab.exports.part_marks import collected_parts
from cardlab.worker.compose import provided_modules

PHASE, PART = 2, "suit"
CHEAT = """
import cardlab.judge.parts.code as code
code.part_score = lambda points, tests: points
"""
CHANGED = "differ from the ones your instructor shipped"

pytestmark = pytest.mark.slow


def _lower_points(folder: Path) -> None:
    spec = folder / "spec.toml"
    text = spec.read_text()
    at = text.index('id = "suit"')
    end = text.index("points = ", at)
    line_end = text.index("\n", end)
    spec.write_text(text[:end] + "points = 0" + text[line_end:])


def _conftest_in_tests(folder: Path) -> None:
    (folder / "tests" / "conftest.py").write_text(CHEAT)


def _conftest_at_the_root(folder: Path) -> None:
    (folder / "conftest.py").write_text(CHEAT)


def _ini_with_a_plugin(folder: Path) -> None:
    (folder / "cheat_plugin.py").write_text(CHEAT)
    (folder / "pytest.ini").write_text("[pytest]\npythonpath = .\naddopts = -p cheat_plugin\n")


def _patched_provided_module(folder: Path) -> None:
    provided = next(p for p in (folder / "bisca").iterdir() if p.suffix == ".pyc")
    provided.write_bytes(provided.read_bytes() + b"\0")


ATTACKS: dict[str, tuple[Callable[[Path], None], str | None]] = {
    "lowers-points-in-spec": (_lower_points, CHANGED),
    "conftest-in-tests": (_conftest_in_tests, CHANGED),
    "conftest-at-the-root": (_conftest_at_the_root, None),
    "ini-loads-a-plugin": (_ini_with_a_plugin, None),
    "patched-provided-module": (_patched_provided_module, CHANGED),
}


def _fake_wheel(folder: Path) -> Path:
    """A wheel for the repository to ship; never installed here."""
    wheel = folder / "cardlab-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
    return wheel


def _commands(folder: Path) -> dict[str, str]:
    """The command the workflow runs for each part, by part id."""
    steps = yaml.safe_load((folder / WORKFLOW).read_text())["jobs"]["run-autograding-tests"]
    return {
        step["id"].removeprefix("part-"): step["with"]["command"]
        for step in steps["steps"]
        if step.get("uses") == COMMAND_GRADER
    }


@pytest.fixture
def exported(repo, once, tmp_path) -> Callable[[str, int], Path]:
    """A copy of an assignment phase's exported repository, exported once per run."""

    def export(assignment: str, phase: int) -> Path:
        def make(folder: Path) -> Path:
            spec = repo.spec(assignment)
            return export_classroom(repo, spec, phase, folder / "repo", wheel=_fake_wheel(folder))

        shared = once(f"classroom-{assignment}-{phase}", make)
        return shutil.copytree(shared, tmp_path / "repo", symlinks=True)

    return export


@pytest.fixture
def classroom(exported) -> tuple[Path, str]:
    """An exported repository and the command its workflow runs for the part."""
    folder = exported("bisca", PHASE)
    return folder, _commands(folder)[PART]


def _run(folder: Path, command: str, runner_temp: Path | None = None,
         **env: str) -> subprocess.CompletedProcess:
    """Run a step's command; without ``runner_temp``, as the first step of a push."""
    with tempfile.TemporaryDirectory() as fresh:
        place = str(runner_temp or fresh)
        words = [word.replace("${{ runner.temp }}", place) for word in shlex.split(command)]
        assert words[0] == "cardlab"
        return subprocess.run(
            [sys.executable, "-m", "cardlab.cli", *words[1:]],
            cwd=folder, capture_output=True, text=True, timeout=300, check=False,
            env={**os.environ, **env},
        )


def test_the_honest_stubs_earn_nothing_and_the_solution_everything(repo, classroom):
    folder, command = classroom
    assert "--verify sha256:" in command
    stubs = _run(folder, command)
    assert stubs.returncode == 1 and "Points for Suit: 0 / 15" in stubs.stdout
    solution = repo.reference_dir("bisca") / "suit.py"
    (folder / "bisca" / "suit.py").write_bytes(solution.read_bytes())
    solved = _run(folder, command)
    assert solved.returncode == 0 and "Points for Suit: 15 / 15" in solved.stdout


def test_the_cheat_works_when_loaded_in_the_judge(classroom):
    """Proof the attacks would pay: the cheat, run in the judge's process, gives full points."""
    folder, _ = classroom
    script = f"{CHEAT}\nfrom cardlab.cli import main\nmain(['check', '--part', '{PART}'])"
    done = subprocess.run([sys.executable, "-c", script], cwd=folder, capture_output=True,
                          text=True, timeout=300, check=False)
    assert "Points for Suit: 15 / 15" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("name", list(ATTACKS))
def test_an_attack_on_the_repository_earns_no_points(classroom, name):
    folder, command = classroom
    attack, cause = ATTACKS[name]
    attack(folder)
    done = _run(folder, command, PYTEST_PLUGINS="cheat_plugin", PYTHONPATH=str(folder))
    assert done.returncode != 0, done.stdout
    assert "Points for Suit: 15 / 15" not in done.stdout
    if cause is not None:
        assert cause in done.stderr


# -- Every assignment's export: honest work passes --verify, tampering does not ----------

REPO = Path(__file__).resolve().parents[2]
EXPORTS = [
    (assignment, phase.number)
    for assignment in Project(REPO).assignments()
    for phase in Project(REPO).spec(assignment).phases
]
"""Every phase of every assignment: each has public tests, so a Classroom export."""

A_LINE = b"\nimport os\n"
CACHES = ("__pycache__/stale.cpython-313.pyc", ".pytest_cache/v/cache/lastfailed")
"""Files a student's own runs of pytest leave in a folder."""

Change = Callable[[Path], None]


def _digest(folder: Path) -> str:
    """The digest every graded step of the workflow verifies."""
    digests = {re.search(r"--verify (\S+)", c)[1] for c in _commands(folder).values()}
    assert len(digests) == 1, digests
    return digests.pop()


def _section(readme: str, title: str) -> str:
    """The text of a README's section, up to the next one (empty when it has none)."""
    _, found, rest = readme.partition(f"\n## {title}\n")
    return rest.split("\n## ")[0] if found else ""


def _the_students(folder: Path) -> tuple[list[str], list[str]]:
    """What the README tells the student to write: module files, and folders of tests."""
    readme = (folder / "README.md").read_text(encoding="utf-8")
    modules = re.findall(r"`([\w/]+\.py)`", _section(readme, "What you write"))
    tests = re.findall(r"`([\w/]+)/`", _section(readme, "Your own tests are graded"))
    assert modules, "the README names no module to write"
    return sorted(set(modules)), tests


def _in_solution(solution: Path, spec: Spec, relative: str) -> Path:
    """A handout file's counterpart in a written-out solution (a folder per package)."""
    if spec.has_packages:
        return solution / relative
    return solution / relative.split("/", 1)[1]


def _packages(folder: Path) -> list[str]:
    """The package folders of an exported repository."""
    return sorted(p.parent.name for p in folder.glob("*/__init__.py"))


def _work_honestly(folder: Path, spec: Spec, solution: Path) -> None:
    """Do what the README says with the reference as one's work, and run it now and then.

    Every module the README names is copied in (in whist's phase 2, the phase-1 cards
    too), the reference's unit tests go where the README asks for the student's own,
    the hand-marked document sits at the top, and pytest's caches are left everywhere.
    """
    packages = _packages(folder)
    modules, tests = _the_students(folder)
    for relative in modules:
        shutil.copyfile(_in_solution(solution, spec, relative), folder / relative)
    for relative in tests:
        shutil.copytree(_in_solution(solution, spec, relative), folder / relative)
    for document in solution.glob("*.md"):
        shutil.copyfile(document, folder / document.name)
    for where in [folder, folder / "tests", *(folder / p for p in packages)]:
        for cache in CACHES:
            (where / cache).parent.mkdir(parents=True, exist_ok=True)
            (where / cache).write_bytes(b"left by a run")


def _provided_files(folder: Path) -> list[Path]:
    """The files of the packages that the README does not give the student to write."""
    modules, tests = _the_students(folder)
    return [
        path
        for package in _packages(folder)
        for path in sorted((folder / package).rglob("*"))
        if path.is_file()
        and path.relative_to(folder).as_posix() not in modules
        and not any(path.relative_to(folder).as_posix().startswith(f"{t}/") for t in tests)
    ]


def _edited(data: bytes) -> bytes:
    return data[:-1] + bytes([data[-1] ^ 1])


def _tamperings(folder: Path) -> Iterator[tuple[str, Path, bytes | None]]:
    """Each change to a protected file: (what it is, the file, its new bytes or None).

    The files are read from the repository as exported, before the student works in it.
    """
    for path in _provided_files(folder):
        data = path.read_bytes()
        yield "edited provided file", path, _edited(data)
        yield "line appended to a provided file", path, data + A_LINE
        yield "deleted provided file", path, None
    modules, _ = _the_students(folder)
    for package in _packages(folder):
        for name, path in provided_modules(folder / package).items():
            if f"{package}/{name}.py" not in modules:
                yield "file shadowing a provided module", path.with_name(f"{name}.abi3.so"), b"\0"
    for path in sorted((folder / "tests").rglob("*.py")):
        yield "edited public test", path, path.read_bytes() + b"\nassert True\n"
    yield "added public test", folder / "tests" / "conftest.py", CHEAT.encode()
    spec = (folder / "spec.toml").read_text(encoding="utf-8")
    lowered = re.sub(r"(\n *points = )[1-9][\d.]*", r"\g<1>0", spec, count=1)
    assert lowered != spec
    yield "edited spec", folder / "spec.toml", lowered.encode()
    manifest = (folder / "cardlab-handout.toml").read_text(encoding="utf-8")
    yield "edited manifest", folder / "cardlab-handout.toml", (manifest + "# edited\n").encode()


def _refusal(folder: Path, digest: str) -> str | None:
    """Why ``--verify`` refuses the repository, or None when it lets it through."""
    try:
        verify_handout(folder, digest)
    except CardlabError as error:
        return str(error)
    return None


@pytest.mark.parametrize(("assignment", "phase"), EXPORTS, ids=[f"{a}-{p}" for a, p in EXPORTS])
def test_honest_work_passes_verify_and_every_tampering_with_it_is_refused(
    repo, exported, solution_of, assignment, phase
):
    folder = exported(assignment, phase)
    digest = _digest(folder)
    assert _provided_files(folder), "every package has at least its __init__.py provided"
    tamperings = list(_tamperings(folder))
    _work_honestly(folder, repo.spec(assignment), solution_of(assignment))
    assert _refusal(folder, digest) is None
    let_through = []
    for kind, path, data in tamperings:
        before = path.read_bytes() if path.exists() else None
        if data is None:
            path.unlink()
        else:
            path.write_bytes(data)
        if kind == "file shadowing a provided module":
            assert provided_modules(path.parent)[path.name.split(".")[0]] == path
        refusal = _refusal(folder, digest)
        if refusal is None or CHANGED not in refusal:
            let_through.append(f"{kind}: {path.relative_to(folder)} ({refusal})")
        if before is None:
            path.unlink()
        else:
            path.write_bytes(before)
    assert let_through == []
    assert _refusal(folder, digest) is None


def test_an_honest_student_with_their_own_tests_earns_the_workflows_points(
    repo, exported, solution_of
):
    """The workflow's own command, for hearts: the student's tests sit in the package."""
    folder = exported("hearts", 1)
    _work_honestly(folder, repo.spec("hearts"), solution_of("hearts"))
    assert (folder / "hearts" / "tests").is_dir()
    done = _run(folder, _commands(folder)["cards"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Points for Card and Suit: notation, strength, penalty points: 15 / 15" in done.stdout


def _max_scores(folder: Path) -> dict[str, float]:
    """The points each graded step of the workflow awards, by part id."""
    steps = yaml.safe_load((folder / WORKFLOW).read_text())["jobs"]["run-autograding-tests"]
    return {
        step["id"].removeprefix("part-"): float(step["with"]["max-score"])
        for step in steps["steps"]
        if step.get("uses") == COMMAND_GRADER
    }


@pytest.mark.parametrize(("assignment", "phase"), EXPORTS, ids=[f"{a}-{p}" for a, p in EXPORTS])
def test_the_workflows_steps_award_every_part_the_public_tests_grade(
    repo, exported, reference_grading, assignment, phase
):
    """A step per part that public tests grade, however the tests are marked.

    Those are the points GitHub Classroom can award: a part graded only by hidden tests
    (bisca's tournament, hearts' legality sweep), by the student's own tests against
    chaffs, or by hand has no step. hearts marks its design rules on parameters built in
    a list comprehension.
    """
    report = reference_grading(assignment, phase).report  # shared with the grading tests
    spec = repo.spec(assignment).phase(phase)
    public = {
        part.id: part.max_score
        for part in report.parts
        if spec.part(part.id).kind != STUDENT_TESTS
        and any(test.visibility == "visible" for test in part.tests)
    }
    assert _max_scores(exported(assignment, phase)) == public


def test_the_parts_are_read_from_pytests_collection_and_a_broken_test_fails_the_export(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_marks.py").write_text(
        "import pytest\n\n"
        "pytestmark = pytest.mark.part('whole-module')\n\n"
        "@pytest.mark.parametrize('rule', [pytest.param(r, marks=pytest.mark.part(p))\n"
        "                                  for p in ('built-1', 'built-2') for r in 'ab'])\n"
        "def test_rule(rule):\n    pass\n\n"
        "def test_plain():\n    pass\n"
    )
    assert collected_parts(tests) == {"whole-module", "built-1", "built-2"}
    assert not list(tests.rglob("__pycache__"))
    (tests / "test_broken.py").write_text("import a_module_nobody_wrote\n")
    with pytest.raises(CardlabError, match="do not collect"):
        collected_parts(tests)


def test_the_steps_of_a_push_share_one_run_of_the_public_tests(repo, classroom, tmp_path):
    folder, _ = classroom
    commands = _commands(folder)
    assert all(SHARED_RUN in command for command in commands.values())
    runner_temp = tmp_path / "runner-temp"
    first = _run(folder, commands["suit"], runner_temp)
    assert first.returncode == 1 and "Points for Suit: 0 / 15" in first.stdout
    assert "earlier step" not in first.stdout and "Total" in first.stdout  # the whole run
    later = _run(folder, commands["card"], runner_temp)
    assert later.returncode == 1 and "ran in an earlier step" in later.stdout
    assert "Total" not in later.stdout and "Points for Card" in later.stdout

    shutil.copyfile(repo.reference_dir("bisca") / "suit.py", folder / "bisca" / "suit.py")
    changed = _run(folder, commands["suit"], runner_temp)  # other files: the tests run again
    assert changed.returncode == 0 and "earlier step" not in changed.stdout
    assert _run(folder, commands["suit"], runner_temp).stdout.count("earlier step") == 1

    (runner_temp / "cardlab-check.json").write_text('{"format": "forged", "parts": {}}')
    forged = _run(folder, commands["suit"], runner_temp)
    assert forged.returncode == 0 and "earlier step" not in forged.stdout
