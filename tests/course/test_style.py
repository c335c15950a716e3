"""The framework, the reference, the graders and these tests are ruff clean, and the
framework is laid out as ``ruff format`` lays it out."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest


def _ruff(repo, *args: str) -> subprocess.CompletedProcess:
    if shutil.which("ruff") is None and subprocess.run(
        [sys.executable, "-m", "ruff", "--version"], capture_output=True, check=False
    ).returncode:
        pytest.skip("ruff is not installed (it comes with the dev extra)")
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args],
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_is_clean(repo):
    result = _ruff(repo, "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_framework_is_ruff_formatted(repo):
    result = _ruff(repo, "format", "--check", "cardlab")
    assert result.returncode == 0, result.stdout + result.stderr
