"""Hardened handouts: provided modules as native extensions built with Cython's limited API."""

from __future__ import annotations

import importlib.util
import shutil

import pytest
from support.handout_games import assert_bisca_plays
from support.quick_cython import unoptimised_builds

from cardlab.course import cython_build
from cardlab.course.handout import build_handout
from cardlab.course.handout_audit import check_handout
from cardlab.errors import CardlabError
from cardlab.judge.grading import handout_job, run


def _cython_ready() -> str | None:
    if importlib.util.find_spec("Cython") is None:
        return 'Cython is not installed (pip install "cardlab[cython]")'
    if cython_build._compiler() is None:
        return "no C compiler on PATH"
    return None


@pytest.mark.slow
@pytest.mark.skipif(_cython_ready() is not None, reason=str(_cython_ready()))
def test_a_cython_handout_holds_only_extensions_and_plays(repo, tmp_path):
    spec = repo.spec("bisca")
    wheel = tmp_path / "cardlab-0.1.0-py3-none-any.whl"
    shutil.copyfile(_any_wheel(tmp_path), wheel)
    with unoptimised_builds():
        folder = build_handout(repo, spec, 1, tmp_path / "handout", wheel=wheel, compiled="cython")

    assert check_handout(folder, spec, project=repo) == []
    package = folder / "bisca"
    provided = ("suit", "card", "player", "deck", "board", "auto_player")
    assert sorted(p.name for p in package.iterdir()) == sorted(
        ["__init__.py", "play.py", *(f"{m}.abi3.so" for m in provided)]
    )
    assert not [p for p in folder.rglob("*") if p.suffix in (".c", ".pyc")]
    comments = _source_comments(repo, provided)
    assert comments, "the reference should have comments to look for"
    for extension in package.glob("*.so"):
        data = extension.read_bytes()
        assert not [c for c in comments if c.encode() in data], extension.name

    shutil.copyfile(repo.reference_dir("bisca") / "play.py", package / "play.py")
    report = run(handout_job(folder))
    assert report.score == report.max_score == 100, [t.message for t in report.failures][:2]
    assert_bisca_plays(folder)


def _any_wheel(tmp_path):
    import zipfile

    path = tmp_path / "scratch.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
    return path


def _source_comments(repo, modules):
    """Comment texts of the reference modules (at least 12 characters long)."""
    found = []
    for module in modules:
        for line in (repo.reference_dir("bisca") / f"{module}.py").read_text().splitlines():
            _, hash_sign, comment = line.partition("# ")
            if hash_sign and len(comment.strip()) >= 12 and '"' not in line:
                found.append(comment.strip())
    return found


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("cython", 'needs Cython: pip install "cardlab[cython]"'),
        ("compiler", "needs a C compiler (cc, gcc or clang) on PATH"),
    ],
)
def test_missing_tools_are_one_line_and_leave_nothing(
    repo, tmp_path, monkeypatch, missing, message
):
    if missing == "cython":
        monkeypatch.setattr(cython_build.importlib.util, "find_spec", lambda name: None)
    else:
        monkeypatch.setattr(cython_build.importlib.util, "find_spec", lambda name: object())
        monkeypatch.setattr(cython_build.shutil, "which", lambda name: None)
    output = tmp_path / "handout"
    with pytest.raises(CardlabError, match="--compile cython") as caught:
        build_handout(repo, repo.spec("bisca"), 1, output, compiled="cython")
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert not output.exists()


def test_an_assignment_handed_out_as_source_is_not_compiled(repo, tmp_path):
    output = tmp_path / "handout"
    with pytest.raises(CardlabError, match=r"^cardgame hands out its provided modules as source"):
        build_handout(repo, repo.spec("cardgame"), 1, output, wheel=None, compiled="cython")
    assert not output.exists()
