"""Assignments of several packages, and parts marked by hand, across the framework.

A small two-package project (``lib`` imported by ``app``) is built in a temporary
folder; whist, the real assignment of two packages, is graded end to end in
``tests/assignments/test_whist_grading.py``.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from cardlab.course.handout import build_handout
from cardlab.course.handout_audit import check_handout
from cardlab.course.project import Project
from cardlab.course.spec import load_spec
from cardlab.course.stubs import stub_drift, write_stubs
from cardlab.errors import CardlabError
from cardlab.judge.grading import project_job, run
from cardlab.judge.reference import Reference
from cardlab.worker import compose
from cardlab.worker.codec import Codec
from cardlab.worker.sandbox import build_tree

SPEC = """\
[assignment]
id = "shop"
title = "Shop"
packages = ["lib", "app"]

[limits]
call_seconds = 60.0
test_seconds = 300.0
output_bytes = 65536

[[phase]]
number = 1
title = "The library"
writes = ["lib.money"]

  [[phase.part]]
  id = "money"
  title = "Money"
  points = 40

[[phase]]
number = 2
title = "The app"
writes = ["app.till"]

  [[phase.part]]
  id = "till"
  title = "Till"
  points = 50

  [[phase.part]]
  id = "essay"
  title = "How the till works"
  points = 10
  manual = "ESSAY.md"
