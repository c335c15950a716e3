"""``cardlab export classroom``: a GitHub Classroom starter repository for one phase.

The repository is the phase's handout (stubs, provided modules as bytecode, public
tests, the cardlab wheel) plus ``.github/workflows/classroom.yml``. On every push the
workflow checks the wheel's digest, installs it and, for each rubric part that has
public tests, runs ``cardlab check --part PART --verify DIGEST --reuse FILE`` with GitHub
Classroom's command grader: the part's points are awarded when the spec, the public
tests and the provided modules still have the digest they had at export
(:mod:`cardlab.course.integrity`) and every public test of the part passes. The first
step runs the public tests and keeps every part's points in ``FILE``, in the runner's
temporary folder; the other steps award their parts from it while the files are the
ones it graded (:mod:`cardlab.judge.shared_run`), so the suite runs once per push. The
reporter step then sends the points to GitHub Classroom. Parts graded only by hidden
tests (a tournament, say) have no step: their points come from the instructor's own
grading. The student can edit the workflow itself, so Classroom points are a guide;
``cardlab grade-all`` confirms them.

A second job, which awards nothing, runs the student's ``cardlab check`` on Linux,
macOS and Windows runners with the oldest and the newest Python the handout supports,
so a course sees its handout work on the computers students bring.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from pathlib import Path

from ..course.handout import build_handout
from ..course.handout_manifest import HANDOUT_PYTHON
from ..course.integrity import handout_digest
from ..course.project import HANDOUT_MANIFEST, Project
from ..course.spec import Part, Spec
from ..errors import CardlabError
from .part_marks import collected_parts

WORKFLOW = Path(".github") / "workflows" / "classroom.yml"
COMMAND_GRADER = "classroom-resources/autograding-command-grader@v1"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
SHARED_RUN = "${{ runner.temp }}/cardlab-check.json"
"""Where the graded steps keep their one run of the public tests: outside the repository."""
STEP_MINUTES = 10
"""Time limit of one autograding step, in minutes (the command grader's unit)."""
GITIGNORE = ".venv/\n__pycache__/\n.pytest_cache/\n.hypothesis/\n"
SYSTEMS = ("ubuntu-latest", "macos-latest", "windows-latest")
"""The runners the student's check runs on: the systems students bring."""
SYSTEMS_JOB = "check-on-every-system"


def _quote(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def step_id(part: Part) -> str:
    """The workflow step id of a part's grader."""
    return f"part-{part.id}"


def workflow(
    spec: Spec,
    phase_number: int,
    parts: list[Part],
    digest: str,
    wheel: tuple[str, str],
    pythons: list[str] | None = None,
) -> str:
    """The autograding workflow: check and install cardlab, a graded step per part, the reporter.

    Args:
        spec: The assignment's spec.
        phase_number: The phase of the handout.
        parts: The parts with public tests.
        digest: The handout's digest (:func:`~cardlab.course.integrity.handout_digest`).
        wheel: The shipped wheel's path in the repository and its SHA-256 (hex).
        pythons: The Python versions the handout supports, oldest first; the graded job
            runs the newest, the job on every system the oldest and the newest.
    """
    pythons = pythons or [HANDOUT_PYTHON]
    lines = [
        f"# Autograding for {spec.title}, phase {phase_number}; written by cardlab.",
        "# Each step awards a rubric part's points when every public test of the part passes",
        "# (cardlab check --part PART exits with status 0), provided the spec, the public",
        "# tests and the provided modules are unchanged (--verify). The first step runs the",
        "# tests; the others award their parts from that run (--reuse). Parts without public",
        "# tests are graded by the instructor only, who confirms every point with grade-all.",
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
        f"      - name: Set up Python {pythons[-1]}",
        "        uses: actions/setup-python@v5",
        "        with:",
        f"          python-version: {_quote(pythons[-1])}",
        "      - name: Install cardlab",
        "        run: "
        + _quote(
            f'echo "{wheel[1]}  {wheel[0]}" | sha256sum --check --strict'
            f" && python -m pip install {wheel[0]}"
        ),
    ]
    for part in parts:
        lines += [
            f"      - name: {_quote(part.title)}",
            f"        id: {step_id(part)}",
            f"        uses: {COMMAND_GRADER}",
            "        with:",
            f"          test-name: {_quote(part.title)}",
            "          setup-command: ''",
            f"          command: cardlab check --part {part.id} --verify {digest} "
            f"--reuse '{SHARED_RUN}'",
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
        *_systems_job(wheel[0], sorted({pythons[0], pythons[-1]}, key=pythons.index)),
    ]
    return "\n".join(lines) + "\n"


def _systems_job(wheel: str, pythons: list[str]) -> list[str]:
    """The job that runs the student's check on every system, for no points."""
    return [
        f"  {SYSTEMS_JOB}:",
        "    name: cardlab check on ${{ matrix.os }}, Python ${{ matrix.python }}",
        "    runs-on: ${{ matrix.os }}",
        "    if: github.actor != 'github-classroom[bot]'",
        "    strategy:",
        "      fail-fast: false",
        "      matrix:",
        f"        os: {json.dumps(list(SYSTEMS))}",
        f"        python: {json.dumps(pythons)}",
        "    steps:",
        "      - uses: actions/checkout@v4",
        "      - uses: actions/setup-python@v5",
        "        with:",
        "          python-version: ${{ matrix.python }}",
        f"      - run: python -m pip install {wheel}",
        "      - run: cardlab check",
    ]


def _parts_with_public_tests(folder: Path, spec: Spec, phase_number: int) -> list[Part]:
    tested = collected_parts(folder / "tests")
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
    try:
        parts = _parts_with_public_tests(folder, spec, phase)
    except CardlabError:
        shutil.rmtree(folder)
        raise
    if not parts:
        shutil.rmtree(folder)
        raise CardlabError(
            f"no part of {spec.id} phase {phase} has public tests, so GitHub Classroom "
            "would have nothing to award"
        )
    [shipped] = sorted((folder / "wheels").glob("cardlab-*.whl"))
    wheel_digest = hashlib.sha256(shipped.read_bytes()).hexdigest()
    manifest = tomllib.loads((folder / HANDOUT_MANIFEST).read_text(encoding="utf-8"))
    text = workflow(
        spec,
        phase,
        parts,
        handout_digest(folder),
        (shipped.relative_to(folder).as_posix(), wheel_digest),
        manifest.get("pythons"),
    )
    (folder / WORKFLOW).parent.mkdir(parents=True)
    (folder / WORKFLOW).write_text(text, encoding="utf-8")
    (folder / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
    return folder
