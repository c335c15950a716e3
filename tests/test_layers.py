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
