"""The framework, the reference, the graders and these tests are ruff clean."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest


def test_ruff_is_clean(repo):
    if shutil.which("ruff") is None and subprocess.run(
        [sys.executable, "-m", "ruff", "--version"], capture_output=True, check=False
    ).returncode:
        pytest.skip("ruff is not installed (it comes with the dev extra)")
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."],
        cwd=repo.root, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
