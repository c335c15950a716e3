"""Student stubs, generated from the reference: signatures and docstrings kept, bodies cut.

The reference's docstrings state the contract, so a stub is the reference module with
every function body replaced by its docstring and a ``raise NotImplementedError``.
Whatever is implementation detail goes: private helpers (one leading underscore; dunders
and Enum ``_sunder_`` hooks stay), private constants, and the imports only they used.
A stub is spliced from the reference's own lines rather than unparsed from the tree, so
it keeps the reference's comments and layout and reads like hand-written code.

A module can also be stubbed method by method (``methods=``): then only the named bodies
change and every other line stays byte for byte as in the reference, for assignments
that hand out a whole program with single methods cut out.

``write_stubs`` regenerates ``student/<assignment>/`` from the reference, and
``stub_drift`` tells whether the committed stubs still match what it would write.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import CardlabError
from .positions import end_position
from .project import Project
from .spec import Spec, reference_modules

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_INIT = "__init__.py"


def _is_private(name: str) -> bool:
    """Tell whether a name is implementation detail: ``_x`` or ``__x``, not ``__x__`` or ``_x_``."""
    return name.startswith("_") and not name.endswith("_")


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _is_blank(line: str) -> bool:
    return not line.strip()


def _is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _start(node: ast.stmt) -> int:
    """The 0-based index of a statement's first line, decorators included."""
    decorators = getattr(node, "decorator_list", ())
    return min([node.lineno, *(d.lineno for d in decorators)]) - 1


def _prefix(line: str, col: int) -> str:
    """The text of ``line`` before ``col``, which ``ast`` counts in UTF-8 bytes."""
    return line.encode("utf-8")[:col].decode("utf-8")


def _suffix(line: str, col: int) -> str:
    """The text of ``line`` from ``col`` (a UTF-8 byte offset) on."""
    return line.encode("utf-8")[col:].decode("utf-8")


@dataclass
class _Splice:
    """Line edits on a source: lines to drop and replacement lines to insert."""

    lines: list[str]
    drop: set[int] = field(default_factory=set)
    insert: dict[int, list[str]] = field(default_factory=dict)

    def replace(self, start: int, end: int, new: list[str]) -> None:
        """Replace lines ``start`` to ``end`` (exclusive, 0-based) by ``new``."""
        self.insert[start] = new
        self.drop.update(range(start, end))

    def text(self) -> str:
        """The edited source."""
        out: list[str] = []
        for index, line in enumerate(self.lines):
            out.extend(self.insert.get(index, ()))
            if index not in self.drop:
                out.append(line)
        return "".join(out)

    def block_end(self, node: ast.stmt) -> int:
        """The index after a statement's last line, with the deeper comments that trail it."""
        depth = len(_indent(self.lines[_start(node)]))
        end = scan = end_position(node)[0]
        while scan < len(self.lines):
            line = self.lines[scan]
            if _is_comment(line) and len(_indent(line)) > depth:
                end = scan + 1
            elif not _is_blank(line):
                break
            scan += 1
        return end

    def _blank_run(self, index: int, step: int, floor: int) -> list[int]:
        """Blank lines next to ``index`` going by ``step``, looking through dropped lines."""
        run: list[int] = []
        index += step
        while floor <= index < len(self.lines):
            if index not in self.drop:
                if not _is_blank(self.lines[index]):
                    break
                run.append(index)
            index += step
        return run

    def delete(self, node: ast.stmt, floor: int, first: bool, last: bool, filename: str) -> None:
        """Delete a statement with the comments right above it, and one of its blank margins.

        The blank lines after the statement go when it opens its block and more follows;
        otherwise the smaller of the margins before and after it goes, so the statements
        around it stay as far apart as they were from it.

        Args:
            node: The statement.
            floor: The first line that may be deleted (after the previous statement).
            first: Whether nothing is kept before it in its block.
            last: Whether it ends its block.
            filename: Named in errors.

        Raises:
            CardlabError: When the statement shares a line with another one.
        """
        start, end = _start(node), self.block_end(node)
        end_line, end_col = end_position(node)
        head, tail = self.lines[start], self.lines[end_line - 1]
        rest = _suffix(tail, end_col).strip()
        if _prefix(head, node.col_offset).strip() or (rest and not rest.startswith("#")):
            raise CardlabError(
                f"{filename}:{node.lineno}: a statement to leave out of the stub shares its "
                "line with another; put one statement per line"
            )
        while start > floor and _is_comment(self.lines[start - 1]):
            start -= 1
        self.drop.update(range(start, end))
        before = self._blank_run(start, -1, floor)
        after = self._blank_run(end - 1, 1, 0)
        opens = first and not last
        self.drop.update(after if opens or len(after) < len(before) else before)


