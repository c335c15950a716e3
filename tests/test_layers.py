"""The wings of ``cardlab/`` import only downwards (see docs/design.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cardlab

PACKAGE = Path(cardlab.__file__).parent

ALLOWED: dict[str, set[str]] = {
    "worker": set(),
    "course": {"worker"},
    "judge": {"course", "worker"},
    "reports": {"judge"},
    "play": {"judge", "course", "worker"},
    "exports": {"course"},
    "batch": {"judge", "course", "worker", "reports"},
}
"""Which other wings each wing may import; the top modules (cli, demo, testing, errors)
may import any wing, and every wing may import ``cardlab.errors``."""


def _wing_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "cardlab" else None


def _imported_modules(path: Path) -> set[str]:
    name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found |= {f"{base}.{alias.name}" for alias in node.names} | {base}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {module for module in found if module.startswith("cardlab")}


@pytest.mark.parametrize("wing", sorted(ALLOWED))
def test_a_wing_imports_only_the_wings_below_it(wing):
    wrong = []
    for path in sorted((PACKAGE / wing).rglob("*.py")):
        for module in _imported_modules(path):
            target = _wing_of(module)
            if target in ALLOWED and target != wing and target not in ALLOWED[wing]:
                wrong.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_an_upward_import(tmp_path, monkeypatch):
    fake = tmp_path / "cardlab"
    (fake / "worker").mkdir(parents=True)
    (fake / "worker" / "bad.py").write_text("from ..judge.proxy import Student\n")
    monkeypatch.setattr(f"{__name__}.PACKAGE", fake)
    expected = re.escape("worker/bad.py imports cardlab.judge.proxy")
    with pytest.raises(AssertionError, match=expected):
        test_a_wing_imports_only_the_wings_below_it("worker")


REPOSITORY = PACKAGE.parent
GRADERS_PUBLIC_FACE = "cardlab.testing"
GAMES_FACE = "cardlab.play"
GAMES_FOLDER = "play"
"""An assignment's terminal game (``graders/<id>/play/``) imports the games' face,
:mod:`cardlab.play`; nothing else of the framework is open to graders."""
CODEC_FILE = "codec.py"
CODEC_IMPORTS = ("cardlab.worker.codec", "cardlab.worker.notation")
"""What an assignment's codec imports: it is loaded in the worker too, which holds the
worker's runtime (:mod:`cardlab.worker.sandbox`) and none of the judge's modules."""


def _grader_files(root: Path) -> list[Path]:
    folders = [root / "graders", *sorted((root / "tests").glob("**/graders"))]
    return [path for folder in folders for path in sorted(folder.rglob("*.py"))]


def _outside_the_face(path: Path) -> list[str]:
    wrong = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level:
            modules = [node.module or ""]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        for module in modules:
            inside = module == "cardlab" or module.startswith("cardlab.")
            allowed = (
                module == GRADERS_PUBLIC_FACE
                or (module == GAMES_FACE and GAMES_FOLDER in path.parent.parts)
                or (path.name == CODEC_FILE and module in CODEC_IMPORTS)
            )
            if inside and not allowed:
                wrong.append(f"{path.relative_to(REPOSITORY)} imports {module}")
    return wrong


def test_graders_import_only_the_grader_api():
    files = _grader_files(REPOSITORY)
    assert len(files) > 50, "the graders were not found"
    wrong = [line for path in files for line in _outside_the_face(path)]
    assert not wrong, "\n".join(wrong)


def test_the_grader_check_sees_an_internal_import(tmp_path, monkeypatch):
    folder = tmp_path / "tests" / "toy" / "graders" / "toy" / "public"
    folder.mkdir(parents=True)
    (folder / "test_bad.py").write_text("from cardlab.judge.proxy import StudentRaised\n")
    (folder / "test_good.py").write_text("from cardlab.testing import StudentRaised\n")
    (tmp_path / "graders").mkdir()
    (tmp_path / "graders" / "codec.py").write_text("import cardlab.worker.codec\n")
    (tmp_path / "graders" / "games.py").write_text("import cardlab.worker.codec\n")
    monkeypatch.setattr(f"{__name__}.REPOSITORY", tmp_path)
    wrong = [line for path in _grader_files(tmp_path) for line in _outside_the_face(path)]
    assert wrong == [
        "graders/games.py imports cardlab.worker.codec",
        "tests/toy/graders/toy/public/test_bad.py imports cardlab.judge.proxy",
    ]
