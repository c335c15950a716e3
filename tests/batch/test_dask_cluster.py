"""`--scheduler`: tournaments and grade-all on a Dask cluster, and Dask left alone without it.

The cluster is a local one of two worker processes on this machine. Its results must
be the local pool's: the same leaderboard, crosstable and forfeits for a tournament,
the same statuses and scores for a grading.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import subprocess
import sys

import pytest
from click.testing import CliRunner
from test_class_tournament import _class, crasher_class_tournament
from test_grade_all import BUGGY, TOY_ROOT, _reference_counter, _student, _zip

import cardlab
from cardlab.batch import cluster as cluster_module
from cardlab.batch.fingerprints import worker_check
from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.batch.tournament.run import TournamentRequest, run_tournament
from cardlab.cli import main
from cardlab.course.shipping import landed, ship
from cardlab.errors import CardlabError

_TOURNAMENT_OUTPUTS = ["leaderboard.csv", "crosstable.csv", "forfeits.csv", "excluded.csv"]
_DASK = ("dask", "distributed")


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local cluster of 2 worker processes that may start processes.

    Its scheduler serves HTTP on any free port (``:0``): without a dashboard address it
    takes 8787, and warns when another cluster on the machine already holds that.
    """
    distributed = pytest.importorskip("distributed")
    import dask

    with (
        dask.config.set({"distributed.worker.daemon": False}),
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
        ) as local,
    ):
        yield local.scheduler_address


def _checks_passed() -> int:
    return len(cluster_module._verified)


def _tasks_ran_on_the_workers(address: str) -> bool:
    import distributed

    with distributed.Client(address) as client:
        passed = client.run(_checks_passed)
    return len(passed) == 2 and sum(passed.values()) >= 1


@pytest.mark.slow
def test_a_tournament_on_a_cluster_gives_the_local_results(
    repo, solution_of, once, tmp_path, scheduler
):
    # a folder left out at its probe, and a zip (it travels as is) that plays and forfeits
    submissions, local = crasher_class_tournament(once, repo, solution_of("bisca"))
    cluster = tmp_path / "cluster"
    request = TournamentRequest("bisca", 3, submissions, cluster, deals=1, scheduler=scheduler)
    report = run_tournament(repo, request)
    assert [name for name, _ in report.excluded] == ["unimportable"]
    assert report.matches == 6

    for name in _TOURNAMENT_OUTPUTS:
        text = (local / name).read_text(encoding="utf-8")
        assert text == (cluster / name).read_text(encoding="utf-8"), name
    assert "crasher" in (cluster / "forfeits.csv").read_text(encoding="utf-8")
    assert _tasks_ran_on_the_workers(scheduler)


@pytest.mark.slow
def test_grade_all_on_a_cluster_gives_the_local_results(toy, tmp_path, scheduler):
    submissions = tmp_path / "class"
    _student(submissions / "good", _reference_counter())
    _student(submissions / "buggy", BUGGY)
    _zip(submissions / "zipped.zip", {"zipped/toy/counter.py": _reference_counter()})

    results = {}
    for where, options in {"local": {"jobs": 2}, "cluster": {"scheduler": scheduler}}.items():
        request = BatchRequest("toy", 1, submissions, tmp_path / where, **options)
        results[where] = {o.student: o for o in grade_all(toy, request)}

    local, remote = results["local"], results["cluster"]
    assert sorted(remote) == ["buggy", "good", "zipped"]
    assert local["good"].score == local["good"].max_score > local["buggy"].score
    for student, outcome in local.items():
        shipped = remote[student]
        assert (shipped.status, shipped.score, shipped.cause) == (
            outcome.status,
            outcome.score,
            outcome.cause,
        )
        # the report names the submission where the instructor has it, not the worker's copy
        assert shipped.source == outcome.source
        assert json.loads(shipped.report_json)["submission"] == outcome.source
    assert _tasks_ran_on_the_workers(scheduler)


_NO_DASK = """
import sys
from cardlab.cli import main
for args in {commands!r}:
    try:
        main(args)
    except SystemExit as end:
        assert end.code == 0, (args, end.code)
print(sorted(m for m in sys.modules if m.split(".")[0] in {dask!r}))
"""


