"""Time `cardlab similarity` on a made-up class of N submissions.

The class is bisca phase 1: the four independent solutions in the repository (the
reference and graders/bisca/alternatives/), each repeated as disguised copies (every
name changed, definitions reordered, docstrings rewritten: tests/support/disguise.py) so
that the class has N students. Prints the class size, the pairs compared, the wall and
processor seconds of the whole command and of its comparing alone, and the load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from support.disguise import disguised  # noqa: E402

from cardlab.batch.similarity import SimilarityRequest, run_similarity  # noqa: E402
from cardlab.course.project import Project  # noqa: E402

SOLUTIONS = [
    REPO / "reference" / "bisca" / "play.py",
    *sorted((REPO / "graders" / "bisca" / "alternatives").glob("console_*/play.py")),
]


def _make_class(folder: Path, students: int) -> None:
    sources = [path.read_text(encoding="utf-8") for path in SOLUTIONS]
    for number in range(students):
        source = sources[number % len(sources)]
        student = folder / f"student{number:04d}"
        student.mkdir(parents=True)
        text = source if number < len(sources) else disguised(source)
        (student / "play.py").write_text(text, encoding="utf-8")


def main() -> None:
    """Build the class, run the comparison once, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--students", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "class"
        _make_class(folder, args.students)
        request = SimilarityRequest("bisca", 1, folder, Path(scratch) / "out")
        load = os.getloadavg()[0]
        wall, cpu = time.perf_counter(), time.process_time()
        comparison = run_similarity(Project(REPO), request)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    pairs = len(comparison.documents) * (len(comparison.documents) - 1) // 2
    print(f"students {args.students}, pairs compared {pairs}, sharing code {len(comparison.pairs)}")
    print(f"wall {wall:.1f} s, processor {cpu:.1f} s, {pairs / cpu:.0f} pairs per processor second")
    print(f"load average before: {load:.2f}")


if __name__ == "__main__":
    main()
