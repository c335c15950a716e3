"""Seeds from the course secret, and proof that the attacks they stop were real.

The red-team cases (``cases.toml``) show that ``deal-from-seed``, ``knows-its-test`` and
``remembers-to-win`` earn no more than their honest baselines. The tests here put back,
one at a time, what the fix removed (seeds anyone can compute, one worker for every
game) and check that the same attacks then earn more: so each case guards a real hole.
"""

from __future__ import annotations

import random
import re
import stat
import zlib
from pathlib import Path

import pytest
from support.attack_folders import over_reference
from support.call_limits import HONEST_CALL_SECONDS
from support.tournament_deals import FORFEIT_DEALS, with_deals

from cardlab.course.secret import SECRET_FILE, course_secret
from cardlab.errors import CardlabError
from cardlab.judge import proxy
from cardlab.judge.grading import project_job, run
from cardlab.judge.proxy import Student
from cardlab.judge.seeds import PUBLIC_SECRET, Seeds
from cardlab.worker.codec import load_codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerSetup

HERE = Path(__file__).resolve().parent

OLD_TOURNAMENT_SEED = 550
RECOVERED_DEALS = 4
"""Deals of the tournaments under the old seeds: the same deals every run (no secret in
them), each recovered by the attack at the first view of each of its games."""


def test_a_seed_depends_on_its_names_and_on_the_secret():
    seeds = Seeds(b"k" * 32)
    assert seeds.seed("call", "test_x", 1) == Seeds(b"k" * 32).seed("call", "test_x", 1)
    assert seeds.seed("call", "test_x", 1) != seeds.seed("call", "test_x", 2)
    assert seeds.seed("call", "test_x", 1) != Seeds(b"j" * 32).seed("call", "test_x", 1)
    assert seeds.seed("call", "test_x", 1) != zlib.crc32(b"test_x:1")
    assert "k" not in repr(seeds) and Seeds(PUBLIC_SECRET).seed("a") < 2**64


def test_the_course_secret_is_made_once_for_its_owner_only(tmp_path):
    secret = course_secret(tmp_path)
    path = tmp_path / SECRET_FILE
    assert len(secret) == 32 and course_secret(tmp_path) == secret
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind
    path.write_text("not a secret\n")
    with pytest.raises(CardlabError, match="is not a course secret cardlab wrote"):
        course_secret(tmp_path)


def test_grading_seeds_come_from_the_projects_secret(toy):
    job = project_job(toy, "toy", 1)
    assert job.secret == course_secret(toy.root)


def _old_seeds(monkeypatch) -> None:
    """Seeds as they were: the test id and call number, the spec's seed plus the deal, 0."""

    def seed(self, purpose, *names):
        if purpose == "import":
            return 0
        if purpose == "hypothesis":
            return zlib.crc32(names[0].encode())  # as fixed as examples drawn from the source
        if purpose == "call":
            test_id, number = names
            return zlib.crc32(f"{test_id}:{number}".encode())
        spec_seed, deal = names
        return spec_seed + deal - 1

    monkeypatch.setattr(Seeds, "seed", seed)


def _over_reference(repo, tmp_path, folder):
    return over_reference(HERE / folder, tmp_path / "submission", repo.reference_dir("bisca"))


def _tournament_share(repo, folder, deals: int | None = None) -> float:
    """The share of games won (ties count half): finer than the score's credit bands.

    Args:
        deals: Deals of the tournament, when not the spec's.
    """
    job = project_job(repo, "bisca", 3, folder)
    report = run(job if deals is None else with_deals(job, deals), "test_tournament")
    (test,) = [test for test in report.tests if test.part == "tournament"]
    return float(re.search(r"share (\d\.\d+) over", test.message).group(1))


@pytest.mark.slow
def test_with_seeds_from_test_ids_the_code_knows_its_test(toy, monkeypatch):
    _old_seeds(monkeypatch)
    report = run(project_job(toy, "toy", 1, HERE / "submissions" / "knows-its-test"))
    assert report.score > 60, [t.message for t in report.failures]


