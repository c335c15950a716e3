"""The student-tests capability: a student's own tests graded with wheats and chaffs.

Graded here with the hearts assignment's reference and chaffs, on a few chaffs at a time
(the full lists run once each, with the reference's own suite, which must catch all).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from cardlab.course.project import Project
from cardlab.judge import student_tests
from cardlab.judge.chaffs import CHAFFS_FOLDER, Chaff, load_chaffs
from cardlab.judge.grading import project_job
from cardlab.judge.results import FAILED, PASSED
from cardlab.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "hearts"
GRADERS = ROOT / "graders" / "hearts"
FEW = ("queen-worth-one", "moon-to-the-shooter", "highest-of-any-suit")


GENEROUS = {"test_seconds": 300.0, "suite_seconds": 600.0}
"""Limits of a student's suite that honest tests meet on any machine, pytest's start included."""


def _part(phase: int, chaffs: tuple[str, ...] | None = None, **limits: float):
    spec = Project(ROOT).spec("hearts")
    part = next(p for p in spec.phase(phase).parts if p.student_tests is not None)
    settings = part.student_tests
    if chaffs is not None:
        settings = dataclasses.replace(settings, chaffs=chaffs)
    limits = {**GENEROUS, **limits}
    return dataclasses.replace(part, student_tests=dataclasses.replace(settings, **limits))


def _grade(submission: Path, part) -> tuple:
    job = project_job(Project(ROOT), "hearts", 1, submission)
    setup = WorkerSetup(job.composition, job.codec_file, 65536)
    wheat, chaffs = student_tests.grade(part, setup, submission, REFERENCE, GRADERS)
    return wheat, chaffs


def _submission(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "submission"
    (folder / "tests").mkdir(parents=True)
    for name, text in files.items():
        (folder / "tests" / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


GOOD_TEST = """
    from hearts.card import Card
    from hearts.rules import hand_scores, trick_points, trick_winner

    def cards(text):
        return [Card.from_notation(t) for t in text.split()]

    def test_queen():
        assert trick_points(cards("QS 2C 3C 4C")) == 13

    def test_moon():
        assert hand_scores([26, 0, 0, 0]) == (0, 26, 26, 26)