def _raise_line(qualname: str) -> str:
    return f'raise NotImplementedError("{qualname} is yours to write in this phase")\n'


def _stub_body(
    splice: _Splice, func: ast.FunctionDef | ast.AsyncFunctionDef, qualname: str
) -> None:
    """Replace a function's body by its docstring and a ``raise NotImplementedError``."""
    lines = splice.lines
    first = func.body[0]
    start = first.lineno - 1
    own_line = not _prefix(lines[start], first.col_offset).strip()
    new: list[str] = []
    if own_line:
        indent = _indent(lines[start])
    else:
        indent = _indent(lines[_start(func)]) + "    "
        new.append(_prefix(lines[start], first.col_offset).rstrip() + "\n")
    if _is_docstring(first):
        end_line, end_col = end_position(first)
        last = end_line - 1
        if own_line:
            new.extend(lines[start:last])
            new.append(_prefix(lines[last], end_col) + "\n")
        else:
            segment = ast.get_source_segment("".join(lines), first)
            new.append(f"{indent}{segment}\n")
    new.append(indent + _raise_line(qualname))
    splice.replace(start, splice.block_end(func), new)


def _bound_names(node: ast.stmt) -> list[str]:
    """The names an assignment binds (empty for other statements)."""
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    else:
        return []
    return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


@dataclass
class _Cut:
    """Plans a whole-module stub: which statements go, which bodies are cut."""

    splice: _Splice
    filename: str
    keep: frozenset[str]
    dropped: dict[str, ast.stmt] = field(default_factory=dict)

    def block(self, body: list[ast.stmt], floor: int, prefix: str) -> None:
        """Plan one block (the module or a class body) whose first line is ``floor``.

        ``floor`` then follows the last statement kept: nothing above it is deleted.
        """
        kept = 0
        for node in body:
            if self._goes(node):
                names = (
                    [node.name]
                    if isinstance(node, (*_FUNCTIONS, ast.ClassDef))
                    else _bound_names(node)
                )
                self.dropped.update(dict.fromkeys(names, node))
                last = node is body[-1]
                self.splice.delete(node, floor, kept == 0, last, self.filename)
                continue
            kept += 1
            floor = end_position(node)[0]
            if isinstance(node, _FUNCTIONS):
                _stub_body(self.splice, node, prefix + node.name)
            elif isinstance(node, ast.ClassDef):
                self.block(node.body, node.lineno, f"{prefix}{node.name}.")
        if not kept:
            start = _start(body[0])
            pass_line = _indent(self.splice.lines[start]) + "pass\n"
            self.splice.insert[start] = [pass_line]

    def _goes(self, node: ast.stmt) -> bool:
        if isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
            return _is_private(node.name)
        names = _bound_names(node)
        return bool(names) and all(_is_private(n) and n not in self.keep for n in names)


def _annotation_names(annotation: ast.expr | None) -> Iterator[str]:
    """Names used in an annotation, looking inside quoted (string) annotations too."""
    for node in ast.walk(annotation) if annotation else ():
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                parsed = ast.parse(node.value, mode="eval")
            except SyntaxError:
                continue
            yield from (n.id for n in ast.walk(parsed) if isinstance(n, ast.Name))


def _used_names(tree: ast.Module) -> set[str]:
    """Names a module reads: loads, quoted annotations and ``__all__`` entries."""
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            used.add(node.id)
        elif isinstance(node, ast.arg | ast.AnnAssign):
            used.update(_annotation_names(node.annotation))
        elif isinstance(node, _FUNCTIONS):
            used.update(_annotation_names(node.returns))
        elif isinstance(node, ast.Assign) and "__all__" in _bound_names(node):
            used.update(
                n.value
                for n in ast.walk(node.value)
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            )
    return used


