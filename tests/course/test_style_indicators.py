"""Style indicators (cardlab/course/style.py) read files as text and never run them."""

from __future__ import annotations

import textwrap

import pytest

from cardlab.course import style
from cardlab.errors import CardlabError

SAMPLE = '''\
"""A module."""

import os


def documented() -> int:
    """Say something."""
    return 1


def undocumented():
    def inner():
        return 2
    return inner()


def _private():
    return 3


class Thing:
    """A thing."""

    def __eq__(self, other):
        return True

    def method(self):
        """Documented."""
        raise NotImplementedError("Thing.method is yours to write in this phase")
'''


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "sample.py"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def test_missing_docstrings_are_public_items_only(sample, tmp_path):
    assert style.missing_docstrings(sample) == [
        "sample.py:11: undocumented has no docstring",
        "sample.py:24: Thing.__eq__ has no docstring",
    ]
    bare = tmp_path / "bare.py"
    bare.write_text("X = 1\n")
    assert style.missing_docstrings(bare) == ["bare.py:1: the module has no docstring"]


def test_long_functions_count_lines_from_def_to_the_end(sample):
    assert style.long_functions(sample, limit=3) == ["sample.py:11: undocumented is 4 lines long"]
    assert style.long_functions(sample) == []


def test_unwritten_functions_are_stubs_or_missing(sample):
    files = {"sample": sample}
    wanted = ["sample.documented", "sample.Thing.method", "sample.gone", "other.f"]
    assert style.unwritten(files, wanted) == ["sample.Thing.method", "sample.gone", "other.f"]


def test_a_file_that_does_not_parse_is_a_finding(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def f(:\n")
    assert style.missing_docstrings(broken)[0].startswith("broken.py:1: does not parse")
    assert style.long_functions(broken)[0].startswith("broken.py:1: does not parse")
    assert style.unwritten({"broken": broken}, ["broken.f"]) == ["broken.f"]


def test_lint_runs_ruff_on_copies_without_running_the_code(sample, tmp_path):
    marker = tmp_path / "ran"
    loud = tmp_path / "loud.py"
    loud.write_text(textwrap.dedent(f'''\
        """Writes a file if it is ever run."""

        import pathlib

        pathlib.Path({str(marker)!r}).write_text("ran")
    '''))
    findings = style.lint_findings([sample, loud])
    assert len(findings) == 1 and findings[0].startswith("sample.py:3: F401"), findings
    assert not marker.exists()
    assert not list(tmp_path.glob(".ruff_cache"))


def test_lint_reports_a_ruff_that_cannot_run(sample, monkeypatch):
    monkeypatch.setattr(style, "LINT_RULES", ("NOTARULE",))
    with pytest.raises(CardlabError, match="ruff could not check the files"):
        style.lint_findings([sample])


def test_the_reference_methods_pass_and_the_stubs_are_unwritten(repo):
    spec = repo.spec("cardgame")
    methods = spec.phase(1).methods
    cases = ((repo.reference_dir("cardgame"), []), (repo.student_dir("cardgame"), list(methods)))
    for folder, left in cases:
        files = {m: folder / f"{m}.py" for m in spec.submitted_modules(1)}
        assert style.unwritten(files, methods) == left
        assert not [f for path in files.values() for f in style.missing_docstrings(path)]
        assert not [f for path in files.values() for f in style.long_functions(path)]
    reference = repo.reference_dir("cardgame")
    assert style.lint_findings([reference / f"{m}.py" for m in spec.submitted_modules(1)]) == []


NESTED = '''\
"""A module whose definitions hide under compound statements."""
import os
import sys  # noqa: F401
# ruff: noqa

if True:
    def in_if():
        return 1
try:
    class InTry:
        def method(self):
            return 2
except ImportError:
    pass
with open(os.devnull) as devnull:
    for _ in range(1):
        while False:
            def in_loop():
                return 3
match 1:
    case 1:
        def in_match():
            return 4
'''


def test_every_definition_is_measured_wherever_it_is_nested(tmp_path):
    path = tmp_path / "nested.py"
    path.write_text(NESTED)
    names = {finding.split(": ")[1].split()[0] for finding in style.missing_docstrings(path)}
    assert names == {"in_if", "InTry", "InTry.method", "in_loop", "in_match"}
    assert len(style.long_functions(path, limit=1)) == 4
    assert style.unwritten({"nested": path}, ["nested.InTry.method", "nested.in_match"]) == []


def test_noqa_comments_silence_nothing(tmp_path):
    path = tmp_path / "nested.py"
    path.write_text(NESTED)
    assert any("F401" in finding for finding in style.lint_findings([path]))
