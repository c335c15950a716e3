"""`cardlab tournament`: small classes of the reference and deliberately bad players.

Each bad player is the reference AutoPlayer with one change that fires only when a
single card is left in its hand, so it plays most of every game and forfeits at its end.
"""

from __future__ import annotations

import csv
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.call_limits import HONEST_CALL_SECONDS, timed_out, with_call_seconds

from cardlab.batch.tournament.match import Setting
from cardlab.batch.tournament.run import TournamentRequest, run_tournament
from cardlab.batch.tournament.store import DATABASE_NAME
from cardlab.cli import main

pytestmark = pytest.mark.slow

_HOOK = "        if not view.hand:\n"
_LAST = "        if len(view.hand) == 1:\n"
BAD = {
    "crasher": _LAST + "            raise RuntimeError('boom')\n",
    "cheater": _LAST + "            if view.played:\n                return view.played[0]\n",
    "noncard": _LAST + "            return 'the ace of cups'\n",
    "hanger": _LAST + "            __import__('time').sleep(3600)\n",
    "flooder": _LAST + "            print('x' * 1_000_000)\n",
    "oddtext": _LAST + "            raise RuntimeError('\\x1b[2J 100 / 100')\n",
}
FIXED = ["reference-autoplayer", "random-legal", "strong"]
HANGER_CALL_SECONDS = 1.0
"""The call limit of the hanger's own tournament, where it is the only student: every one
of its games ends in its hang, so a slow honest call of it forfeits the same game."""


@pytest.fixture
def solution(solution_of) -> Path:
    """The bisca reference as a submission (shared by the run: copy it to change it)."""
    return solution_of("bisca")


def _class(folder: Path, solution: Path, names: list[str]) -> Path:
    """A submissions folder: ``good``/``twin`` are the reference, the others are BAD."""
    folder.mkdir()
    for name in names:
        target = folder / name
        shutil.copytree(solution, target)
        source = target / "auto_player.py"
        text = source.read_text(encoding="utf-8")
        if name in BAD:
            assert text.count(_HOOK) == 1
            source.write_text(text.replace(_HOOK, BAD[name] + _HOOK), encoding="utf-8")
        elif name == "unimportable":
            source.write_text(text + "\nimport a_module_that_does_not_exist\n", encoding="utf-8")
    return folder


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def test_bad_players_forfeit_with_their_cause_and_play_on(repo, solution, tmp_path):
    names = ["good", "twin", "crasher", "cheater", "noncard", "unimportable"]
    submissions = _class(tmp_path / "class", solution, names)
    output = tmp_path / "out"
    generous = with_call_seconds(repo, tmp_path / "project", "bisca", HONEST_CALL_SECONDS)
    report = run_tournament(
        generous, TournamentRequest("bisca", 3, submissions, output, deals=1, jobs=2)
    )

    assert [name for name, _ in report.excluded] == ["unimportable"]
    assert "a_module_that_does_not_exist" in report.excluded[0][1]
    assert report.duplicates == [["good", "twin"]]
    assert "the same submission entered twice: good, twin" in (output / "summary.txt").read_text()
    playing = ["cheater", "crasher", "good", "noncard", "twin", *FIXED]
    assert report.matches == len(playing) * (len(playing) - 1) // 2

    board = {row["entrant"]: row for row in _rows(output / "leaderboard.csv")}
    assert sorted(board) == sorted(playing)
    for name in playing:  # every entrant played both seats of one deal against each other
        assert int(board[name]["games"]) == 2 * (len(playing) - 1)
    causes = {(row["entrant"], row["cause"]) for row in _rows(output / "forfeits.csv")}
    assert causes == {("crasher", "crash"), ("cheater", "illegal move"), ("noncard", "non-card")}
    for bad in ("crasher", "cheater", "noncard"):
        # every game against the sound players; against each other, whoever fails first
        assert 2 * (len(playing) - 3) <= int(board[bad]["forfeits"]) < 2 * (len(playing) - 1)
        # one deal leaves wide intervals (the deal depends on the course secret), but a
        # player that forfeits every game against a sound one is rated below it
        assert float(board[bad]["rating"]) < float(board["good"]["rating"])
    for row in board.values():
        assert float(row["low"]) <= float(row["rating"]) <= float(row["high"])
    assert float(board["reference-autoplayer"]["rating"]) == 0.0
    cross = {
        row["entrant (row's share against column)"]: row for row in _rows(output / "crosstable.csv")
    }
    assert cross["good"]["reference-autoplayer"] == "0.500"  # the same player, seats swapped
    assert cross["good"]["crasher"] == "1.000"
    assert (output / "ratings.png").stat().st_size > 0
    assert [row["entrant"] for row in _rows(output / "excluded.csv")] == ["unimportable"]


