"""``cardlab export classroom``: a GitHub Classroom starter repository for one phase.

The repository is the phase's handout (stubs, provided modules as bytecode, public
tests, the cardlab wheel) plus ``.github/workflows/classroom.yml``. On every push the
workflow installs the wheel and, for each rubric part that has public tests, runs
``cardlab check --part PART`` with GitHub Classroom's command grader: the part's points
are awarded when every public test of the part passes. The reporter step then sends
the points to GitHub Classroom. Parts graded only by hidden tests (a tournament, say)
have no step: their points come from the instructor's own grading.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ..course.handout import HANDOUT_PYTHON, build_handout, marked_parts
from ..course.project import Project
from ..course.spec import Part, Spec
from ..errors import CardlabError

WORKFLOW = Path(".github") / "workflows" / "classroom.yml"
COMMAND_GRADER = "classroom-resources/autograding-command-grader@v1"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
STEP_MINUTES = 10
"""Time limit of one autograding step, in minutes (the command grader's unit)."""
GITIGNORE = ".venv/\n__pycache__/\n.pytest_cache/\n.hypothesis/\n"


def _quote(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def step_id(part: Part) -> str:
    """The workflow step id of a part's grader."""
    return f"part-{part.id}"


def workflow(spec: Spec, phase_number: int, parts: list[Part]) -> str:
    """The autograding workflow: install cardlab, one graded step per part, the reporter."""
    lines = [
        f"# Autograding for {spec.title}, phase {phase_number}; written by cardlab.",
        "# Each step awards a rubric part's points when every public test of the part passes",
        "# (cardlab check --part PART exits with status 0). Parts without public tests are",
        "# graded by the instructor only.",
        "name: Autograding",
        '"on": [push, workflow_dispatch, repository_dispatch]',
        "permissions:",
        "  checks: write",
        "  actions: read",
        "  contents: read",
        "jobs:",
        "  run-autograding-tests:",
        "    runs-on: ubuntu-latest",
        "    if: github.actor != 'github-classroom[bot]'",
        "    steps:",
        "      - name: Check out the code",
        "        uses: actions/checkout@v4",
        f"      - name: Set up Python {HANDOUT_PYTHON}",
        "        uses: actions/setup-python@v5",
        "        with:",
        f"          python-version: {_quote(HANDOUT_PYTHON)}",
        "      - name: Install cardlab",
        "        run: python -m pip install wheels/cardlab-*.whl",
    ]
    for part in parts:
        lines += [
            f"      - name: {_quote(part.title)}",
            f"        id: {step_id(part)}",
            f"        uses: {COMMAND_GRADER}",
            "        with:",
            f"          test-name: {_quote(part.title)}",
            "          setup-command: ''",
            f"          command: cardlab check --part {part.id}",
            f"          timeout: {STEP_MINUTES}",
            f"          max-score: {part.points:g}",
        ]
    lines += [
        "      - name: Report the points",
        f"        uses: {REPORTER}",
        "        env:",
        *(
            f"          {step_id(part).upper()}_RESULTS: "
            f'"${{{{ steps.{step_id(part)}.outputs.result }}}}"'
            for part in parts
        ),
        "        with:",
        f"          runners: {','.join(step_id(part) for part in parts)}",
    ]
    return "\n".join(lines) + "\n"


def _parts_with_public_tests(folder: Path, spec: Spec, phase_number: int) -> list[Part]:
    tested: set[str] = set()
    for path in (folder / "tests").rglob("test_*.py"):
        tested |= marked_parts(path.read_text(encoding="utf-8"))
    return [part for part in spec.phase(phase_number).parts if part.id in tested]


def export_classroom(
    project: Project, spec: Spec, phase: int, output: Path, *, wheel: Path | None = None
) -> Path:
    """Write a GitHub Classroom starter repository for one phase into a new folder.

    Raises:
        CardlabError: ``output`` is not empty, there is no cardlab wheel to ship, the
            handout cannot be built, or no part of the phase has public tests.
    """
    if wheel is None and not (project.root / "pyproject.toml").is_file():
        raise CardlabError(
            f"no cardlab wheel to put in the repository: {project.root} has no "
            "pyproject.toml; pass --wheel"
        )
    folder = build_handout(project, spec, phase, output, wheel=wheel)
    parts = _parts_with_public_tests(folder, spec, phase)
    if not parts:
        shutil.rmtree(folder)
        raise CardlabError(
            f"no part of {spec.id} phase {phase} has public tests, so GitHub Classroom "
            "would have nothing to award"
        )
    (folder / WORKFLOW).parent.mkdir(parents=True)
    (folder / WORKFLOW).write_text(workflow(spec, phase, parts), encoding="utf-8")
    (folder / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    return folder
