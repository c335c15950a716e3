"""The repository's own generated files are in step with their sources."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab.course.stubs import stub_drift

ASSIGNMENTS = sorted(p.stem for p in (Path(__file__).parents[1] / "specs").glob("*.toml"))


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_committed_stubs_match_the_generator(repo, assignment):
    spec = repo.spec(assignment)
    stale = stub_drift(repo, spec)
    assert stale == [], f"stale stubs {stale}: run `cardlab stubs {assignment}`"


def test_every_spec_loads(repo):
    for assignment in repo.assignments():
        spec = repo.spec(assignment)
        assert spec.id == assignment


def _readme_test_command(root: Path) -> str:
    readme = (root / "README.md").read_text(encoding="utf-8")
    blocks = [block.strip() for block in readme.split("```bash\n")[1:]]
    (command,) = [block.split("\n```")[0] for block in blocks if "pytest" in block.split("```")[0]]
    return command


def test_ci_runs_the_readmes_test_command_and_installs_chromium(repo):
    script = (repo.root / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in script.splitlines() if line.strip()]
    assert lines[-1] == _readme_test_command(repo.root)
    assert "apt-get install" in script and "chromium" in script
    assert "browser test will be skipped" in script


def test_the_readme_states_no_test_count_that_goes_stale(repo):
    readme = (repo.root / "README.md").read_text(encoding="utf-8")
    assert not re.search(r"\b\d[\d,]* tests\b", readme), "a count of tests goes stale"
    assert "python -m pytest --collect-only -q" in readme