"""


@pytest.mark.parametrize("phase", [1, 2])
def test_the_reference_suite_catches_every_chaff(tmp_path, phase):
    submission = tmp_path / "solution"
    shutil.copytree(REFERENCE / "tests", submission / "tests")
    part = _part(phase)
    wheat, chaffs = _grade(submission, part)
    assert wheat.status == PASSED, wheat.message
    assert chaffs.fraction == 1.0
    total = len(part.student_tests.chaffs)
    assert f"caught {total} of {total}" in chaffs.message


def test_every_chaff_applies_to_the_reference_and_differs_from_it():
    ids = tuple(path.stem for path in sorted((GRADERS / CHAFFS_FOLDER).glob("*.toml")))
    for chaff in load_chaffs(GRADERS / CHAFFS_FOLDER, ids):
        original = (REFERENCE / f"{chaff.module}.py").read_text(encoding="utf-8")
        assert chaff.source(REFERENCE) != original, chaff.id
        assert chaff.id not in chaff.hint and len(chaff.hint.splitlines()) == 1


def test_an_empty_test_folder_scores_nothing(tmp_path):
    submission = _submission(tmp_path, {})
    wheat, chaffs = _grade(submission, _part(1, FEW))
    assert (wheat.status, chaffs.status, chaffs.fraction) == (FAILED, FAILED, 0.0)
    assert "no test files" in chaffs.message


def test_some_chaffs_caught_and_the_others_named_by_their_hint(tmp_path):
    submission = _submission(tmp_path, {"test_some.py": GOOD_TEST})
    wheat, chaffs = _grade(submission, _part(1, FEW))
    assert wheat.status == PASSED
    assert "caught 2 of 3" in chaffs.message
    hint = load_chaffs(GRADERS / CHAFFS_FOLDER, ("highest-of-any-suit",))[0].hint
    assert hint in chaffs.message
    assert "highest-of-any-suit" not in chaffs.message and "queen-worth-one" not in chaffs.message


def test_a_test_failing_on_the_wheat_is_named_and_does_not_count(tmp_path):
    wrong = (
        GOOD_TEST
        + """
    def test_wrong_winner():
        assert trick_winner(cards("2D AC AS AH")) == 3
    """
    )
    submission = _submission(tmp_path, {"test_some.py": wrong})
    wheat, chaffs = _grade(submission, _part(1, FEW))
    assert wheat.status == FAILED
    assert "test_some.py::test_wrong_winner" in wheat.message
    assert "caught 2 of 3" in chaffs.message  # it would have "caught" the third


def test_a_suite_that_always_passes_catches_nothing(tmp_path):
    submission = _submission(tmp_path, {"test_nothing.py": "def test_ok():\n    assert True\n"})
    wheat, chaffs = _grade(submission, _part(1, FEW))
    assert wheat.status == PASSED
    assert (chaffs.status, chaffs.fraction) == (FAILED, 0.0)
    assert "caught 0 of 3" in chaffs.message


def test_a_hanging_test_is_cut_and_reported(tmp_path):
    hanging = (
        GOOD_TEST
        + """
    def test_hangs():
        import time
        while True:
            time.sleep(60)
    """
    )
    submission = _submission(tmp_path, {"test_some.py": hanging})
    # the honest tests beside it share the limit: generous, and no more
    wheat, chaffs = _grade(submission, _part(1, FEW[:1], test_seconds=30.0))
    assert "test_some.py::test_hangs" in wheat.message
    assert "time limit" in wheat.message
    assert "caught 1 of 1" in chaffs.message


def test_a_suite_over_its_time_is_cut_and_reported(tmp_path):
    endless = "import time\n\ndef test_endless():\n    while True:\n        time.sleep(60)\n"
    submission = _submission(tmp_path, {"test_endless.py": endless})
    wheat, chaffs = _grade(submission, _part(1, FEW[:1], suite_seconds=0.75))
    assert "stopped after 0.75 s" in wheat.message
    assert chaffs.fraction == 0.0


BAD_FILES = {
    "does not import": "import no_such_module\n\ndef test_x():\n    pass\n",
    "exits at import": "import sys\nsys.exit(3)\n",
    "exits in a test": "import sys\n\ndef test_exit():\n    sys.exit(0)\n",
    "ends the process": "import os\n\ndef test_end():\n    os._exit(0)\n",
    "writes outside": "def test_write():\n    open('/work/escape.txt', 'w').write('x')\n",
    "reads the source": (
        "import inspect\nimport hearts.rules\n\n"
        "def test_source():\n    assert 'MOON' in inspect.getsource(hearts.rules)\n"
    ),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_test_files_earn_nothing_and_never_break_grading(tmp_path, case):
    submission = _submission(tmp_path, {"test_bad.py": BAD_FILES[case]})
    wheat, chaffs = _grade(submission, _part(1, FEW[:2]))
    assert wheat.status == FAILED, wheat.message
    assert chaffs.fraction == 0.0
    assert not Path("/work/escape.txt").exists()


def test_a_keyboard_interrupt_in_a_test_fails_that_test(tmp_path):
    """pytest ends a run at a KeyboardInterrupt: the test it stopped in has failed."""
    interrupts = (
        GOOD_TEST
        + """
    def test_interrupts():
        raise KeyboardInterrupt
    """
    )
    submission = _submission(tmp_path, {"test_some.py": interrupts})
    wheat, _ = _grade(submission, _part(1, FEW[:1]))
    assert wheat.status == FAILED
    assert "test_some.py::test_interrupts" in wheat.message
    assert "KeyboardInterrupt" in wheat.message


def test_state_left_by_an_earlier_run_does_not_earn_credit(tmp_path):
    first_run_only = """
        import os

        MARK = "/tmp/cardlab-student-tests-mark"

        def test_first_run_only():
            seen = os.path.exists(MARK)
            open(MARK, "a").close()
            assert not seen
    """
    submission = _submission(tmp_path, {"test_state.py": first_run_only})
    wheat, chaffs = _grade(submission, _part(1, FEW))
    assert chaffs.fraction == 0.0
    assert "failed when run again" in wheat.message or "caught 0" in chaffs.message


def test_credit_follows_the_curve():
    curve = ((0.5, 0.4), (0.9, 1.0))
    assert student_tests.credit_on_curve(0.0, curve) == 0.0
    assert student_tests.credit_on_curve(0.25, curve) == pytest.approx(0.2)
    assert student_tests.credit_on_curve(0.5, curve) == pytest.approx(0.4)
    assert student_tests.credit_on_curve(0.7, curve) == pytest.approx(0.7)
    assert student_tests.credit_on_curve(1.0, curve) == 1.0


SPEC = """
[assignment]
id = "hearts"
title = "Hearts"
package = "hearts"

