"""Shared fixtures for cardlab's own tests."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from cardlab.grading import project_job, run
from cardlab.project import Project
from cardlab.results import GradeReport

collect_ignore = ["toy_project"]  # grader suites of the toy assignment, run by tests

REPO = Path(__file__).resolve().parents[1]
TOY_PROJECT = Path(__file__).resolve().parent / "toy_project"


@pytest.fixture(scope="session")
def repo() -> Project:
    """The cardlab repository as a project."""
    return Project(REPO)


@pytest.fixture(scope="session")
def toy() -> Project:
    """The toy assignment's project (tests/toy_project)."""
    return Project(TOY_PROJECT)


def write_files(folder: Path, files: dict[str, str]) -> Path:
    """Write dedented files into a folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


@pytest.fixture
def grade_toy(toy: Project, tmp_path: Path) -> Callable[..., GradeReport]:
    """Grade a toy submission given as ``{file name: source}``."""

    def grade(files: dict[str, str], phase: int = 1) -> GradeReport:
        submission = write_files(tmp_path / "submission", files)
        return run(project_job(toy, "toy", phase, submission))

    return grade
