"""A seeded game of bisca played in a handout folder, as a student would start it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def assert_bisca_plays(folder: Path, python: str = sys.executable, timeout: float = 60) -> None:
    """Play ``python -m bisca.play --seed 5`` in ``folder``, answering 1 to every question.

    Raises:
        AssertionError: When the game fails or ends without its final score.
    """
    game = subprocess.run(
        [python, "-m", "bisca.play", "--seed", "5"],
        cwd=folder,
        input="1\n" * 20,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert game.returncode == 0, game.stderr
    assert "Final score: you" in game.stdout
