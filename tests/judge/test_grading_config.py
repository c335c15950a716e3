"""The judge's pytest run takes no settings from pytest configuration around the graders."""

from __future__ import annotations

import shutil

from cardlab.course.project import Project
from cardlab.judge.grading import project_job, run


def test_a_projects_pytest_addopts_do_not_reach_the_grader_run(toy, tmp_path):
    root = tmp_path / "project"
    shutil.copytree(toy.root, root)
    (root / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\naddopts = "-k no_test_has_this_name -x"\n'
    )
    project = Project(root)
    report = run(project_job(project, "toy", 1, project.reference_dir("toy")))
    assert report.score == report.max_score == 100
    assert len(report.tests) == 6