@pytest.mark.slow
def test_with_the_specs_seed_a_player_recovers_the_deal(repo, tmp_path, monkeypatch):
    """With the old seeds the attack and its baseline play the same few deals.

    The attack finds its deal at its first view of every game and else plays as its
    baseline does, so a recipe that no longer matches gives exactly the baseline's share.
    """
    honest = _over_reference(repo, tmp_path / "h", "honest/first-card")
    attack = _over_reference(repo, tmp_path / "a", "submissions/deal-from-seed")
    _old_seeds(monkeypatch)
    assert repo.spec("bisca").phase(3).tournament.seed == OLD_TOURNAMENT_SEED
    baseline = _tournament_share(repo, honest, RECOVERED_DEALS)
    assert _tournament_share(repo, attack, RECOVERED_DEALS) > baseline


@pytest.mark.slow
def test_in_one_worker_for_every_game_a_player_remembers(repo, tmp_path, monkeypatch):
    honest = _tournament_share(repo, _over_reference(repo, tmp_path / "h", "honest/first-card"))
    attack = _over_reference(repo, tmp_path / "a", "submissions/remembers-to-win")
    probe = _over_reference(repo, tmp_path / "p", "submissions/remembers-between-games")
    monkeypatch.setattr(proxy.Student, "restart", lambda self, **_: None)
    assert _tournament_share(repo, attack) > honest
    # the probe tells at its second game, and forfeits every later one: a few deals show it
    report = run(with_deals(project_job(repo, "bisca", 3, probe), FORFEIT_DEALS), "test_tournament")
    assert "REMEMBERED-" in "\n".join(test.message for test in report.tests)


def _drawn_at_import(folder: Path, secret: bytes) -> object:
    """What a student module drew from ``random`` while it was imported, under ``secret``."""
    setup = WorkerSetup(compose("luck", folder, folder, ("draw",)), None, 4096)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(None), seeds=Seeds(secret))
    student.session.begin("test_draw")
    try:
        return student.get("draw.DRAWN")
    finally:
        student.session.close()


def test_a_draw_at_import_time_follows_the_secret(tmp_path):
    folder = tmp_path / "luck"
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "draw.py").write_text("import random\nDRAWN = random.getrandbits(60)\n")
    first = _drawn_at_import(folder, b"k" * 32)
    assert first == _drawn_at_import(folder, b"k" * 32)  # the same for the instructor
    assert first != _drawn_at_import(folder, b"j" * 32)  # and nothing a student can compute
    random.seed(0)
    assert first != random.getrandbits(60)


def test_every_call_draws_from_its_own_seed_whatever_came_before(tmp_path):
    """Seeded ahead or on arrival, a call's draws are all those of its own seed.

    A test's requests are numbered from its start (a reset of the worker may come
    first), so each call's draws must be the fresh draws of one of the test's seeds,
    a later one than the call before's.
    """
    folder = tmp_path / "luck"
    folder.mkdir()
    (folder / "__init__.py").write_text("", encoding="utf-8")
    draws = "def draw(count):\n    return [random.getrandbits(60) for _ in range(count)]\n"
    (folder / "draw.py").write_text("import random\n\n" + draws)
    seeds = Seeds(b"k" * 32)
    setup = WorkerSetup(compose("luck", folder, folder, ("draw",)), None, 4096)
    student = Student(setup, HONEST_CALL_SECONDS, load_codec(None), seeds=seeds)
    try:
        for test_id in ("test_a", "test_b"):
            student.session.begin(test_id)
            previous = 0
            for count in (3, 1, 5, 2):
                drawn = student.pkg.draw.draw(count)
                numbers = [
                    number
                    for number in range(1, 12)
                    if drawn == _fresh_draws(seeds.seed("call", test_id, number), count)
                ]
                assert len(numbers) == 1 and numbers[0] > previous, (test_id, count, numbers)
                previous = numbers[0]
    finally:
        student.session.close()


def _fresh_draws(seed: int, count: int) -> list[int]:
    generator = random.Random(seed)
    return [generator.getrandbits(60) for _ in range(count)]
