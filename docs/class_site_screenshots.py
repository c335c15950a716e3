"""Screenshots of a class's HTML pages (grade-all's ``site/``) for the instructors' guide.

Grades a small made-up class of bisca's phase 2 with ``cardlab grade-all``'s own code:
the reference solution (``ann``), copies of it with seeded bugs of
``graders/bisca/bugs.toml`` (``bob``, ``cy``, ``dan``) and an empty folder (``eve``).
Then takes a screenshot of the class's index and of ``bob``'s page in headless
Chromium (as docs/screenshots.py takes them) into OUTPUT: ``class-site-index.png`` and
``class-site-student.png``, as ``docs/instructors/term.md`` shows them.

Usage::

    python docs/class_site_screenshots.py OUTPUT [--chromium /usr/bin/chromium]

Grading takes a minute or two on two cores. Prints one line per screenshot written;
exits with status 2 and a one-line message when Chromium is missing or fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from rich.console import Console
from screenshots import CHROMIUM, shoot

from cardlab.batch.console import write_and_print
from cardlab.batch.file_names import file_names
from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.course.project import Project
from cardlab.course.solution import write_solution

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENT, PHASE = "bisca", 2
CLASS = {
    "ann": [],
    "bob": ["a Jack is worth 2 points"],
    "cy": ["ranks ordered by face value", "collected cards score one point each"],
    "dan": ["from_letter ignores lower case"],
    "eve": None,
}
"""Student -> the seeded bugs in their copy of the solution (None: an empty folder)."""
SHOWN = "bob"
SHOTS = {"class-site-index.png": "index.html", "class-site-student.png": None}


def make_class(project: Project, folder: Path) -> Path:
    """Write the submissions of :data:`CLASS` into ``folder/submissions``."""
    solution = folder / "solution"
    write_solution(project, project.spec(ASSIGNMENT), solution)
    bugs = tomllib.loads((ROOT / "graders" / ASSIGNMENT / "bugs.toml").read_text("utf-8"))
    by_id = {bug["id"]: bug for bug in bugs["bug"]}
    submissions = folder / "submissions"
    for student, seeded in CLASS.items():
        target = submissions / student
        if seeded is None:
            target.mkdir(parents=True)
            continue
        shutil.copytree(solution, target)
        for bug_id in seeded:
            bug = by_id[bug_id]
            path = target / bug["file"]
            text = path.read_text(encoding="utf-8")
            assert text.count(bug["old"]) == 1, f"bugs.toml changed: {bug_id}"
            path.write_text(text.replace(bug["old"], bug["new"]), encoding="utf-8")
    return submissions


def take(output: Path, chromium: Path) -> list[Path]:
    """Grade the class and take the screenshots; the PNG files written.

    Raises:
        RuntimeError: When Chromium fails or writes no screenshot.
    """
    project = Project(ROOT)
    output.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="cardlab-class-site-") as tmp:
        folder = Path(tmp)
        here = Path.cwd()
        os.chdir(folder)  # the reports name the submissions as given: submissions/bob
        try:
            make_class(project, folder)
            request = BatchRequest(ASSIGNMENT, PHASE, Path("submissions"), Path("grades"), jobs=2)
            grade_all(project, request)
            write_and_print(project, ASSIGNMENT, PHASE, Path("grades"), Console(quiet=True))
        finally:
            os.chdir(here)
        site = folder / "grades" / "site"
        student = f"students/{file_names(CLASS)[SHOWN]}.html"
        for name, page in SHOTS.items():
            url = (site / (page or student)).as_uri()
            written.append(shoot(chromium, url, output / name, "light", folder / name))
    return written


def main(argv: list[str] | None = None) -> int:
    """Take the screenshots from the command line; see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="the folder for the screenshots")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help="the browser")
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        print(f"class_site_screenshots: no browser at {args.chromium}", file=sys.stderr)
        return 2
    try:
        written = take(args.output.resolve(), args.chromium)
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        print(f"class_site_screenshots: {error}", file=sys.stderr)
        return 2
    for png in written:
        print(png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