@pytest.mark.slow
def test_without_a_scheduler_dask_is_never_imported(repo, toy, solution_of, tmp_path):
    # the command's own process alone is checked, and its work is the same whoever plays:
    # a student left out at the probe, then the bots' matches
    players = _class(tmp_path / "players", solution_of("bisca"), ["unimportable"])
    _student(tmp_path / "class" / "good", _reference_counter())
    commands = [
        ["grade-all", "toy", "--phase", "1", str(tmp_path / "class"), "--jobs", "1",
         "--output", str(tmp_path / "grades"), "--project", str(toy.root)],
        ["tournament", "bisca", "--phase", "3", str(players), "--deals", "1", "--jobs", "1",
         "--output", str(tmp_path / "tournament"), "--project", str(repo.root)],
    ]  # fmt: skip
    script = _NO_DASK.format(commands=commands, dask=_DASK)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    assert (tmp_path / "tournament" / "leaderboard.csv").is_file()
    assert (tmp_path / "tournament" / "excluded.csv").read_text().count("unimportable") == 1


def test_without_distributed_a_scheduler_is_one_line(toy, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    _student(tmp_path / "class" / "good", _reference_counter())
    request = BatchRequest("toy", 1, tmp_path / "class", tmp_path / "out", scheduler="tcp://x:1")

    with pytest.raises(CardlabError, match=r'pip install "cardlab\[dask\]"'):
        grade_all(toy, request)
    assert not (tmp_path / "out").exists()


def test_an_unreachable_scheduler_is_one_line_and_writes_nothing(toy, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    _student(tmp_path / "class" / "good", _reference_counter())
    request = BatchRequest(
        "toy", 1, tmp_path / "class", tmp_path / "out", scheduler="tcp://127.0.0.1:9"
    )

    with pytest.raises(
        CardlabError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"
    ):
        grade_all(toy, request)
    assert not (tmp_path / "out").exists()


def test_jobs_and_a_scheduler_together_are_refused(repo, tmp_path):
    _student(tmp_path / "class" / "good", _reference_counter())
    commands = [
        ["grade-all", "toy", "--phase", "1", "--project", str(TOY_ROOT)],
        ["tournament", "bisca", "--phase", "3", "--project", str(repo.root)],
    ]
    for command in commands:
        result = CliRunner().invoke(
            main,
            [*command, str(tmp_path / "class"), "--jobs", "2", "--scheduler", "tcp://127.0.0.1:9"],
        )
        assert result.exit_code == 2
        assert "--jobs and --scheduler: give one" in result.output


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": "0.0.1"}, f"has cardlab {cardlab.__version__}, the driver 0.0.1"),
        ({"graders": "0" * 64}, "has another spec, reference or graders of toy phase 1"),
        ({"root": "/nowhere"}, "cannot read the project at /nowhere"),
        ({"secret": "0" * 64}, "has another course secret than the driver"),
    ],
)
def test_a_worker_unlike_the_driver_refuses_the_task(toy, change, message):
    check = dataclasses.replace(worker_check(toy, "toy", 1, grading=False), **change)

    with pytest.raises(CardlabError, match=message):
        cluster_module.run_checked(check, len, "abc")


def test_a_worker_like_the_driver_runs_the_task(toy):
    assert cluster_module.run_checked(worker_check(toy, "toy", 1, grading=False), len, "ab") == 2


def test_a_grading_needs_workers_that_may_start_processes(toy, monkeypatch):
    check = worker_check(toy, "toy", 1, grading=True)
    monkeypatch.setattr(multiprocessing.current_process(), "daemon", True)
    monkeypatch.setattr(cluster_module, "_verified", set())

    with pytest.raises(CardlabError, match="DASK_DISTRIBUTED__WORKER__DAEMON=False"):
        cluster_module.run_checked(check, len, "abc")


def test_a_shipped_folder_lands_with_its_files_and_name(tmp_path):
    folder = tmp_path / "alice"
    (folder / "bisca").mkdir(parents=True)
    (folder / "bisca" / "card.py").write_text("CARD = 1\n")
    (folder / "notes.txt").write_text("mine\n")
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "card.cpython-311.pyc").write_bytes(b"\0")
    (folder / "elsewhere.py").symlink_to(tmp_path / "outside.py")

    with landed(ship(folder)) as copy:
        assert copy.name == "alice"
        assert sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*") if p.is_file()) == [
            "bisca/card.py",
            "notes.txt",
        ]
        assert (copy / "bisca" / "card.py").read_text() == "CARD = 1\n"
    assert not copy.exists()


def test_a_shipped_zip_lands_as_the_same_zip(tmp_path):
    archive = _zip(tmp_path / "bob.zip", {"bob/counter.py": "x = 1\n"})

    with landed(ship(archive)) as copy:
        assert copy.name == "bob.zip"
        assert copy.read_bytes() == archive.read_bytes()
