"""The repository's own generated files are in step with their sources."""

from __future__ import annotations

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
