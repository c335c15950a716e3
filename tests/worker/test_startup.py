"""The judge's start-up: bytecode cached per user, hypothesis left unrewritten."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from cardlab.judge import startup

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _python(code: str, **env: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO_ROOT,
        env={**os.environ, **env},
    )
    return result.stdout.strip()


def test_bytecode_goes_to_a_private_cache_even_where_writing_it_is_turned_off(tmp_path):
    code = """
        import sys
        from cardlab.judge.startup import cache_bytecode
        folder = cache_bytecode()
        import cardlab.judge.grading
        print(folder, sys.dont_write_bytecode)
    """
    out = _python(code, XDG_CACHE_HOME=str(tmp_path), PYTHONDONTWRITEBYTECODE="1")
    folder, dont_write = out.rsplit(" ", 1)
    assert folder.startswith(str(tmp_path / "cardlab"))
    assert dont_write == "False"
    cached = list((tmp_path / "cardlab").rglob("grading*.pyc"))
    assert cached, "cardlab.judge.grading was not cached"
    assert os.stat(folder).st_mode & 0o077 == 0, "other users could plant bytecode"


def test_a_cache_folder_of_another_user_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(os, "geteuid", lambda: os.getuid() + 1)
    assert startup.cache_bytecode() is None
    assert sys.pycache_prefix is None and sys.dont_write_bytecode


def test_an_unwritable_cache_leaves_bytecode_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert startup.cache_bytecode() is None
    assert sys.pycache_prefix is None and sys.dont_write_bytecode


def test_hypothesis_is_not_assertion_rewritten_in_a_grading_run(toy, tmp_path):
    code = f"""
        import sys
        from pathlib import Path
        from cardlab.course.project import Project
        from cardlab.judge.grading import project_job, run
        project = Project(Path({str(toy.root)!r}))
        run(project_job(project, "toy", 1, project.reference_dir("toy")))
        loader = sys.modules["hypothesis.core"].__loader__
        print(type(loader).__name__)
    """
    assert _python(code) != "AssertionRewritingHook"


def test_the_bytecode_of_temporary_folders_that_are_gone_is_forgotten(tmp_path, monkeypatch):
    """Cached bytecode of a deleted temporary folder goes; that of a live one stays."""
    temporary = tmp_path / "tmp"
    (temporary / "alive").mkdir(parents=True)
    monkeypatch.setattr(startup.tempfile, "gettempdir", lambda: str(temporary))
    cache = tmp_path / "cache"
    mirror = cache / temporary.resolve().relative_to(temporary.resolve().anchor)
    for name in ("alive", "gone"):
        (mirror / name / "__pycache__").mkdir(parents=True)
        (mirror / name / "__pycache__" / "module.cpython-311.pyc").write_bytes(b"bytecode")

    startup.forget_gone_temporary_folders(cache)

    assert sorted(path.name for path in mirror.iterdir()) == ["alive"]
    assert (mirror / "alive" / "__pycache__" / "module.cpython-311.pyc").is_file()
    startup.forget_gone_temporary_folders(tmp_path / "no cache yet")  # nothing to do, no error