[limits]
call_seconds = 60.0
test_seconds = 300.0
output_bytes = 4096

[[phase]]
number = 1
title = "One"
writes = ["card"]

  [[phase.part]]
  id = "mine"
  title = "Your tests"
  points = 10
{extra}
"""
DECREASING = "[{ caught = 0.9, credit = 1.0 }, { caught = 0.5, credit = 0.4 }]"
STUDENT_PART = """  kind = "student tests"
  folder = "tests"
  test_seconds = 300.0
  suite_seconds = 600.0
  curve = {curve}
  chaffs = {chaffs}
"""


def _spec(tmp_path: Path, extra: str):
    from cardlab.course.spec import load_spec

    path = tmp_path / "hearts.toml"
    path.write_text(SPEC.format(extra=extra), encoding="utf-8")
    return load_spec(path, REFERENCE)


def test_a_spec_turns_on_student_tests(tmp_path):
    extra = STUDENT_PART.format(curve="[{ caught = 0.8, credit = 1.0 }]", chaffs='["a", "b"]')
    part = _spec(tmp_path, extra).phase(1).part("mine")
    assert part.kind == "student tests"
    assert part.student_tests.chaffs == ("a", "b")
    assert part.student_tests.curve == ((0.8, 1.0),)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (STUDENT_PART.format(curve="[]", chaffs='["a"]'), "curve"),
        (STUDENT_PART.format(curve="[{ caught = 0.8, credit = 1.0 }]", chaffs="[]"), "chaffs"),
        (STUDENT_PART.format(curve=DECREASING, chaffs='["a"]'), "must increase"),
        (
            STUDENT_PART.format(curve="[{ caught = 0.8, credit = 1.0 }]", chaffs='["a", "a"]'),
            "listed twice",
        ),
        ('  kind = "student tests"\n', "required"),
        ('  chaffs = ["a"]\n', "phase[0].part[0]"),
    ],
)
def test_a_broken_student_tests_part_is_one_line(tmp_path, extra, message):
    from cardlab.errors import CardlabError

    with pytest.raises(CardlabError, match=re.escape(message)):
        _spec(tmp_path, extra)


def test_a_chaff_that_no_longer_fits_the_reference_is_reported(tmp_path):
    from cardlab.errors import CardlabError

    folder = tmp_path / CHAFFS_FOLDER
    folder.mkdir()
    (folder / "stale.toml").write_text(
        'hint = "h"\nmodule = "card"\n\n[[edit]]\nfind = "no such text"\nreplace = "x"\n',
        encoding="utf-8",
    )
    chaff = load_chaffs(folder, ("stale",))[0]
    with pytest.raises(CardlabError, match="finds its text 0 times"):
        chaff.source(REFERENCE)
    with pytest.raises(CardlabError, match="no such chaff file"):
        load_chaffs(folder, ("missing",))


HYPOTHESIS_TEST = """
    from hypothesis import given, settings, strategies as st

    from hearts.card import Card
    from hearts.rules import trick_points

    CLUBS = [Card.from_notation(rank + "C") for rank in "23456789"]

    @settings(max_examples=20)
    @given(st.lists(st.sampled_from(CLUBS), min_size=3, max_size=3))
    def test_the_queen_of_spades_is_worth_thirteen_beside_any_clubs(others):
        assert trick_points([Card.from_notation("QS"), *others]) == 13
"""


def test_a_hypothesis_suite_counts_and_a_file_that_does_not_load_costs_only_its_tests(tmp_path):
    files = {
        "test_properties.py": HYPOTHESIS_TEST,
        "test_broken.py": "import no_such_module\n\ndef test_x():\n    pass\n",
    }
    generous = _part(1, FEW[:1], test_seconds=60.0)  # hypothesis runs many examples
    wheat, chaffs = _grade(_submission(tmp_path, files), generous)
    assert "caught 1 of 1" in chaffs.message, chaffs.message
    assert "test_properties.py::test_the_queen_of_spades" in chaffs.message
    assert "test_broken.py could not be loaded" in wheat.message
    assert "1 tests pass on a correct implementation" in wheat.message


REACHES_OUT = """
    import os

    def test_what_the_test_process_holds():
        own = []
        for fd in range(1024):
            try:
                os.fstat(fd)
            except OSError:
                continue
            own.append(fd)
        try:
            parent = str(os.listdir(f"/proc/{os.getppid()}/fd"))
        except OSError as error:
            parent = type(error).__name__
        raise AssertionError(f"OWN={own} PARENT={parent}")
