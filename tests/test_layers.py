"""The wings of ``cardlab/`` import only downwards, and no module of it imports itself
back through others (see docs/design.md).

Every import statement counts: at the top of a module, inside a function (a lazy
import runs too, only later) and under ``if TYPE_CHECKING:`` (a type-only cycle still
ties two modules to each other). Imports by a computed name (``importlib``) are not
seen.
"""

from __future__ import annotations

import ast
import re
from collections import deque
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


def _module_of(path: Path) -> str:
    """The dotted name of a module of the package (a package's ``__init__`` is the package)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_of(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imported_modules(path: Path, modules: set[str]) -> set[str]:
    """The modules of cardlab that a file imports, anywhere in it.

    ``from package import name`` imports the submodule ``package.name`` when there is
    one, and otherwise the package itself.
    """
    package = _module_of(path) if path.name == "__init__.py" else _module_of(path).rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found |= {
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            }
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {module for module in found if module.split(".")[0] == "cardlab"}


def _import_graph() -> dict[str, set[str]]:
    """Each module of cardlab -> the modules of cardlab it imports (itself left out)."""
    modules = _modules()
    return {
        name: {target for target in _imported_modules(path, set(modules)) if target != name}
        & set(modules)
        for name, path in modules.items()
    }


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import one another, each of two or more (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while module not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return groups


def _a_cycle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest cycle through the group's first module, inside the group."""
    start = min(group)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        for target in sorted(graph[module] & group):
            if target == start:
                path = [module]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if target not in came_from:
                came_from[target] = module
                queue.append(target)
    raise AssertionError(f"no cycle through {start}")


@pytest.mark.parametrize("wing", sorted(ALLOWED))
def test_a_wing_imports_only_the_wings_below_it(wing):
    modules = set(_modules())
    wrong = []
    for path in sorted((PACKAGE / wing).rglob("*.py")):
        for module in _imported_modules(path, modules):
            target = _wing_of(module)
            if target in ALLOWED and target != wing and target not in ALLOWED[wing]:
                wrong.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_no_module_imports_itself_through_others():
    graph = _import_graph()
    cycles = []
    for group in _strongly_connected(graph):
        cycle = _a_cycle(graph, group)
        others = sorted(group - set(cycle))
        cycles.append(" → ".join(cycle) + (f" (and {', '.join(others)})" if others else ""))
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_checker_sees_an_upward_import(tmp_path, monkeypatch):
    fake = tmp_path / "cardlab"
    (fake / "worker").mkdir(parents=True)
    (fake / "worker" / "bad.py").write_text("from ..judge.proxy import Student\n")
    monkeypatch.setattr(f"{__name__}.PACKAGE", fake)
    expected = re.escape("worker/bad.py imports cardlab.judge.proxy")
    with pytest.raises(AssertionError, match=expected):
        test_a_wing_imports_only_the_wings_below_it("worker")


def test_the_checker_sees_a_cycle_through_a_lazy_import(tmp_path, monkeypatch):
    fake = tmp_path / "cardlab"
    (fake / "batch").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "batch" / "__init__.py").write_text("")
    (fake / "batch" / "run.py").write_text("from . import pool\n")
    (fake / "batch" / "pool.py").write_text("def start():\n    from .remote import connect\n")
    (fake / "batch" / "store.py").write_text("from . import run\n")
    (fake / "batch" / "shipped.py").write_text("from . import remote\n")
    (fake / "batch" / "remote.py").write_text("from . import shipped\nfrom .run import plan\n")
    monkeypatch.setattr(f"{__name__}.PACKAGE", fake)
    expected = re.escape(
        "cardlab.batch.pool → cardlab.batch.remote → cardlab.batch.run → cardlab.batch.pool"
        " (and cardlab.batch.shipped)\n"
    )
    with pytest.raises(AssertionError, match=expected):
        test_no_module_imports_itself_through_others()


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
