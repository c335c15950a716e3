"""Mutants of the reference's student-written code: one realistic mistake each.

A mutant is the reference module with a single change of the kind a student makes: a
comparison flipped or made non-strict, a boundary or a constant moved by one, ``and``
and ``or`` swapped, a ``not`` dropped, ``+`` and ``-`` swapped, a statement or a branch
removed, a loop left early, two arguments swapped, a copy dropped. Only the code a
student writes is changed: whole modules the spec names in ``writes`` (docstrings,
imports, type annotations and the messages of raised errors left alone) and, for
``methods``, the bodies of those methods.

Each change is made on the source text at the node's position, so a mutant's diff is
the one line (or the few lines) that changed and the rest keeps its comments and
layout; the result is parsed again and compared with the intended tree, so a change
that would read differently in text than in the tree (a missing parenthesis) is
written with parentheses instead.

The mutation libraries available were judged for this use (see ``pyproject.toml``):
they mutate a project in place and run its own test command, while cardlab needs each
mutant as a file to grade through its own judge; this module is a small generator
instead.
"""

from __future__ import annotations

import ast
import copy
import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import CardlabError
from .positions import end_position
from .spec import Spec

COMPARE = "compare"
BOUNDARY = "boundary"
CONSTANT = "constant"
BOOLEAN = "and-or"
NEGATION = "not"
ARITHMETIC = "arithmetic"
STATEMENT = "statement"
BRANCH = "branch"
EARLY_EXIT = "early-exit"
ARGUMENTS = "arguments"
COPY = "copy"
OPERATORS = (
    COMPARE,
    BOUNDARY,
    CONSTANT,
    BOOLEAN,
    NEGATION,
    ARITHMETIC,
    STATEMENT,
    BRANCH,
    EARLY_EXIT,
    ARGUMENTS,
    COPY,
)
"""Every kind of change, in the order mutants are listed."""

_OTHER_COMPARISONS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE),
    ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE),
    ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
"""Each comparison's mutants: made (non-)strict, and negated."""

_OTHER_ARITHMETIC: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
}
_COPY_CALLS = frozenset({"list", "tuple", "dict", "set", "copy", "deepcopy"})
"""Calls that copy their single argument (``copy`` and ``deepcopy`` also as ``copy.x``)."""
_MODULE = "<module>"


@dataclass(frozen=True)
class Mutant:
    """One mutant of one module.

    Attributes:
        id: A name that stays the same while the function it changes does
            (``module:Qualified.name:operator:k``, the k-th change of that kind there).
        module: The module changed.
        function: The qualified name of the function (or ``<module>``) changed.
        operator: The kind of change (one of ``OPERATORS``).
        line: The first line changed, in the reference module.
        change: The change in a few words (``a < b`` → ``a <= b``).
        original: The reference module's source.
        source: The mutated module's source.
    """

    id: str
    module: str
    function: str
    operator: str
    line: int
    change: str
    original: str = field(repr=False)
    source: str = field(repr=False)

    def diff(self) -> str:
        """The change as a unified diff of the module, with two lines of context."""
        lines = difflib.unified_diff(
            self.original.splitlines(keepends=True),
            self.source.splitlines(keepends=True),
            f"reference/{self.module}.py",
            f"mutant/{self.module}.py",
            n=2,
        )
        return "".join(lines)


@dataclass(frozen=True)
class _Edit:
    """A change to make: the span of a node (or of several statements) and its new text."""

    operator: str
    start: tuple[int, int]
    end: tuple[int, int]
    text: str
    rewrite: Callable[[ast.AST], None]
    """Makes the same change on a copy of the tree (given the copy's node at ``anchor``)."""
    anchor: int
    """The position of the changed node in ``ast.walk`` order."""


def module_mutants(module: str, source: str, functions: tuple[str, ...] = ()) -> list[Mutant]:
    """Every mutant of a module's student-written code.

    Args:
        module: The module's name (for ids and diffs).
        source: Its reference source.
        functions: Only these functions (qualified names, ``Card.__eq__``); all the
            module's code when empty.

    Returns:
        The mutants, in the order of their position in the module; two changes that
        give the same module are one mutant.
    """
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    index = {id(node): i for i, node in enumerate(nodes)}
    finder = _EditFinder(index, set(functions))
    finder.visit(tree)
    mutants: list[Mutant] = []
    counts: dict[tuple[str, str], int] = {}
    made: set[str] = set()
    for scope, edit in sorted(finder.edits, key=lambda pair: (pair[1].start, pair[1].operator)):
        mutated = _apply(source, edit)
        if mutated is None or mutated in made:
            continue  # a branch of one statement is that statement: one mutant
        made.add(mutated)
        counts[scope, edit.operator] = counts.get((scope, edit.operator), 0) + 1
        before = _segment(source, edit.start, edit.end)
        mutants.append(
            Mutant(
                id=f"{module}:{scope}:{edit.operator}:{counts[scope, edit.operator]}",
                module=module,
                function=scope,
                operator=edit.operator,
                line=edit.start[0],
                change=f"{_short(before)} → {_short(edit.text)}" if before else _added(edit),
                original=source,
                source=mutated,
            )
        )
    return mutants


