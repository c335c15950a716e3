"""``cardlab export gradescope``: an autograder zip that grades one phase on Gradescope.

Gradescope unpacks the zip into ``/autograder/source``, runs ``setup.sh`` once when the
autograder is uploaded, then ``run_autograder`` for every submission, with the student's
files in ``/autograder/submission``; the result must be written to
``/autograder/results/results.json``. The zip carries everything it needs, since it runs
on Gradescope's machine: the cardlab wheel, and the assignment's spec, reference and
grader suites (public and hidden), with the assignment's declaration and the code its
hidden graders share (a terminal game's strong bot), in ``project/``, with the course secret
(``project/.cardlab/course-secret``) so that deals and seeds are those of every other
grading run. This is the instructor's side, so the reference travels as source.

``run_autograder`` passes Gradescope's ``submission_metadata.json`` to cardlab, which
applies the phase's deadline and its cap on hidden runs
(:mod:`cardlab.exports.gradescope_policy`).

``run_autograder`` always leaves a valid ``results.json``: when cardlab cannot run, or
writes nothing readable, it writes a result with score 0 and the cause. The root folder
(``/autograder``) and the Python to use can be changed with the environment variables
``CARDLAB_AUTOGRADER_ROOT`` and ``CARDLAB_PYTHON``, so the autograder can be tried in a
temporary folder.
"""

from __future__ import annotations

import shutil
import stat
import tempfile
import zipfile
from pathlib import Path

from ..course.framework_wheel import build_framework_wheel
from ..course.output import make_folder
from ..course.project import Project
from ..course.registry import INSTRUCTOR_ONLY
from ..course.secret import SECRET_FILE, course_secret
from ..course.spec import Spec
from ..errors import CardlabError

PROJECT = "project"
WHEELS = "wheels"
_EXECUTABLE = 0o755
_FILE = 0o644
_SECRET = 0o600
_NOT_SHIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")
GRADING_SECONDS = 1500
"""run_autograder stops cardlab after this long and writes a failed result."""
GRADESCOPE_TIMEOUT_MINUTES = 30
"""The autograder timeout to set in Gradescope's settings: the grading's limit and a few
minutes to start. Gradescope's default is 10 minutes (at most 40), after which it stops
the autograder and no result at all is written."""

SETUP_SH = """\
#!/usr/bin/env bash
# Gradescope runs this once, as root, when the autograder is uploaded. It makes a virtual
# environment beside this file with Python 3.11 or newer (installed from the system's
# packages if no Python of the image can make one) and installs the bundled cardlab
# wheel into it, with its dependencies from PyPI. Sourced, it only defines its functions.
set -euo pipefail

can_make_venv() {
    # A trial environment, pip and all: some images ship a Python without venv or ensurepip.
    local trial status=0
    trial="$(mktemp -d)"
    "$1" -m venv "$trial/venv" > /dev/null 2>&1 || status=$?
    rm -rf "$trial"
    return "$status"
}

find_python() {
    for candidate in python3.13 python3.12 python3.11 python3; do
        if command -v "$candidate" > /dev/null \\
            && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \\
            && can_make_venv "$candidate"; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

main() {
    local source_dir python
    source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    if ! python="$(find_python)"; then
        apt-get update
        apt-get install -y python3.11 python3.11-venv
        if ! python="$(find_python)"; then
            echo "setup.sh: no Python 3.11 or newer on this image can make a virtual" \\
                "environment; install python3.11 and python3.11-venv (or python3-venv)" >&2
            exit 1
        fi
    fi
    "$python" -m venv "$source_dir/venv"
    "$source_dir/venv/bin/python" -m pip install --upgrade pip
    "$source_dir/venv/bin/python" -m pip install "$source_dir"/wheels/cardlab-*.whl
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    main
fi
"""

