"""`cardlab similarity`: disguised copies rank above honest pairs; bad input is one line.

The honest class is built from correct solutions written independently of one another
(the reference and ``graders/<id>/alternatives/``); the copy is one of them disguised by
:func:`support.disguise.disguised` (every name changed, definitions reordered, comments
and docstrings rewritten, laid out again).
"""

from __future__ import annotations

import ast
import csv
import itertools
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.disguise import definitions, disguised, renaming

from cardlab.batch.similarity import (
    DEFAULT_THRESHOLD,
    ONLY_HANDOUT,
    SimilarityRequest,
    run_similarity,
)
from cardlab.cli import main
from cardlab.course.solution import write_solution
from cardlab.course.stubs import package_stubs

pytest.importorskip("copydetect")

COPIED = "copycat"
REFERENCE = "reference"
CLASSES = {
    "bisca": (
        1,
        ("play",),
        ("console_in_words", "console_letters_numbers_after", "console_round_headers"),
    ),
    "kings_corner": (1, ("card", "piles", "table"), ("phase1-plain-classes",)),
}
"""An assignment's phase, the modules the student writes by it, and the folders of
alternative solutions that each write all of those modules."""


def _write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _solutions(repo, assignment: str) -> dict[str, dict[str, str]]:
    """Each independent solution of the class's modules, by a student name, as files."""
    _, modules, alternatives = CLASSES[assignment]
    folders = {REFERENCE: repo.reference_dir(assignment)}
    folders |= {name: repo.graders_dir(assignment) / "alternatives" / name for name in alternatives}
    return {
        student: {f"{m}.py": (folder / f"{m}.py").read_text(encoding="utf-8") for m in modules}
        for student, folder in folders.items()
    }


def _class(repo, assignment: str, copied: str, folder: Path) -> Path:
    solutions = _solutions(repo, assignment)
    for student, files in solutions.items():
        _write(folder / student, files)
    copy = {name: disguised(text) for name, text in solutions[copied].items()}
    _write(folder / COPIED, copy)
    return folder


def _run(repo, submissions: Path, output: Path, assignment: str = "bisca", **options):
    phase = CLASSES[assignment][0] if assignment in CLASSES else options.pop("phase")
    request = SimilarityRequest(assignment, phase, submissions, output, **options)
    return run_similarity(repo, request)


def _cli(repo, *args: str):
    return CliRunner().invoke(main, [*args, "--project", str(repo.root)])


def _names(pair) -> set[str]:
    return {pair.first.name, pair.second.name}


