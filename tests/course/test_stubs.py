"""Tests of stub generation (cardlab/course/stubs.py)."""

from __future__ import annotations

import ast
import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest

from cardlab.course.stubs import stub_drift, stub_module, write_stubs
from cardlab.errors import CardlabError

REPO = Path(__file__).resolve().parents[2]

SOURCE = textwrap.dedent(
    '''\
    """Cards for a toy game."""

    from __future__ import annotations

    import random
    from dataclasses import dataclass, field
    from functools import cache

    RANKS = ("2", "3", "A")
    """The ranks, weakest first."""

    _SYMBOLS = {"S": "s", "H": "h"}


    # Strength of each rank, built once.
    @cache
    def _strength(rank: str) -> int:
        return RANKS.index(rank)


    @dataclass(frozen=True)
    class Card:
        """A card.

        Attributes:
            rank: One of RANKS.
            suit: A suit letter.
        """

        rank: str
        suit: str
        tags: tuple[str, ...] = field(default=())

        def __post_init__(self) -> None:
            """Check the rank."""
            if self.rank not in RANKS:
                raise ValueError(self.rank)

        @property
        def symbol(self) -> str:
            """str: The suit's symbol."""
            return _SYMBOLS[self.suit]

        def beats(self, other: Card, trump: str = "S") -> bool:
            """Tell whether this card beats ``other``.

            Args:
                other: The card played first.
                trump: The trump suit.
            """
            # Same suit: the stronger wins.
            if self.suit == other.suit:
                return self._order() > other._order()
            return self.suit == trump

        def _order(self) -> int:
            return _strength(self.rank)

        def __str__(self) -> str:
            return self.rank + self.suit


    def deal(cards: list[Card], rng: random.Random | None = None) -> list[Card]:
        """Shuffle and return the cards."""
        rng = rng or random.Random(0)
        rng.shuffle(cards)
        return cards


    if __name__ == "__main__":
        print(deal([Card("A", "S")]))
    '''
)


def _functions(tree: ast.AST) -> dict[str, ast.FunctionDef]:
    """Functions by qualified name (module level and in classes)."""
    found: dict[str, ast.FunctionDef] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef):
                found[prefix + node.name] = node
            elif isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return found


def _load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, name: str = "stubbed"):
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def test_stub_keeps_signatures_decorators_and_docstrings():
    stub = ast.parse(stub_module(SOURCE))
    reference = _functions(ast.parse(SOURCE))
    stubbed = _functions(stub)
    assert set(stubbed) == {
        "Card.__post_init__",
        "Card.symbol",
        "Card.beats",
        "Card.__str__",
        "deal",
    }
    for name, func in stubbed.items():
        original = reference[name]
        assert ast.dump(func.args) == ast.dump(original.args), name
        assert ast.dump(func.returns) == ast.dump(original.returns), name
        assert [ast.unparse(d) for d in func.decorator_list] == [
            ast.unparse(d) for d in original.decorator_list
        ]
        assert ast.get_docstring(func, clean=False) == ast.get_docstring(original, clean=False)
        body = func.body[1:] if ast.get_docstring(func) else func.body
        assert [ast.unparse(s) for s in body] == [
            f"raise NotImplementedError('{name} is yours to write in this phase')"
        ]
    assert ast.get_docstring(stub) == "Cards for a toy game."


def test_stub_keeps_class_fields_and_public_constants():
    text = stub_module(SOURCE)
    assert "    rank: str\n    suit: str\n    tags: tuple[str, ...] = field(default=())\n" in text
    assert 'RANKS = ("2", "3", "A")\n"""The ranks, weakest first."""\n' in text
    assert "@dataclass(frozen=True)\nclass Card:\n" in text


def test_stub_leaves_out_private_helpers_and_constants():
    text = stub_module(SOURCE)
    for private in ("_strength", "_order", "_SYMBOLS", "Strength of each rank", "Same suit"):
        assert private not in text
    assert "\n\n\n\n" not in text