RUN_AUTOGRADER = """\
#!/usr/bin/env bash
# Gradescope runs this for every submission: cardlab grades {assignment} phase {phase}
# (public and hidden tests) and writes results.json. If anything goes wrong, a result
# with score 0 and the cause is written instead, so a student never gets nothing.
# CARDLAB_AUTOGRADER_ROOT (default /autograder) and CARDLAB_PYTHON (default the
# environment setup.sh made) let the autograder run elsewhere, for a trial.
set -uo pipefail
root="${{CARDLAB_AUTOGRADER_ROOT:-/autograder}}"
source_dir="$root/source"
results="$root/results/results.json"
python="${{CARDLAB_PYTHON:-$source_dir/venv/bin/python}}"
mkdir -p "$root/results"
rm -f "$results"
log="$(mktemp)"

write_failure() {{
    # JSON-escape the cause: drop control characters, escape backslashes and quotes.
    local cause
    cause="$(printf '%s' "$1" | tr -d '\\000-\\037' | sed -e 's/\\\\/\\\\\\\\/g' -e 's/"/\\\\"/g')"
    cat > "$results" <<JSON
{{"score": 0,
 "output": "The autograder could not grade this submission: $cause. Please tell your instructor.",
 "output_format": "text", "visibility": "visible", "stdout_visibility": "hidden", "tests": []}}
JSON
}}

# Student code must never read the hidden tests or the reference: where Gradescope's
# container lets the worker have no private root, other users' access is all that stops it.
chmod -R go-rwx "$source_dir/{project}" "$root/submission" 2> /dev/null

# Gradescope's metadata (submission time, due dates, earlier submissions) lets cardlab
# apply the phase's deadline and its cap on hidden runs.
metadata=()
if [ -f "$root/submission_metadata.json" ]; then
    metadata=(--gradescope-metadata "$root/submission_metadata.json")
fi

timeout "{seconds}" "$python" -m cardlab.cli grade {assignment} --phase {phase} \\
    --project "$source_dir/{project}" --submission "$root/submission" \\
    --format gradescope --output "$results" ${{metadata[@]+"${{metadata[@]}}"}} 2> "$log"
status=$?
cat "$log" >&2
if [ "$status" -eq 124 ]; then
    write_failure "grading took longer than {seconds} s and was stopped"
elif [ "$status" -ne 0 ]; then
    write_failure "$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)"
elif ! "$python" -c 'import json, sys; json.load(open(sys.argv[1]))["tests"]' "$results" \\
        2> /dev/null; then
    write_failure "cardlab wrote no readable results.json"
fi
exit 0
"""


def _add_tree(archive: zipfile.ZipFile, folder: Path, prefix: str) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "tree"
        shutil.copytree(folder, copy, ignore=_NOT_SHIPPED)
        for path in sorted(copy.rglob("*")):
            if path.is_file():
                name = f"{prefix}/{path.relative_to(copy).as_posix()}"
                _add_file(archive, name, path.read_bytes(), _FILE)


def _add_file(archive: zipfile.ZipFile, name: str, data: bytes, mode: int) -> None:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = (stat.S_IFREG | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def export_gradescope(
    project: Project, spec: Spec, phase: int, output: Path, *, wheel: Path | None = None
) -> Path:
    """Write a Gradescope autograder zip for one phase.

    Args:
        project: The project holding the assignment.
        spec: The assignment's spec.
        phase: The phase to grade.
        output: The zip file to write (replaced if it exists).
        wheel: The cardlab wheel to bundle; built from the project's ``pyproject.toml``
            when None.

    Returns:
        ``output``.

    Raises:
        CardlabError: An unknown phase, no wheel to bundle, or an output that cannot
            be written.
    """
    spec.phase(phase)
    if output.suffix != ".zip":
        raise CardlabError(f"{output}: the autograder must be a .zip file")
    with tempfile.TemporaryDirectory() as scratch:
        if wheel is None:
            wheel = build_framework_wheel(project.root, Path(scratch))
        elif wheel.suffix != ".whl" or not wheel.is_file():
            raise CardlabError(f"{wheel}: not a wheel file")
        partial = Path(scratch) / "autograder.zip"
        with zipfile.ZipFile(partial, "w") as archive:
            _add_file(archive, "setup.sh", SETUP_SH.encode(), _EXECUTABLE)
            script = RUN_AUTOGRADER.format(
                assignment=spec.id, phase=phase, project=PROJECT, seconds=GRADING_SECONDS
            )
            _add_file(archive, "run_autograder", script.encode(), _EXECUTABLE)
            _add_file(archive, f"{WHEELS}/{wheel.name}", wheel.read_bytes(), _FILE)
            _add_file(archive, f"{PROJECT}/specs/{spec.id}.toml", spec.path.read_bytes(), _FILE)
            secret = course_secret(project.root).hex() + "\n"
            _add_file(archive, f"{PROJECT}/{SECRET_FILE.as_posix()}", secret.encode(), _SECRET)
            for folder in project.reference_dirs(spec).values():  # one per package
                _add_tree(archive, folder, f"{PROJECT}/reference/{folder.name}")
            graders = project.graders_dir(spec.id)
            for part in sorted(graders.iterdir()):
                if part.name in INSTRUCTOR_ONLY:  # what measures the graders stays here
                    continue
                where = f"{PROJECT}/graders/{spec.id}/{part.name}"
                if part.is_dir():
                    _add_tree(archive, part, where)
                elif part.is_file():
                    _add_file(archive, where, part.read_bytes(), _FILE)
        make_folder(output.parent)
        try:
            shutil.move(partial, output)
        except OSError as error:
            raise CardlabError(f"could not write {output} ({error.strerror})") from None
    return output