"""


@pytest.mark.skipif(sys.platform != "linux", reason="/proc and dumpable are Linux's")
def test_the_tests_hold_no_descriptor_of_the_judge_and_cannot_reach_the_workers(tmp_path):
    """Only the standard streams and the events pipe; the worker's descriptors are out of reach.

    In a private root there is no ``/proc`` at all; without one, the worker is not dumpable.
    """
    submission = _submission(tmp_path, {"test_reach.py": REACHES_OUT})
    wheat, _ = _grade(submission, _part(1, FEW[:1]))
    own = re.search(r"OWN=\[([\d, ]*)\]", wheat.message)
    assert own is not None, wheat.message
    descriptors = [int(fd) for fd in own.group(1).split(", ")]
    assert descriptors[:3] == [0, 1, 2] and len(descriptors) <= 5, wheat.message
    assert re.search(r"PARENT=(PermissionError|FileNotFoundError)", wheat.message), wheat.message


def _run(failed=(), timed_out=(), limits=(5.0, 60.0), lost="", passed=("t::a", "t::b")):
    return student_tests.Run(
        dict.fromkeys(passed, 0.1),
        dict.fromkeys(failed, "m"),
        {},
        "",
        frozenset(timed_out),
        limits,
        lost,
    )


def _chaff(chaff_id: str):
    return Chaff(chaff_id, f"hint of {chaff_id}", "rules", ())


def test_a_timeout_catches_a_chaff_only_under_the_wheats_limits():
    chaffs = (_chaff("same"), _chaff("other"), _chaff("plain"))
    runs = {
        student_tests.WHEAT: _run(),
        student_tests.WHEAT_AGAIN: _run(),
        "same": _run(failed=["t::a"], timed_out=["t::a"], passed=["t::b"]),
        "other": _run(failed=["t::a"], timed_out=["t::a"], limits=(1.0, 60.0), passed=["t::b"]),
        "plain": _run(failed=["t::b"], limits=(1.0, 60.0), passed=["t::a"]),
    }
    outcome = student_tests.judge(runs, chaffs)
    assert [chaff.id for chaff in outcome.caught] == ["same", "plain"]
    assert outcome.catchers == {"same": ("t::a",), "plain": ("t::b",)}


def test_a_run_without_its_own_answer_catches_nothing_and_says_why():
    answer = {"events": [{"test": "t::a", "outcome": "failed", "message": "m"}], "nonce": "x"}
    run = student_tests.read_run(answer, "", (5.0, 60.0), "y")
    assert run.lost == "the answer was not this run's" and not run.failed
    chaffs = (_chaff("forged"),)
    runs = {student_tests.WHEAT: _run(), student_tests.WHEAT_AGAIN: _run(), "forged": run}
    outcome = student_tests.judge(runs, chaffs)
    assert outcome.caught == () and outcome.lost == {"forged": "the answer was not this run's"}
    lost_wheat = {**runs, student_tests.WHEAT: run}
    assert student_tests.judge(lost_wheat, chaffs).valid == frozenset()


WRITES_LIBRARIES = """
    import os

    import _pytest
    import pytest

    def test_the_test_libraries_and_the_tests_cannot_be_changed():
        for folder in (os.path.dirname(pytest.__file__), os.path.dirname(_pytest.__file__),
                       os.path.dirname(__file__)):
            try:
                open(os.path.join(folder, "left-by-a-test.py"), "w").close()
            except OSError:
                continue
            raise AssertionError(f"wrote into {folder}")
"""


def test_a_run_cannot_change_the_libraries_or_tests_the_next_run_loads(tmp_path):
    submission = _submission(tmp_path, {"test_writes.py": WRITES_LIBRARIES})
    wheat, _ = _grade(submission, _part(1, FEW[:1]))
    assert "1 tests pass on a correct implementation" in wheat.message, wheat.message