def test_stub_drops_imports_it_no_longer_uses_but_keeps_future():
    imports = [
        ast.unparse(node)
        for node in ast.parse(stub_module(SOURCE)).body
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert imports == [
        "from __future__ import annotations",
        "import random",
        "from dataclasses import dataclass, field",
    ]


def test_stub_keeps_main_block_verbatim():
    assert stub_module(SOURCE).endswith(
        '\n\nif __name__ == "__main__":\n    print(deal([Card("A", "S")]))\n'
    )


def test_stubbed_functions_raise_not_implemented(tmp_path, monkeypatch):
    module = _load(tmp_path, monkeypatch, stub_module(SOURCE))
    with pytest.raises(NotImplementedError, match=r"^Card\.__post_init__ is yours to write"):
        module.Card("A", "S")
    card = object.__new__(module.Card)
    with pytest.raises(NotImplementedError, match=r"^Card\.beats is yours to write"):
        card.beats(card)
    with pytest.raises(NotImplementedError, match=r"^Card\.symbol is yours to write"):
        _ = card.symbol
    with pytest.raises(NotImplementedError, match=r"^deal is yours to write"):
        module.deal([])
    assert module.RANKS == ("2", "3", "A")


def _body_lines(source: str, qualnames: set[str]) -> set[int]:
    """0-based lines of the named functions' bodies, their docstrings excepted."""
    lines: set[int] = set()
    for name, func in _functions(ast.parse(source)).items():
        if name in qualnames:
            first = func.body[0]
            start = first.end_lineno if ast.get_docstring(func) else first.lineno - 1
            lines.update(range(start, func.end_lineno))
    return lines


def test_method_stub_changes_nothing_but_the_named_bodies(tmp_path, monkeypatch):
    methods = {"Card.beats", "deal"}
    text = stub_module(SOURCE, methods=methods)
    cut = _body_lines(SOURCE, methods)
    kept = [line for i, line in enumerate(SOURCE.splitlines(True)) if i not in cut]
    raises = [line for line in text.splitlines(True) if "NotImplementedError" in line]
    assert [line for line in text.splitlines(True) if line not in raises] == kept
    assert len(raises) == 2
    module = _load(tmp_path, monkeypatch, text)
    card = module.Card("A", "S")
    assert card.symbol == "s"
    assert str(card) == "AS"
    with pytest.raises(NotImplementedError, match=r"^Card\.beats is yours to write"):
        card.beats(card)


def test_method_stub_of_an_unknown_method_is_an_error():
    with pytest.raises(CardlabError, match=r"no function Card\.wins"):
        stub_module(SOURCE, methods={"Card.beats", "Card.wins"}, filename="card.py")


def test_private_constant_needed_by_public_code_is_kept():
    source = "_BASE = 10\nLIMIT = _BASE * 2\n_OTHER = 1\n\n\ndef f():\n    return _OTHER\n"
    assert stub_module(source) == (
        "_BASE = 10\nLIMIT = _BASE * 2\n\n\ndef f():\n"
        '    raise NotImplementedError("f is yours to write in this phase")\n'
    )


def test_private_function_needed_at_import_is_an_error():
    source = "def _make():\n    return 1\n\n\nVALUE = _make()\n"
    with pytest.raises(CardlabError, match=r"m\.py:1: .*private '_make'"):
        stub_module(source, filename="m.py")


def test_one_line_bodies_and_emptied_classes():
    source = "class Box:\n    def _hide(self):\n        return 1\n\n\ndef get(x): return x\n"
    text = stub_module(source)
    assert text == (
        "class Box:\n    pass\n\n\ndef get(x):\n"
        '    raise NotImplementedError("get is yours to write in this phase")\n'
    )


def test_partly_used_import_keeps_only_used_names():
    source = (
        "from os.path import (\n    basename,\n    join,\n)\n\n\ndef f(p=basename):\n    pass\n"
    )
    assert stub_module(source).startswith("from os.path import (\n    basename,\n)\n")


def _reference_modules() -> list[Path]:
    return sorted(p for p in REPO.glob("reference/*/*.py") if p.name != "__init__.py")


@pytest.mark.parametrize("path", _reference_modules(), ids=lambda p: f"{p.parent.name}.{p.stem}")
def test_every_reference_module_stubs_cleanly(path):
    stub = ast.parse(stub_module(path.read_text(encoding="utf-8"), filename=str(path)))
    for name, func in _functions(stub).items():
        assert not any(part.startswith("_") and not part.endswith("_") for part in name.split("."))
        body = func.body[1:] if ast.get_docstring(func) else func.body
        assert len(body) == 1 and isinstance(body[0], ast.Raise), name


def test_write_stubs_writes_student_modules_and_init(toy_tree):
    project, spec = toy_tree
    written = write_stubs(project, spec)
    folder = project.student_dir("toy")
    assert [p.name for p in written] == ["__init__.py", "a.py", "b.py", "c.py"]
    assert (folder / "__init__.py").read_text() == (
        project.reference_dir("toy") / "__init__.py"
    ).read_text()
    assert "NotImplementedError" in (folder / "a.py").read_text()
    assert "import" not in (folder / "b.py").read_text()  # only the body used it
    c = (folder / "c.py").read_text()
    assert "self.n = 0" in c and "self.n += 1" not in c
    assert not (folder / "d.py").exists()


def test_write_stubs_is_idempotent_and_removes_stale_files(toy_tree):
    project, spec = toy_tree
    folder = project.student_dir("toy")
    first = {p.name: p.read_bytes() for p in write_stubs(project, spec)}
    (folder / "old.py").write_text("x = 1\n")
    second = {p.name: p.read_bytes() for p in write_stubs(project, spec)}
    assert first == second
    assert sorted(p.name for p in folder.iterdir()) == sorted(first)


def test_stub_drift_names_changed_missing_and_extra_files(toy_tree):
    project, spec = toy_tree
    write_stubs(project, spec)
    assert stub_drift(project, spec) == []
    folder = project.student_dir("toy")
    (folder / "a.py").write_text("# edited by hand\n", encoding="utf-8")
    (folder / "c.py").unlink()
    (folder / "extra.py").write_text("")
    assert stub_drift(project, spec) == [
        "student/toy/a.py",
        "student/toy/c.py",
        "student/toy/extra.py",
    ]


def test_missing_reference_module_is_an_error(toy_tree):
    project, spec = toy_tree
    (project.reference_dir("toy") / "b.py").unlink()
    with pytest.raises(CardlabError, match=r"b\.py: no such reference module"):
        write_stubs(project, spec)


def test_write_stubs_of_a_source_handout_writes_the_whole_program(toy_tree):
    project, _ = toy_tree
    path = project.spec_path("toy")
    source = '[handout]\nprovided = "source"\n\n[limits]'
    path.write_text(path.read_text(encoding="utf-8").replace("[limits]", source))
    spec = project.spec("toy")
    written = write_stubs(project, spec)
    assert [p.name for p in written] == ["__init__.py", "a.py", "b.py", "c.py", "d.py"]
    reference = project.reference_dir("toy")
    folder = project.student_dir("toy")
    assert (folder / "d.py").read_bytes() == (reference / "d.py").read_bytes()
    assert "SECRET-C" not in (folder / "c.py").read_text()
    assert stub_drift(project, spec) == []
    (folder / "d.py").write_text("# edited\n")
    assert stub_drift(project, spec) == ["student/toy/d.py"]


def test_the_cardgame_stubs_cut_exactly_the_spec_methods(repo):
    spec = repo.spec("cardgame")
    reference, student = repo.reference_dir("cardgame"), repo.student_dir("cardgame")
    stubbed = {}
    for path in sorted(student.glob("*.py")):
        original = (reference / path.name).read_text(encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        functions = _functions(ast.parse(text))
        stubbed.update(
            (f"{path.stem}.{name}", func) for name, func in functions.items()
            if ast.get_source_segment(text, func) not in original
        )
    assert sorted(stubbed) == sorted(spec.phase(1).methods)