def _identifiers(source: str) -> set[str]:
    """Every name and attribute the code uses or binds (words in strings are not names)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.add(node.name)
    return found


def _docstrings(source: str) -> set[str]:
    nodes = (ast.Module, ast.FunctionDef, ast.ClassDef)
    return {
        ast.get_docstring(node) or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, nodes) and ast.get_docstring(node)
    }


def test_the_disguise_changes_every_name_the_order_and_the_comments(repo):
    source = _solutions(repo, "bisca")["console_in_words"]["play.py"]
    copy = disguised(source)
    names = renaming(source)

    assert names and not set(names) & _identifiers(copy)
    assert definitions(copy) == [names[name] for name in reversed(definitions(source))]
    assert _docstrings(source) and not _docstrings(source) & _docstrings(copy)
    assert "#" not in source and "# worked this out myself" in copy
    compile(copy, "play.py", "exec")


@pytest.mark.parametrize(
    ("assignment", "copied"),
    [
        ("bisca", "console_in_words"),
        ("bisca", "console_round_headers"),
        ("kings_corner", "phase1-plain-classes"),
    ],
)
def test_a_disguised_copy_ranks_above_every_honest_pair(repo, tmp_path, assignment, copied):
    submissions = _class(repo, assignment, copied, tmp_path / "class")

    comparison = _run(repo, submissions, tmp_path / "out", assignment)

    honest = [pair for pair in comparison.pairs if COPIED not in _names(pair)]
    top = comparison.pairs[0]
    assert _names(top) == {COPIED, copied}
    assert top.similarity > max(pair.similarity for pair in honest)
    assert comparison.suspicious == (top,)
    numbers = set(top.first.labels) - {0}
    assert numbers and numbers == set(top.second.labels) - {0}
    assert len(top.first.labels) == len(top.first.regions)
    assert all(not pair.first.labels for pair in honest)
    assert len(honest) == len(list(itertools.combinations(_solutions(repo, assignment), 2)))


def test_the_handout_is_boilerplate_a_student_who_changed_nothing_is_not_compared(repo, tmp_path):
    stub = package_stubs(repo.reference_dir("bisca"), ["play"], [])["play"]
    subs = tmp_path / "subs"
    _write(subs / "ann", {"play.py": stub})
    _write(subs / "bob", {"play.py": stub})
    _write(subs / "cid", _solutions(repo, "bisca")[REFERENCE])

    comparison = _run(repo, subs, tmp_path / "out")

    assert {(item.name, item.cause) for item in comparison.left_out} == {
        ("ann", ONLY_HANDOUT),
        ("bob", ONLY_HANDOUT),
    }
    assert comparison.pairs == ()


@pytest.mark.parametrize("assignment", ["whist", "cardgame"])
def test_assignments_of_several_packages_or_single_methods_compare_their_files(
    repo, tmp_path, assignment
):
    spec = repo.spec(assignment)
    phase = spec.phases[-1].number
    subs = tmp_path / "subs"
    write_solution(repo, spec, subs / "ann")
    write_solution(repo, spec, subs / "bob")

    comparison = _run(repo, subs, tmp_path / "out", assignment, phase=phase)

    (pair,) = comparison.pairs
    assert pair.similarity > 0.95
    files = [span.path for span in comparison.documents["ann"].files]
    assert files and all(path.endswith(".py") for path in files)
    if spec.has_packages:
        assert {path.split("/")[0] for path in files} == set(spec.packages_in(phase))


HOSTILE = ('=HYPERLINK("evil.example","x")', "<img src=x onerror=alert(1)>", "\x1b[2Jwiped")


def test_hostile_names_an_empty_folder_and_a_bad_zip_are_reported_not_obeyed(repo, tmp_path):
    solutions = _solutions(repo, "bisca")
    subs = tmp_path / "subs"
    _write(subs / HOSTILE[0], solutions["console_in_words"])
    _write(subs / HOSTILE[1], {"play.py": disguised(solutions["console_in_words"]["play.py"])})
    _write(subs / HOSTILE[2], solutions["console_letters_numbers_after"])
    (subs / "empty").mkdir()
    (subs / "linked").mkdir()
    (subs / "linked" / "play.py").symlink_to(repo.reference_dir("bisca") / "play.py")
    (subs / "linked_folder").mkdir()
    (subs / "linked_folder" / "bisca").symlink_to(repo.reference_dir("bisca"))
    (subs / "broken.zip").write_bytes(b"this is not a zip file")
    with zipfile.ZipFile(subs / "zipped.zip", "w") as bundle:
        bundle.writestr("zipped/play.py", solutions[REFERENCE]["play.py"])
    output = tmp_path / "out"

    result = _cli(repo, "similarity", "bisca", "--phase", "1", str(subs), "--output", str(output))

    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    assert "Not compared empty: none of the files compared in phase 1 was submitted" in (
        " ".join(result.output.split())
    )
    assert "broken.zip is not a readable zip file" in " ".join(result.output.split())
    with (output / "pairs.csv").open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 6  # four submissions compared, the zip's among them
    first = rows[0]
    assert {first["student_a"], first["student_b"]} == {"'" + HOSTILE[0], HOSTILE[1]}
    assert (first["suspicious"], first["page"]) == ("yes", "pairs/pair-0001.html")
    assert [row["suspicious"] for row in rows[1:]] == ["no"] * 5
    with (output / "left-out.csv").open(newline="", encoding="utf-8") as file:
        left_out = {row["student"]: row["cause"] for row in csv.DictReader(file)}
    assert set(left_out) == {"empty", "broken", "linked", "linked_folder"}
    assert left_out["linked"] == "play.py is a link; a submission is only its own files"
    pages = [output / "index.html", output / "pairs" / "pair-0001.html"]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "<img" not in text and "<script" not in text
        assert "&lt;img src=x onerror=alert(1)&gt;" in text
    assert "<mark><sup class='match'>1</sup>" in pages[1].read_text(encoding="utf-8")


def test_an_archive_is_compared_with_the_class_but_not_with_itself(repo, tmp_path):
    solutions = _solutions(repo, "bisca")
    subs, archive = tmp_path / "subs", tmp_path / "2025"
    _write(subs / "ann", solutions[REFERENCE])
    _write(subs / "bob", {"play.py": disguised(solutions["console_round_headers"]["play.py"])})
    _write(archive / "old_carl", solutions["console_round_headers"])
    _write(archive / "old_dora", solutions["console_in_words"])

    comparison = _run(repo, subs, tmp_path / "out", archives=(archive,))

    assert _names(comparison.pairs[0]) == {"bob", "2025/old_carl"}
    assert comparison.suspicious == (comparison.pairs[0],)
    assert {"2025/old_carl", "2025/old_dora"} not in [_names(p) for p in comparison.pairs]
    assert len(comparison.pairs) == 5


def _a_file(root: Path) -> Path:
    (root / "notes.txt").write_text("not a folder")
    return root / "notes.txt"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda root: root / "missing", "the archive folder {archive} does not exist"),
        (_a_file, "the archive folder {archive} is not a folder"),
    ],
    ids=["missing", "a-file"],
)
def test_a_bad_archive_is_one_line_and_nothing_is_written(repo, tmp_path, make, message):
    subs = tmp_path / "subs"
    _write(subs / "ann", _solutions(repo, "bisca")[REFERENCE])
    archive = make(tmp_path)
    output = tmp_path / "out"

    result = _cli(
        repo,
        "similarity",
        "bisca",
        "--phase",
        "1",
        str(subs),
        "--archive",
        str(archive),
        "--output",
        str(output),
    )

    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"cardlab: {message.format(archive=archive)}"]
    assert not output.exists()


def test_an_empty_submissions_folder_is_one_line(repo, tmp_path):
    (tmp_path / "subs").mkdir()

    result = _cli(
        repo,
        "similarity",
        "bisca",
        "--phase",
        "1",
        str(tmp_path / "subs"),
        "--output",
        str(tmp_path / "out"),
    )

    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert "holds nothing; it needs one folder or zip file per student" in result.output
    assert not (tmp_path / "out").exists()


def test_without_copydetect_the_command_says_what_to_install(repo, tmp_path, monkeypatch):
    subs = tmp_path / "subs"
    _write(subs / "ann", _solutions(repo, "bisca")[REFERENCE])
    monkeypatch.setitem(sys.modules, "copydetect", None)  # import copydetect now fails

    result = _cli(
        repo, "similarity", "bisca", "--phase", "1", str(subs), "--output", str(tmp_path / "out")
    )

    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        'cardlab: cardlab similarity needs copydetect: pip install "cardlab[similarity]"'
    ]


def test_the_ranking_is_the_same_under_any_string_hash_seed(repo, tmp_path):
    submissions = _class(repo, "bisca", "console_in_words", tmp_path / "class")
    cardlab = Path(sys.executable).parent / "cardlab"
    written = []
    for seed in ("1", "2"):
        output = tmp_path / f"out-{seed}"
        subprocess.run(
            [
                str(cardlab),
                "similarity",
                "bisca",
                "--phase",
                "1",
                str(submissions),
                "--output",
                str(output),
                "--project",
                str(repo.root),
            ],
            check=True,
            capture_output=True,
            timeout=300,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        written.append((output / "pairs.csv").read_bytes())
    assert written[0] == written[1]


def test_the_help_states_the_default_threshold(repo):
    result = _cli(repo, "similarity", "--help")

    assert result.exit_code == 0
    assert f"(default: {DEFAULT_THRESHOLD})" in " ".join(result.output.split())


def test_two_archives_of_one_name_are_refused_in_one_line(repo, tmp_path):
    subs = tmp_path / "subs"
    _write(subs / "ann", _solutions(repo, "bisca")[REFERENCE])
    for year in ("2024", "2025"):
        _write(tmp_path / year / "bisca" / "old", _solutions(repo, "bisca")[REFERENCE])

    result = _cli(
        repo,
        "similarity",
        "bisca",
        "--phase",
        "1",
        str(subs),
        "--archive",
        str(tmp_path / "2024" / "bisca"),
        "--archive",
        str(tmp_path / "2025" / "bisca"),
        "--output",
        str(tmp_path / "o"),
    )

    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "cardlab: two archive folders are named bisca: their students would be named alike; "
        "rename one of the folders"
    ]


def test_a_file_that_cannot_be_read_leaves_its_submission_out_and_the_rest_compared(
    repo, tmp_path, monkeypatch
):
    solutions = _solutions(repo, "bisca")
    subs = tmp_path / "subs"
    _write(subs / "ann", solutions[REFERENCE])
    _write(subs / "bob", solutions["console_in_words"])
    _write(subs / "locked", solutions["console_round_headers"])
    read_bytes = Path.read_bytes

    def refusing(path: Path) -> bytes:
        if path.parent.name == "locked":
            raise PermissionError(13, "Permission denied")
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", refusing)

    comparison = _run(repo, subs, tmp_path / "out")

    assert [(item.name, item.cause) for item in comparison.left_out] == [
        ("locked", "could not be read (Permission denied)")
    ]
    assert [_names(pair) for pair in comparison.pairs] == [{"ann", "bob"}]