def test_a_hanging_flooding_or_odd_text_player_forfeits_each_game_and_plays_on(
    repo, solution, tmp_path
):
    # the hanger waits out the call limit in each of its games: it plays alone, with a
    # small limit; the others' honest calls get a generous one
    hanging = _class(tmp_path / "hanging", solution, ["hanger"])
    short = with_call_seconds(repo, tmp_path / "short", "bisca", HANGER_CALL_SECONDS)
    hung = tmp_path / "hung"
    alone = TournamentRequest("bisca", 3, hanging, hung, deals=1, jobs=2, opponents=0)
    run_tournament(short, alone)
    submissions = _class(tmp_path / "class", solution, ["flooder", "oddtext"])
    output = tmp_path / "out"
    generous = with_call_seconds(repo, tmp_path / "generous", "bisca", HONEST_CALL_SECONDS)
    request = TournamentRequest("bisca", 3, submissions, output, deals=1, jobs=2, opponents=0)
    report = run_tournament(generous, request)

    # --opponents 0: the students meet only the reference bots (which meet each other)
    assert report.schedule.startswith("sampled: each student meets 0 other students")
    assert report.matches == 2 * len(FIXED) + len(FIXED) * (len(FIXED) - 1) // 2
    forfeits = _rows(output / "forfeits.csv")
    hanger = _rows(hung / "forfeits.csv")
    assert {row["opponent"] for row in forfeits + hanger} <= set(FIXED)
    assert {row["entrant"] for row in hanger} == {"hanger"}
    flooder = [row for row in forfeits if row["entrant"] == "flooder"]
    assert {row["cause"] for row in hanger} == {"time-out"}
    assert all(timed_out(HANGER_CALL_SECONDS) in r["detail"] for r in hanger)
    assert {row["cause"] for row in flooder} == {"output flood"}
    # each forfeited every game against the two reference bots: a fresh worker per game
    assert len([row for row in hanger if row["opponent"] in FIXED]) == 2 * len(FIXED)
    assert len([row for row in flooder if row["opponent"] in FIXED]) == 2 * len(FIXED)
    odd = [row for row in forfeits if row["entrant"] == "oddtext"]
    assert odd and {row["cause"] for row in odd} == {"crash"}
    assert all("\\x1b[2J" in row["detail"] and "\x1b" not in row["detail"] for row in odd)


def _arguments(repo, submissions: Path, output: Path) -> list[str]:
    """The arguments of ``cardlab`` that play the tournament of ``submissions`` one at a time."""
    return [
        "tournament",
        "bisca",
        "--phase",
        "3",
        str(submissions),
        "--output",
        str(output),
        "--deals",
        "1",
        "--jobs",
        "1",
        "--project",
        str(repo.root),
    ]


def _matches(output: Path) -> int:
    try:
        with sqlite3.connect(output / DATABASE_NAME) as db:
            return db.execute("SELECT count(*) FROM matches").fetchone()[0]
    except sqlite3.Error:
        return 0


def crasher_class_tournament(once, repo, solution: Path) -> tuple[Path, Path]:
    """A class and its tournament, played uninterrupted on this machine once per run.

    The class is a folder left out at its probe and a zip (``crasher``) that plays and
    forfeits: with the bots, six matches. Tests compare the outputs of their own runs of
    it (resumed, on a cluster) with these; they read both folders and change neither.

    Returns:
        The submissions folder and the tournament's output folder.
    """

    def make(folder: Path) -> tuple[Path, Path]:
        submissions = _class(folder / "class", solution, ["unimportable"])
        crasher = _class(folder / "zipped", solution, ["crasher"]) / "crasher"
        shutil.make_archive(str(submissions / "crasher"), "zip", crasher)
        output = folder / "uninterrupted"
        report = run_tournament(
            repo, TournamentRequest("bisca", 3, submissions, output, deals=1, jobs=1)
        )
        assert [name for name, _ in report.excluded] == ["unimportable"]
        assert report.matches == 6
        return submissions, output

    return once("crasher-class-tournament", make)


def test_a_killed_tournament_resumes_and_ends_as_an_uninterrupted_one(
    repo, solution, once, tmp_path
):
    submissions, uninterrupted = crasher_class_tournament(once, repo, solution)
    killed = tmp_path / "killed"
    process = subprocess.Popen(
        [sys.executable, "-m", "cardlab.cli", *_arguments(repo, submissions, killed)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while _matches(killed) < 1 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGKILL)  # the whole job, as a lost terminal would
    process.wait()
    kept = _matches(killed)
    assert 1 <= kept < 6
    assert not (killed / "leaderboard.csv").exists()

    # the same command again, in this process (the job killed above shares nothing with it)
    resumed = CliRunner().invoke(main, _arguments(repo, submissions, killed))
    assert resumed.exit_code == 0, resumed.output
    assert "6/6" in resumed.output
    for name in ("leaderboard.csv", "crosstable.csv", "forfeits.csv", "excluded.csv"):
        assert (killed / name).read_text() == (uninterrupted / name).read_text(), name


def test_deals_depend_on_the_course_secret_and_nothing_else():
    one = Setting(".", "bisca", 3, 2, 550, b"a" * 32)
    again = Setting("/elsewhere", "bisca", 3, 5, 550, b"a" * 32)
    other = Setting(".", "bisca", 3, 2, 550, b"b" * 32)
    assert one.deal_seed(1) == again.deal_seed(1) != one.deal_seed(2)
    assert one.deal_seed(1) != other.deal_seed(1)


def test_a_phase_without_a_tournament_is_refused_in_one_line(repo, tmp_path):
    from cardlab.errors import CardlabError

    (tmp_path / "class" / "alice").mkdir(parents=True)
    with pytest.raises(CardlabError, match="no computer-player tournament"):
        run_tournament(repo, TournamentRequest("bisca", 1, tmp_path / "class", tmp_path / "out"))


@pytest.mark.parametrize("arguments", [["cardgame", "--phase", "1"], ["bisca", "--phase", "1"],
                                       ["bisca", "--phase", "9"], ["poker", "--phase", "3"]])
def test_a_refused_tournament_leaves_nothing_in_the_working_folder(arguments, repo, tmp_path,
                                                                   monkeypatch):
    from click.testing import CliRunner

    from cardlab.cli import main

    (tmp_path / "class" / "alice").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["tournament", *arguments, "class",
                                       "--project", str(repo.root)])
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert sorted(path.name for path in tmp_path.iterdir()) == ["class"]