def _added(edit: _Edit) -> str:
    return f"{edit.text.strip()} added at the end of the loop (it ends after one pass)"


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


# -- applying an edit -------------------------------------------------------------------


def _offsets(source: str) -> list[int]:
    """Byte offset of the start of each line (1-based lines: index 0 is unused)."""
    starts, total = [0, 0], 0
    for line in source.encode("utf-8").splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def _segment(source: str, start: tuple[int, int], end: tuple[int, int]) -> str:
    data, starts = source.encode("utf-8"), _offsets(source)
    return data[starts[start[0]] + start[1] : starts[end[0]] + end[1]].decode("utf-8")


def _replace(source: str, start: tuple[int, int], end: tuple[int, int], text: str) -> str:
    data, starts = source.encode("utf-8"), _offsets(source)
    first, last = starts[start[0]] + start[1], starts[end[0]] + end[1]
    return (data[:first] + text.encode("utf-8") + data[last:]).decode("utf-8")


def _apply(source: str, edit: _Edit) -> str | None:
    """The mutated source, or None when the text cannot be made to mean the change.

    The change is made on a tree parsed afresh from the source (the tree the edit was
    found in, at about a tenth of the cost of a deep copy) and compared by ``ast.dump``,
    which leaves out positions: the new nodes need none.
    """
    expected = ast.parse(source)
    edit.rewrite(list(ast.walk(expected))[edit.anchor])
    wanted = ast.dump(expected)
    for text in (edit.text, f"({edit.text})"):
        mutated = _replace(source, edit.start, edit.end, text)
        try:
            if ast.dump(ast.parse(mutated)) == wanted:
                return mutated
        except SyntaxError:
            continue
    return None


def _replace_child(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for name, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, name, new)
        elif isinstance(value, list):
            parent_list = value
            for position, item in enumerate(parent_list):
                if item is old:
                    parent_list[position] = new


# -- finding edits ----------------------------------------------------------------------


def _start(node: ast.expr | ast.stmt) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


