"""The repository's own generated files are in step with their sources."""

from __future__ import annotations

import pytest

from cardlab.spec import load_spec
from cardlab.stubs import stub_drift


@pytest.mark.parametrize("assignment", ["bisca"])
def test_committed_stubs_match_the_generator(repo, assignment):
    spec = load_spec(repo.spec_path(assignment), repo.reference_dir(assignment))
    stale = stub_drift(repo, spec)
    assert stale == [], f"stale stubs {stale}: run `cardlab stubs {assignment}`"


def test_every_spec_loads(repo):
    for assignment in repo.assignments():
        spec = load_spec(repo.spec_path(assignment), repo.reference_dir(assignment))
        assert spec.id == assignment
