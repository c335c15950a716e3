"""A zip's entry dates are the student's: ones that are no dates never stop a batch.

Without a ``submissions.csv``, a batch under a deadline times a zip by its entries. A
student can write anything there: a date with month 0, an extended-timestamp field cut
short (which the unpacker rejects, as it does any corrupt zip). The attack's zip is
graded like its honest twin, only untimed (named in the terminal and in
``status.csv``, so that the instructor times it by hand); the twin, the same code with
real dates, is timed and penalised as usual. (A student can also write real dates that
lie; that weakness is stated in the docs, with the remedy: the LMS's
``submissions.csv``.)
"""

from __future__ import annotations

import struct
import textwrap
import zipfile
from pathlib import Path

from click.testing import CliRunner
from support.toy_class import GOOD
from support.toy_deadline import toy_with_deadline

from cardlab.batch.store import ResultStore
from cardlab.cli import main


def _zip(path: Path, date_time: tuple[int, ...], extra: bytes = b"") -> Path:
    info = zipfile.ZipInfo("counter.py", date_time=date_time)
    info.extra = extra
    with zipfile.ZipFile(path, "w") as bundle:
        bundle.writestr(info, textwrap.dedent(GOOD))
    return path


def test_entry_dates_that_are_no_dates_leave_the_zip_untimed_and_the_batch_whole(toy, tmp_path):
    project = toy_with_deadline(toy, tmp_path / "project")
    subs = tmp_path / "subs"
    subs.mkdir()
    _zip(subs / "attack.zip", (1980, 0, 0, 0, 0, 0))  # month 0, day 0
    cut_short = struct.pack("<HH", 0x5455, 5) + b"\x01\x00"  # says 5 bytes, holds 2
    _zip(subs / "broken.zip", (2026, 3, 1, 10, 0, 0), cut_short)
    _zip(subs / "honest.zip", (2026, 3, 7, 10, 0, 0))  # a day begun after the due
    output = tmp_path / "out"

    result = CliRunner().invoke(
        main,
        [
            "grade-all",
            "toy",
            "--phase",
            "1",
            str(subs),
            "--output",
            str(output),
            "--jobs",
            "2",
            "--project",
            str(project.root),
        ],
    )

    assert result.exit_code == 0, result.output
    with ResultStore(output / "results.sqlite", "toy", 1) as store:
        attack, honest, broken = (store.get(name) for name in ("attack", "honest", "broken"))
    assert (attack.status, attack.score, attack.submitted_at) == ("graded", 100, "")
    assert attack.time_source == "no time: the zip's entries hold no valid date"
    assert (honest.status, honest.score, honest.penalty) == ("graded", 100, 10)
    assert broken.status == "rejected" and broken.time_source.startswith("no time: the zip")
    assert "No submission time (graded as on time): attack" in " ".join(result.output.split())
