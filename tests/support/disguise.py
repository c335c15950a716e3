"""A module disguised the way a student hides a copy: every name, the order, the comments.

:func:`disguised` renames every name the module binds itself (functions, classes,
arguments, variables, attributes it assigns; never an import, a builtin or a dunder),
reverses the order of its top-level functions and classes and of each class's methods,
replaces every docstring, drops every comment and adds comments of its own, and lays the
code out again (``ast.unparse``). The copy still parses; it need not pass the graders.
"""

from __future__ import annotations

import ast
import builtins
import keyword

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def own_names(tree: ast.Module) -> set[str]:
    """Every name the module binds itself, imports, builtins, dunders and ``self`` left out."""
    imported = {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, _DEFINITIONS):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            bound.add(node.attr)
    return {
        name
        for name in bound - imported
        if not (name.startswith("__") and name.endswith("__"))
        and name not in dir(builtins)
        and name != "self"
        and not keyword.iskeyword(name)
    }


def renaming(source: str) -> dict[str, str]:
    """The new name :func:`disguised` gives each of the module's own names."""
    names = own_names(ast.parse(source))
    return {name: f"my_{index}_{name[::-1].strip('_')}" for index, name in enumerate(sorted(names))}


def definitions(source: str) -> list[str]:
    """The names of the module's top-level functions and classes, in order."""
    return [node.name for node in ast.parse(source).body if isinstance(node, _DEFINITIONS)]


class _Renamer(ast.NodeTransformer):
    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def _new(self, name: str) -> str:
        return self.names.get(name, name)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = self._new(node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self._new(node.arg)
        return self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        node.attr = self._new(node.attr)
        return self.generic_visit(node)

    def visit_keyword(self, node: ast.keyword) -> ast.AST:
        if node.arg:
            node.arg = self._new(node.arg)
        return self.generic_visit(node)

    def _definition(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> ast.AST:
        node.name = self._new(node.name)
        return self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _definition


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _new_docstrings(tree: ast.Module) -> None:
    for number, node in enumerate(ast.walk(tree)):
        if (
            isinstance(node, (ast.Module, *_DEFINITIONS))
            and node.body
            and _is_docstring(node.body[0])
        ):
            node.body[0] = ast.Expr(ast.Constant(f"My own part number {number}."))


def _reversed_definitions(body: list[ast.stmt]) -> list[ast.stmt]:
    definitions = [node for node in body if isinstance(node, _DEFINITIONS)]
    others = [node for node in body if not isinstance(node, _DEFINITIONS)]
    for node in definitions:
        if isinstance(node, ast.ClassDef):
            node.body = _reversed_definitions(node.body)
    return others + definitions[::-1]


def disguised(source: str) -> str:
    """``source`` with every own name changed, definitions reordered, comments rewritten."""
    tree = ast.parse(source)
    _Renamer(renaming(source)).visit(tree)
    _new_docstrings(tree)
    tree.body = _reversed_definitions(tree.body)
    lines = []
    for number, line in enumerate(ast.unparse(ast.fix_missing_locations(tree)).splitlines()):
        lines.append(line)
        if line.lstrip().startswith(("def ", "class ")):
            indent = " " * (len(line) - len(line.lstrip()) + 4)
            lines.append(f"{indent}# worked this out myself, step {number}")
    return "\n".join(lines) + "\n"
