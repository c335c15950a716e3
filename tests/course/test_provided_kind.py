"""Grading gives the worker the same kind of provided modules the handout shipped (12.9)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from support.quick_cython import unoptimised_builds
from support.run_once import RunOnce

from cardlab.course import cython_build
from cardlab.course.project import Project
from cardlab.course.provided import grading_provided_dir
from cardlab.judge.grading import project_job, run
from cardlab.worker.compose import STUDENT


def _cython_missing() -> str | None:
    if importlib.util.find_spec("Cython") is None:
        return 'Cython is not installed (pip install "cardlab[cython]")'
    if cython_build._compiler() is None:
        return "no C compiler on PATH"
    return None


@pytest.fixture(scope="module")
def hardened_toy(toy: Project, once: RunOnce) -> Project:
    """A copy of the toy project whose handouts ship native extensions, made once per run.

    Its provided modules are built once, as the first grading of the course would build
    them, and kept in its ``.cardlab`` folder: the tests grade in it and change nothing.
    """

    def make(folder: Path) -> Path:
        root = folder / "project"
        shutil.copytree(toy.root, root, ignore=shutil.ignore_patterns(".cardlab", "__pycache__"))
        spec = root / "specs" / "toy.toml"
        text = spec.read_text(encoding="utf-8")
        spec.write_text(text.replace("[limits]", '[handout]\nprovided = "cython"\n\n[limits]', 1))
        project = Project(root)
        with unoptimised_builds():
            grading_provided_dir(project, project.spec("toy"))
        return root

    return Project(once("hardened-toy", make))


def test_bytecode_courses_grade_beside_the_reference_compiled_by_the_worker_tree(toy):
    assert grading_provided_dir(toy, toy.spec("toy")) == toy.reference_dir("toy")


@pytest.mark.slow
@pytest.mark.skipif(_cython_missing() is not None, reason=str(_cython_missing()))
def test_a_cython_course_is_graded_beside_extensions_of_the_phases_modules_only(toy, hardened_toy):
    job = project_job(hardened_toy, "toy", 1, toy.reference_dir("toy"))

    provided = {
        name: path.name
        for name, path in job.composition.modules.items()
        if job.composition.origins[name] != STUDENT
    }
    assert provided == {"greet": "greet.abi3.so"}  # never counter, the student's in phase 1
    report = run(job)
    assert report.score == report.max_score, [t.message for t in report.failures][:2]
    again = project_job(hardened_toy, "toy", 1, toy.reference_dir("toy"))
    assert again.composition.modules["greet"] == job.composition.modules["greet"]  # cached


@pytest.mark.slow
@pytest.mark.skipif(_cython_missing() is not None, reason=str(_cython_missing()))
def test_fair_parts_of_a_cython_course_run_beside_the_reference_as_extensions(
    toy, hardened_toy, tmp_path
):
    solution = tmp_path / "solution"
    shutil.copytree(toy.reference_dir("toy"), solution)
    (solution / "counter.py").write_text("def add(a, b):\n    return a - b\n", encoding="utf-8")

    job = project_job(hardened_toy, "toy", 2, solution)

    greet_part = job.composition_for("greet")
    assert greet_part.origins["counter"] != STUDENT
    assert greet_part.modules["counter"].name == "counter.abi3.so"  # never bytecode
    assert job.composition.origins["counter"] == STUDENT  # the student's own check
    report = run(job)
    assert report.score == report.max_score, [t.message for t in report.failures][:2]