def _alias_name(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> str:
    if alias.asname:
        return alias.asname
    return alias.name.split(".")[0] if isinstance(node, ast.Import) else alias.name


def _format_import(node: ast.Import | ast.ImportFrom, aliases: list[ast.alias], wrap: bool) -> str:
    """An import statement reduced to ``aliases``, wrapped one name a line if ``wrap``."""
    names = [ast.unparse(alias) for alias in aliases]
    if isinstance(node, ast.Import):
        return f"import {', '.join(names)}\n"
    head = f"from {'.' * node.level}{node.module or ''} import"
    if wrap:
        return head + " (\n" + "".join(f"    {name},\n" for name in names) + ")\n"
    return f"{head} {', '.join(names)}\n"


def _drop_unused_imports(source: str, filename: str) -> str:
    """Remove top-level imports, or names of them, that the module no longer uses."""
    tree = ast.parse(source, filename)
    used = _used_names(tree)
    splice = _Splice(_LINE.findall(source))
    floor = kept = 0
    for node in tree.body:
        future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        if isinstance(node, ast.Import | ast.ImportFrom) and not future:
            aliases = [a for a in node.names if a.name == "*" or _alias_name(node, a) in used]
            if not aliases:
                splice.delete(node, floor, kept == 0, node is tree.body[-1], filename)
                continue
            if len(aliases) < len(node.names):
                end_line = end_position(node)[0]
                line = _format_import(node, aliases, end_line > node.lineno)
                splice.replace(node.lineno - 1, end_line, [line])
        kept += 1
        floor = end_position(node)[0]
    return splice.text()


def _whole_stub(source: str, tree: ast.Module, filename: str) -> str:
    """Stub every public function, dropping private parts, until nothing kept needs them."""
    keep: frozenset[str] = frozenset()
    while True:
        cut = _Cut(_Splice(_LINE.findall(source)), filename, keep)
        cut.block(tree.body, 0, "")
        text = cut.splice.text()
        needed = _used_names(ast.parse(text, filename)) & cut.dropped.keys()
        if not needed:
            return _drop_unused_imports(text, filename)
        for name in sorted(needed):
            node = cut.dropped[name]
            if not _bound_names(node):
                raise CardlabError(
                    f"{filename}:{node.lineno}: the stub keeps code that uses the private "
                    f"{name!r} outside a function body; make it public or move that use "
                    "into a function"
                )
        keep |= needed


def _functions(
    body: list[ast.stmt], prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function of a module or class body, with classes searched, by qualified name."""
    for node in body:
        if isinstance(node, _FUNCTIONS):
            yield prefix + node.name, node
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")


def _method_stub(source: str, tree: ast.Module, methods: Collection[str], filename: str) -> str:
    """Stub only the named functions; every other line stays as it is."""
    splice = _Splice(_LINE.findall(source))
    found: set[str] = set()
    for qualname, node in _functions(tree.body, ""):
        if qualname in methods:
            _stub_body(splice, node, qualname)
            found.add(qualname)
    missing = sorted(set(methods) - found)
    if missing:
        raise CardlabError(f"{filename}: no function {missing[0]} to stub (expected Class.method)")
    return splice.text()


def stub_module(
    source: str, *, methods: Collection[str] | None = None, filename: str = "<module>"
) -> str:
    """Turn a reference module into the stub a student starts from.

    Args:
        source: The reference module's source.
        methods: Qualified names within the module (``Card.__eq__``, ``deal``) of the
            only functions to stub, every other line being kept as is; None stubs the
            whole module.
        filename: The module's file, named in errors.

    Returns:
        The stub's source. Each stubbed body is the function's docstring followed by
        ``raise NotImplementedError`` with a message naming the function. A whole-module
        stub keeps the module docstring, imports still in use, public constants, classes,
        decorators, field declarations, signatures, docstrings and any other top-level
        statement (such as an ``if __name__ == "__main__":`` block) as written; it leaves
        out private functions, classes and constants.

    Raises:
        CardlabError: When the source does not parse, a named method does not exist, or
            a stub would still need a private function or class the stub leaves out.
    """
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as error:
        raise CardlabError(f"{filename}:{error.lineno}: cannot stub, {error.msg}") from None
    if methods is None:
        text = _whole_stub(source, tree, filename).rstrip() + "\n"
    else:
        text = _method_stub(source, tree, methods, filename)
    ast.parse(text, filename)
    return text


def _read_source(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise CardlabError(f"{path}: no such reference module") from None


def package_stubs(
    reference_dir: Path, modules: Collection[str], methods: Collection[str]
) -> dict[str, str]:
    """The stubs of a package's student modules, by module name.

    Args:
        reference_dir: The reference package folder.
        modules: Modules the student writes whole.
        methods: Single functions the student writes (``module.Class.method``); a module
            also in ``modules`` is stubbed whole.

    Returns:
        Stub sources by module name, sorted by name.
    """
    by_module: dict[str, set[str]] = {}
    for qualname in methods:
        module, name = qualname.split(".", 1)
        by_module.setdefault(module, set()).add(name)
    stubs: dict[str, str] = {}
    for module in sorted({*modules, *by_module}):
        path = reference_dir / f"{module}.py"
        cut = None if module in modules else by_module[module]
        stubs[module] = stub_module(_read_source(path), methods=cut, filename=str(path))
    return stubs


def _expected_files(project: Project, spec: Spec) -> dict[Path, dict[str, bytes]]:
    """The content of each package's stub folder, by folder then file name.

    With one package that folder is ``student/<assignment>/``; with several,
    ``student/<package>/`` for each.
    """
    last = spec.phases[-1].number
    modules = spec.by_package(spec.all_student_modules())
    methods = spec.by_package(spec.student_methods(last))
    folders = project.stub_package_dirs(spec)
    return {
        folders[package]: _package_files(
            reference, spec, modules.get(package, ()), methods.get(package, ())
        )
        for package, reference in project.reference_dirs(spec).items()
    }


def _package_files(
    reference: Path, spec: Spec, modules: Collection[str], methods: Collection[str]
) -> dict[str, bytes]:
    """The stub folder of one package, by file name.

    The student's modules get their stubs. With several packages, the modules every
    phase provides get a stub too, so that the API pages show their contract; with
    provided modules handed out as source, they are copied as they are.
    """
    stubs = package_stubs(reference, modules, methods)
    files = {_INIT: _read_source(reference / _INIT).encode("utf-8")}
    files.update((f"{module}.py", text.encode("utf-8")) for module, text in stubs.items())
    for module in reference_modules(reference):
        source = _read_source(reference / f"{module}.py")
        if spec.provides_source:
            files.setdefault(f"{module}.py", source.encode("utf-8"))
        elif spec.has_packages and f"{module}.py" not in files:
            text = stub_module(source, filename=str(reference / f"{module}.py"))
            files[f"{module}.py"] = text.encode("utf-8")
    return files


def write_stubs(project: Project, spec: Spec) -> list[Path]:
    """Regenerate the stub folder(s) of an assignment from the reference.

    Every module a student writes whole in some phase gets its stub; every module with
    single methods to write gets its method stub; ``__init__.py`` is copied as is. When
    the spec hands out provided modules as source, they are copied as is too, so the
    folder holds the whole program students receive. Other ``.py`` files are removed.

    Returns:
        The files generated, sorted (each rewritten, changed or not).
    """
    written = []
    for folder, files in _expected_files(project, spec).items():
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.py"):
            if stale.name not in files:
                stale.unlink()
        for name, content in sorted(files.items()):
            (folder / name).write_bytes(content)
            written.append(folder / name)
    return sorted(written)


def stub_drift(project: Project, spec: Spec) -> list[str]:
    """The stub files that differ from what ``write_stubs`` would write.

    Returns:
        Paths relative to the project root of files that differ, are missing or should
        not be there, sorted; empty when the stubs are in sync.
    """
    drift = []
    for folder, files in _expected_files(project, spec).items():
        present = {path.name: path for path in folder.glob("*.py")}
        names = [name for name in present if name not in files]
        for name, content in files.items():
            if name not in present or present[name].read_bytes() != content:
                names.append(name)
        drift += [(folder / name).relative_to(project.root).as_posix() for name in names]
    return sorted(drift)