"""

MONEY = '''\
"""Money."""


def cents(euros: int) -> int:
    """Return ``euros`` in cents."""
    return euros * 100
'''

TILL = '''\
"""The till."""

from lib.money import cents


def total(prices: list[int]) -> int:
    """Return the total of ``prices`` (euros) in cents."""
    return sum(cents(price) for price in prices)
'''

RECEIPT = '''\
"""Receipts, provided in every phase."""


def line(text: str) -> str:
    """Return ``text`` as a receipt line."""
    return f"* {text}"
'''

PUBLIC_TESTS = {
    "test_money.py": """\
        import pytest

        from cardlab.testing import expect_equal

        pytestmark = pytest.mark.part("money")


        def test_cents(student):
            expect_equal(student.pkg.lib.money.cents(3), 300, "cents(3)")
        """,
    "test_till.py": """\
        import pytest

        from cardlab.testing import expect_equal

        pytestmark = pytest.mark.part("till")


        def test_total(student):
            expect_equal(student.pkg.app.till.total([1, 2]), 300, "total([1, 2])")


        def test_receipt(student):
            expect_equal(student.pkg.app.receipt.line("x"), "* x", "line('x')")
        """,
}


def _write(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def shop(tmp_path: Path) -> Project:
    root = tmp_path / "project"
    _write(root / "specs", {"shop.toml": SPEC})
    _write(root / "reference" / "lib", {"__init__.py": '"""Lib."""\n', "money.py": MONEY})
    _write(
        root / "reference" / "app",
        {"__init__.py": '"""App."""\n', "till.py": TILL, "receipt.py": RECEIPT},
    )
    _write(root / "graders" / "shop" / "public", PUBLIC_TESTS)
    (root / "graders" / "shop" / "hidden").mkdir()
    return Project(root)


def test_a_spec_of_several_packages_names_modules_with_their_package(shop):
    spec = shop.spec("shop")
    assert spec.packages == ("lib", "app") and spec.has_packages
    assert spec.by_package(spec.student_modules(2)) == {"lib": ("money",), "app": ("till",)}
    assert spec.packages_in(1) == ("lib",) and spec.packages_in(2) == ("lib", "app")
    assert spec.module_file("app.till") == "app/till.py"
    assert [part.manual for part in spec.manual_parts(2)] == ["ESSAY.md"]


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('writes = ["lib.money"]', 'writes = ["money"]', "must start with one of"),
        ('writes = ["lib.money"]', 'writes = ["lib.cash"]', "unknown module 'lib.cash'"),
        ('packages = ["lib", "app"]', 'package = "lib"', "names a package"),
    ],
)
def test_module_names_must_match_the_packages(shop, old, new, said):
    path = shop.spec_path("shop")
    path.write_text(path.read_text().replace(old, new))
    with pytest.raises(CardlabError, match=said):
        load_spec(path, shop.reference_dir("shop"))


def test_thresholds_on_points_and_on_share_do_not_mix(tmp_path, repo):
    text = repo.spec_path("whist").read_text()
    mixed = text.replace("{ points = 0.05, credit = 0.5 }", "{ share = 0.5, credit = 0.5 }")
    path = tmp_path / "whist.toml"
    path.write_text(mixed)
    with pytest.raises(CardlabError, match="all on share or all on points"):
        load_spec(path)
    tournament = repo.spec("whist").phase(2).tournament
    assert tournament.on_points and [t.level for t in tournament.thresholds] == [0.10, 0.05]


def test_a_composition_serves_every_package(shop, tmp_path):
    submission = tmp_path / "submission"
    _write(submission / "lib", {"money.py": MONEY.replace("* 100", "* 1000")})
    parts = [
        compose.compose("lib", shop.package_dir("lib"), submission / "lib", ["money"]),
        compose.compose("app", shop.package_dir("app"), submission / "app", []),
    ]
    composition = compose.compose_packages(parts)
    again = compose.Composition.from_message(composition.to_message())
    assert again == composition and again.qualified
    assert list(again.student_modules()) == ["lib.money"]
    assert again.import_name("app.till.total") == ("app.till", ["total"])
    finder = compose.install(again)
    try:
        till = importlib.import_module("app.till")
        assert till.total([1]) == 1000  # the provided till uses the student's money
    finally:
        compose.uninstall(finder)


def test_the_private_tree_holds_every_package(shop, tmp_path):
    submission = tmp_path / "submission"
    _write(submission / "lib", {"money.py": MONEY})
    composition = compose.compose_packages([
        compose.compose("lib", shop.package_dir("lib"), submission / "lib", ["money"]),
        compose.compose("app", shop.package_dir("app"), submission / "app", ["till"]),
    ])
    tree = build_tree(composition, None)
    try:
        packages = {part.package: part for part in tree.composition.packages}
        assert set(packages) == {"lib", "app"} and tree.composition.qualified
        assert packages["lib"].modules["money"].parent == tree.root / "package" / "lib"
        assert packages["app"].modules["receipt"].suffix == ".pyc"
        assert "till" in packages["app"].refused  # missing from the submission
    finally:
        tree.remove()


def test_the_reference_of_several_packages(shop):
    reference = Reference.of_packages(shop.reference_dirs(shop.spec("shop")), Codec([]))
    try:
        assert reference.app.till.total([2]) == 200
        assert reference.resolve("lib.money.cents")(1) == 100
    finally:
        reference.close()


def test_stubs_of_several_packages_go_to_a_folder_each(shop):
    spec = shop.spec("shop")
    write_stubs(shop, spec)
    student = shop.root / "student"
    assert (student / "lib" / "money.py").read_text().count("NotImplementedError") == 1
    assert (student / "app" / "receipt.py").is_file()  # provided, stubbed for the API page
    assert stub_drift(shop, spec) == []
    (student / "app" / "till.py").write_text("changed\n")
    assert stub_drift(shop, spec) == ["student/app/till.py"]


def test_grading_a_phase_uses_its_packages_and_leaves_the_essay_open(shop, tmp_path):
    submission = tmp_path / "submission"
    _write(submission / "lib", {"money.py": MONEY})
    _write(submission / "app", {"till.py": TILL})
    (submission / "ESSAY.md").write_text("The till adds cents.\n")
    first = run(project_job(shop, "shop", 1, submission))
    assert first.score == first.max_score == 40 and not first.failures
    second = run(project_job(shop, "shop", 2, submission))
    assert second.score == 50 and second.max_score == 60 and second.open_points == 10
    essay = next(part for part in second.parts if part.id == "essay")
    assert essay.manual == "ESSAY.md" and essay.document == "The till adds cents.\n"
    assert "ESSAY.md is there (4 words)" in essay.note


def test_a_missing_module_is_named_with_its_package(shop, tmp_path):
    submission = tmp_path / "submission"
    _write(submission / "lib", {"money.py": MONEY})
    report = run(project_job(shop, "shop", 2, submission))
    assert "missing from the submission: app/till.py" in report.notes
    essay = next(part for part in report.parts if part.id == "essay")
    assert "ESSAY.md is missing" in essay.note and essay.document is None


def test_a_handout_holds_the_packages_of_its_phase(shop, tmp_path):
    spec = shop.spec("shop")
    wheel = tmp_path / "cardlab-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("cardlab/__init__.py", "")
    first = build_handout(shop, spec, 1, tmp_path / "one", wheel=wheel)
    assert (first / "lib" / "money.py").is_file() and not (first / "app").exists()
    second = build_handout(shop, spec, 2, tmp_path / "two", wheel=wheel)
    receipt = second / "app" / f"receipt.{sys.implementation.cache_tag}.pyc"
    assert receipt.is_file() and (second / "app" / "till.py").is_file()
    assert check_handout(second, spec, project=shop) == []
    readme = (second / "README.md").read_text()
    assert "`app/till.py`" in readme and "`lib/money.py`" in readme and "ESSAY.md" in readme
    (second / "lib" / "money.pyc").write_bytes(b"")
    assert check_handout(second, spec, project=shop) == [
        "lib/money.pyc: a compiled copy of a module the student writes"
    ]