class _EditFinder(ast.NodeVisitor):
    """Walks a module and lists the edits that make its mutants, with their scope."""

    def __init__(self, index: dict[int, int], functions: set[str]) -> None:
        self.index = index
        self.functions = functions
        self.edits: list[tuple[str, _Edit]] = []
        self._scope: list[str] = []
        self._parents: list[ast.AST] = []

    # scope ------------------------------------------------------------------------

    @property
    def _qualname(self) -> str:
        return ".".join(self._scope) or _MODULE

    def _in_scope(self) -> bool:
        if not self.functions:
            return True
        name = self._qualname
        return any(name == f or name.startswith(f + ".") for f in self.functions)

    def _add_span(
        self,
        operator: str,
        node: ast.AST,
        start: tuple[int, int],
        end: tuple[int, int],
        text: str,
        rewrite: Callable,
    ) -> None:
        if self._in_scope():
            edit = _Edit(operator, start, end, text, rewrite, self.index[id(node)])
            self.edits.append((self._qualname, edit))

    def generic_visit(self, node: ast.AST) -> None:
        self._parents.append(node)
        super().generic_visit(node)
        self._parents.pop()

    def _visit_scope(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        """Signatures, decorators and bases are handed out in the stubs: only bodies change."""
        self._scope.append(node.name)
        self._parents.append(node)
        if isinstance(node, ast.ClassDef):
            self._declarations(node)
        else:
            self._statements(node, "body")
        self._parents.pop()
        self._scope.pop()

    visit_FunctionDef = _visit_scope
    visit_AsyncFunctionDef = _visit_scope
    visit_ClassDef = _visit_scope

    def visit_Module(self, node: ast.Module) -> None:
        self._parents.append(node)
        self._declarations(node)
        self._parents.pop()

    # statements -------------------------------------------------------------------

    def _declarations(self, owner: ast.Module | ast.ClassDef) -> None:
        """A module's or a class's own statements: definitions and private names only.

        The stubs hand out public constants, enum members and dataclass fields as they
        are; private helpers (``_STRENGTH = ...``) are the student's to write.
        """
        for position, statement in enumerate(owner.body):
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.visit(statement)
            elif _assigns_private(statement):
                self._remove(owner, "body", position)
                self.visit(statement)

    def _statements(self, owner: ast.AST, field_name: str) -> None:
        body: list[ast.stmt] = getattr(owner, field_name)
        for position, statement in enumerate(body):
            if _is_docstring(statement) or isinstance(statement, ast.Import | ast.ImportFrom):
                continue
            if _removable(statement):
                self._remove(owner, field_name, position)
            self.visit(statement)

    def _remove(self, owner: ast.AST, field_name: str, position: int) -> None:
        statement = getattr(owner, field_name)[position]

        def rewrite(copied: ast.AST) -> None:
            getattr(copied, field_name)[position] = ast.Pass()

        operator = STATEMENT
        self._add_span(operator, owner, _start(statement), end_position(statement), "pass", rewrite)

    def visit_If(self, node: ast.If) -> None:
        self._parents.append(node)
        self.visit(node.test)
        self._statements(node, "body")
        self._branch(node, "body")
        if node.orelse and not _is_elif(node):
            self._branch(node, "orelse")
        if _is_elif(node):
            self.visit(node.orelse[0])
        else:
            self._statements(node, "orelse")
        self._parents.pop()

    def _branch(self, node: ast.If, field_name: str) -> None:
        body = getattr(node, field_name)
        if len(body) == 1 and isinstance(body[0], ast.Pass):
            return

        def rewrite(copied: ast.AST) -> None:
            setattr(copied, field_name, [ast.Pass()])

        self._add_span(BRANCH, node, _start(body[0]), end_position(body[-1]), "pass", rewrite)

    def _loop(self, node: ast.For | ast.While) -> None:
        self._parents.append(node)
        for child in (getattr(node, "target", None), getattr(node, "iter", None)):
            if child is not None:
                self.visit(child)
        if isinstance(node, ast.While):
            self.visit(node.test)
        self._statements(node, "body")
        self._statements(node, "orelse")
        last = node.body[-1]
        one_line = last.lineno == node.lineno
        if not one_line and not isinstance(last, ast.Return | ast.Break | ast.Raise):
            indent = " " * node.body[0].col_offset

            def rewrite(copied: ast.For | ast.While) -> None:
                copied.body.append(ast.Break())

            end = end_position(last)
            self._add_span(EARLY_EXIT, node, end, end, f"\n{indent}break", rewrite)
        self._parents.pop()

    visit_For = _loop
    visit_While = _loop

    def visit_Continue(self, node: ast.Continue) -> None:
        self._swap_statement(node, ast.Break, "break")

    def visit_Break(self, node: ast.Break) -> None:
        self._swap_statement(node, ast.Continue, "continue")

    def _swap_statement(self, node: ast.stmt, kind: type[ast.stmt], text: str) -> None:
        parent = self._parents[-1]
        self._add_span(
            EARLY_EXIT,
            parent,
            _start(node),
            end_position(node),
            text,
            lambda copied: _replace_child(copied, _child_like(copied, parent, node), kind()),
        )

    def visit_Raise(self, node: ast.Raise) -> None:
        """A raised error's message is not mutated (the contract names the type)."""

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self._parents.append(node)
            self.visit(node.value)
            self._parents.pop()

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        """f-strings are left alone (their parts are not separate constants in text)."""

    # expressions ------------------------------------------------------------------

    def _expression(self, operator: str, node: ast.expr, new: ast.expr) -> None:
        parent = self._parents[-1]

        def rewrite(copied_parent: ast.AST) -> None:
            _replace_child(copied_parent, _child_like(copied_parent, parent, node), new)

        self._add_span(
            operator, parent, _start(node), end_position(node), ast.unparse(new), rewrite
        )

    def visit_Compare(self, node: ast.Compare) -> None:
        for position, op in enumerate(node.ops):
            for other in _OTHER_COMPARISONS.get(type(op), ()):
                new = copy.deepcopy(node)
                new.ops[position] = other()
                self._expression(COMPARE, node, new)
        for position, right in enumerate(node.comparators):
            if (number := _int_value(right)) is not None:
                for step in (1, -1):
                    new = copy.deepcopy(node)
                    new.comparators[position] = ast.Constant(number + step)
                    self._expression(BOUNDARY, node, new)
        self._children(node, skip_ints=True)

    def _children(self, node: ast.AST, skip_ints: bool = False) -> None:
        self._parents.append(node)
        for child in ast.iter_child_nodes(node):
            if skip_ints and _int_value(child) is not None:
                continue
            self.visit(child)
        self._parents.pop()

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        new = copy.deepcopy(node)
        new.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._expression(BOOLEAN, node, new)
        self._children(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self._expression(NEGATION, node, copy.deepcopy(node.operand))
        self._children(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        other = _OTHER_ARITHMETIC.get(type(node.op))
        if other is not None:
            new = copy.deepcopy(node)
            new.op = other()
            self._expression(ARITHMETIC, node, new)
        self._children(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self._expression(CONSTANT, node, ast.Constant(not value))
        elif (number := _int_value(node)) is not None:
            for step in (1, -1):
                self._expression(CONSTANT, node, ast.Constant(number + step))
        elif isinstance(value, str) and value:
            self._expression(CONSTANT, node, ast.Constant(""))

    def visit_Call(self, node: ast.Call) -> None:
        if _copies(node):
            self._expression(COPY, node, copy.deepcopy(_copied(node)))
        plain = [a for a in node.args if not isinstance(a, ast.Starred)]
        if len(plain) == len(node.args):
            for position in range(len(node.args) - 1):
                new = copy.deepcopy(node)
                new.args[position], new.args[position + 1] = (
                    new.args[position + 1],
                    new.args[position],
                )
                if ast.dump(new) != ast.dump(node):
                    self._expression(ARGUMENTS, node, new)
        self._children(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        whole = node.slice
        if isinstance(whole, ast.Slice) and not (whole.lower or whole.upper or whole.step):
            self._expression(COPY, node, copy.deepcopy(node.value))
        self._children(node)


def _removable(statement: ast.stmt) -> bool:
    """Statements whose removal is a mistake (not a ``pass``, not a definition)."""
    return not isinstance(
        statement, ast.Pass | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
    )


def _assigns_private(statement: ast.stmt) -> bool:
    """An assignment to private names only (``_STRENGTH = ...``), not ``__dunder__``."""
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        targets = [statement.target]
    else:
        return False
    names = [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    return bool(names) and all(n.id.startswith("_") and not n.id.endswith("__") for n in names)


def _is_elif(node: ast.If) -> bool:
    if len(node.orelse) != 1 or not isinstance(node.orelse[0], ast.If):
        return False
    inner = node.orelse[0]
    return inner.col_offset == node.col_offset and inner.lineno > end_position(node.body[-1])[0]


def _int_value(node: ast.AST) -> int | None:
    """The value of an integer constant (not a bool), or None for any other node."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _copies(node: ast.Call) -> bool:
    name = node.func.id if isinstance(node.func, ast.Name) else None
    if isinstance(node.func, ast.Attribute):
        name = node.func.attr
        if name == "copy" and not node.args:
            return True
    return name in _COPY_CALLS and len(node.args) == 1 and not node.keywords


def _copied(node: ast.Call) -> ast.expr:
    if not node.args and isinstance(node.func, ast.Attribute):
        return node.func.value
    return node.args[0]


def _child_like(copied_parent: ast.AST, parent: ast.AST, child: ast.AST) -> ast.AST:
    """The node of ``copied_parent`` at the place ``child`` holds in ``parent``."""
    for (_, value), (_, copied) in zip(
        ast.iter_fields(parent), ast.iter_fields(copied_parent), strict=True
    ):
        if value is child:
            return copied
        if isinstance(value, list):
            for item, copied_item in zip(value, copied, strict=True):
                if item is child:
                    return copied_item
    raise LookupError(f"{type(child).__name__} is not a child of {type(parent).__name__}")


def module_file(root: Path, module: str) -> Path:
    """The file of ``module`` under ``root``: ``card.py``; ``cards/card.py`` for ``cards.card``."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def phase_mutants(
    reference_dir: Path, spec: Spec, phase: int, part: str | None = None
) -> list[Mutant]:
    """Every mutant of the code the student writes first in a phase.

    Args:
        reference_dir: The reference package folder; for an assignment of several
            packages, the folder holding them (``reference/``), since its modules are
            named with their package (``cards.card``).
        spec: The assignment's spec.
        phase: The phase number.
        part: Only mutants of the code this part grades.

    Raises:
        CardlabError: When the phase has no part ``part``.
    """
    graded = spec.phase(phase)
    if part is not None and part not in {p.id for p in graded.parts}:
        known = ", ".join(p.id for p in graded.parts)
        raise CardlabError(f"phase {phase} of {spec.id} has no part {part!r} (parts: {known})")
    functions: dict[str, list[str]] = {module: [] for module in graded.writes}
    for method in graded.methods:
        module, _, qualname = method.partition(".")
        functions.setdefault(module, []).append(qualname)
    found: list[Mutant] = []
    for module, names in functions.items():
        source = module_file(reference_dir, module).read_text(encoding="utf-8")
        found += module_mutants(module, source, tuple(names))
    if part is None:
        return found
    return [m for m in found if part in graded.home_parts(m.module, m.function)]
