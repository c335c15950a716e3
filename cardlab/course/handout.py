"""The folder students receive for one phase: stubs, provided modules, public tests.

A handout holds the student's modules as stubs (whole, or with single methods cut out),
every other module of the package as sourceless bytecode, the public tests, the spec,
a manifest (:mod:`.handout_manifest`), a README (:mod:`.handout_readme`) and the cardlab
wheel (:mod:`.framework_wheel`). Bytecode is tied to a Python minor version, so each
provided module is compiled by every interpreter chosen (:mod:`cardlab.course.pythons`)
and shipped with a loader that runs the right one; the README and the manifest name the
versions. Bytecode stops casual reading, not a determined reader: graded tests stay
with the instructor.
An assignment whose spec says ``[handout] provided = "source"`` ships the provided
modules as source instead: the whole program, with only the student's bodies cut out.

``build_handout`` audits the finished folder last
(:func:`~cardlab.course.handout_audit.check_handout`) and refuses a handout that fails.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

from ..errors import CardlabError
from .cython_build import build_extensions, check_tools
from .framework_wheel import build_framework_wheel
from .handout_audit import check_handout
from .handout_manifest import COMPILE_KINDS, manifest_text
from .handout_readme import SitePage, readme_text
from .output import make_folder
from .project import CODEC_FILE, HANDOUT_MANIFEST, HANDOUT_TESTS, PUBLIC_TESTS, Project
from .pythons import Interpreter, choose_interpreters, compile_with, loader
from .spec import BYTECODE, CYTHON, Phase, Spec, reference_modules
from .stubs import package_stubs

_INIT = "__init__.py"
_DOCS = "docs"
_ASSIGNMENT_PAGES = "assignments"
_STUDENTS_GUIDE = "students.md"
_NOT_SHIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")


def _has_main_block(source: str) -> bool:
    """Tell whether a module runs something under ``if __name__ == "__main__":``."""
    for node in ast.parse(source).body:
        test = node.test if isinstance(node, ast.If) else None
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
        ):
            return True
    return False


def _write_package(
    folder: Path,
    reference: Path,
    spec: Spec,
    phase: Phase,
    compiled: str = BYTECODE,
    name: str | None = None,
    interpreters: Sequence[Interpreter] = (),
) -> list[str]:
    """Write a package: stubs for the student's modules, the others compiled or as source.

    Args:
        folder: The handout folder.
        reference: The package's reference folder.
        spec: The assignment's spec.
        phase: The phase handed out.
        compiled: How provided modules ship (``bytecode`` or ``cython``).
        name: The package to write; the assignment's first package by default.
        interpreters: The interpreters that compile bytecode, one file each per module.

    Returns:
        The provided modules, sorted, named as in the spec (``cards.card`` with several
        packages).
    """
    name = name or spec.package
    package = folder / name
    package.mkdir()
    shutil.copyfile(reference / _INIT, package / _INIT)
    stubs = package_stubs(
        reference,
        spec.by_package(spec.student_modules(phase.number)).get(name, ()),
        spec.by_package(spec.student_methods(phase.number)).get(name, ()),
    )
    for module, text in stubs.items():
        (package / f"{module}.py").write_bytes(text.encode("utf-8"))
    provided = [m for m in reference_modules(reference) if m not in stubs]
    named = [spec.qualified(name, m) for m in provided]
    if compiled == CYTHON:
        build_extensions(name, reference, provided, package)
    elif spec.provides_source:
        for module in provided:
            shutil.copyfile(reference / f"{module}.py", package / f"{module}.py")
    else:
        _write_bytecode(package, reference, provided, interpreters)
    return named


def _write_bytecode(
    package: Path, reference: Path, provided: list[str], interpreters: Sequence[Interpreter]
) -> None:
    """Compile provided modules with each interpreter and put a loader in place of each.

    Tracebacks name a provided module's code ``<compiled bisca/card>``, a name no file
    has, so neither they nor ``inspect`` show the loader's lines as its source.
    """
    versions = [interpreter.name for interpreter in interpreters]
    for module in provided:
        text = loader(f"{package.name}.{module}", module, versions)
        (package / f"{module}.py").write_text(text, encoding="utf-8")
    for interpreter in interpreters:
        compile_with(
            interpreter,
            [
                (
                    reference / f"{module}.py",
                    package / f"{module}.{interpreter.cache_tag}.pyc",
                    f"<compiled {package.name}/{module}>",
                )
                for module in provided
            ],
        )


def marked_parts(source: str) -> set[str]:
    """The rubric parts a test file names in ``pytest.mark.part("...")`` marks."""
    parts = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "part"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            parts.add(node.args[0].value)
    return parts


def _other_phases_tests(phase: Phase) -> Callable[[str, list[str]], set[str]]:
    """A ``copytree`` filter leaving out test files whose parts are all of other phases."""
    graded = {part.id for part in phase.parts}

    def ignore(directory: str, names: list[str]) -> set[str]:
        left_out = set(_NOT_SHIPPED(directory, names))
        for name in names:
            path = Path(directory) / name
            if name.startswith("test_") and name.endswith(".py") and path.is_file():
                parts = marked_parts(path.read_text(encoding="utf-8"))
                if parts and not parts & graded:
                    left_out.add(name)
        return left_out

    return ignore


def _copy_tests(folder: Path, graders: Path, codec: Path | None, phase: Phase) -> None:
    """Copy the public tests of the phase's parts, and the codec they use, to ``tests/``.

    A test file whose marks name only parts of other phases is left out, so students
    see the tests of what they write now; files without part marks (helpers) are kept.
    """
    tests = folder / HANDOUT_TESTS
    if (graders / PUBLIC_TESTS).is_dir():
        shutil.copytree(graders / PUBLIC_TESTS, tests, ignore=_other_phases_tests(phase))
    else:
        tests.mkdir()
    if codec is not None:
        shutil.copyfile(codec, tests / CODEC_FILE)


def _ship_wheel(folder: Path, project: Project, wheel: Path | None) -> str | None:
    """Put the cardlab wheel in ``wheels/``: the one given, else one built if possible.

    Returns:
        The wheel's file name, or None when there is none to ship.
    """
    if wheel is None:
        if not (project.root / "pyproject.toml").is_file():
            return None
        return build_framework_wheel(project.root, folder / "wheels").name
    if wheel.suffix != ".whl" or not wheel.is_file():
        raise CardlabError(f"{wheel}: not a wheel file")
    (folder / "wheels").mkdir()
    shutil.copyfile(wheel, folder / "wheels" / wheel.name)
    return wheel.name


def _page(docs: Path, page: Path) -> SitePage:
    """A page of the site, titled by its first heading, at its address on the built site."""
    first = page.read_text(encoding="utf-8").partition("\n")[0]
    title = first.removeprefix("# ").strip() if first.startswith("# ") else page.stem
    return SitePage(title, f"{page.relative_to(docs).with_suffix('').as_posix()}/")


def _site_pages(project: Project, assignment: str) -> list[SitePage]:
    """The documentation site's pages on an assignment, rules first, and the students' guide.

    Pages are ``docs/assignments/<assignment>.md`` and ``<assignment>-*.md``; a project
    without them (or without a site) gets none.
    """
    docs = project.root / _DOCS
    folder = docs / _ASSIGNMENT_PAGES
    rules = folder / f"{assignment}.md"
    if not rules.is_file():
        return []
    pages = [rules, *sorted(folder.glob(f"{assignment}-*.md"))]
    if (docs / _STUDENTS_GUIDE).is_file():
        pages.append(docs / _STUDENTS_GUIDE)
    return [_page(docs, page) for page in pages]


def _fill(
    folder: Path,
    project: Project,
    spec: Spec,
    phase: Phase,
    wheel: Path | None,
    compiled: str,
    interpreters: Sequence[Interpreter],
) -> None:
    """Write every part of the handout into an empty ``folder``."""
    references = project.reference_dirs(spec)
    provided, mains = [], []
    for package in spec.packages_in(phase.number):
        reference = references[package]
        if not (reference / _INIT).is_file():
            raise CardlabError(f"{reference}: no reference package (missing {_INIT})")
        provided += _write_package(folder, reference, spec, phase, compiled, package, interpreters)
        mains += [
            spec.qualified(package, m)
            for m in reference_modules(reference)
            if _has_main_block((reference / f"{m}.py").read_text(encoding="utf-8"))
        ]
    codec = project.declaration(spec.id).codec
    _copy_tests(folder, project.graders_dir(spec.id), codec, phase)
    shutil.copyfile(spec.path, folder / "spec.toml")
    wheel_name = _ship_wheel(folder, project, wheel)
    versions = [interpreter.name for interpreter in interpreters]
    manifest = manifest_text(spec, phase, compiled, provided, versions)
    (folder / HANDOUT_MANIFEST).write_text(manifest, encoding="utf-8")
    pages = _site_pages(project, spec.id)
    readme = readme_text(spec, phase, provided, mains, wheel_name, compiled, versions, pages)
    (folder / "README.md").write_text(readme, encoding="utf-8")


def build_handout(
    project: Project,
    spec: Spec,
    phase_number: int,
    output: Path,
    *,
    wheel: Path | None = None,
    compiled: str = BYTECODE,
    pythons: Sequence[Path] = (),
) -> Path:
    """Build the folder students receive for a phase.

    Args:
        project: The project holding the assignment.
        spec: The assignment's spec.
        phase_number: The phase to hand out.
        output: The folder to create; it must not exist or be empty.
        wheel: The cardlab wheel to ship in ``wheels/``; when None, it is built from the
            project's ``pyproject.toml`` if there is one, else the handout has no wheel.
        compiled: ``bytecode`` (sourceless ``.pyc``) or ``cython`` (native extensions
            built with Cython's limited API, see :mod:`cardlab.course.cython_build`).
        pythons: The interpreters to compile bytecode with, one per Python version the
            handout supports; by default those found on this machine
            (:func:`~cardlab.course.pythons.choose_interpreters`), as the spec pins them.

    Returns:
        ``output``.

    Raises:
        CardlabError: When ``output`` is not empty, a part cannot be made, or the
            finished handout fails ``check_handout`` (then nothing is left in ``output``).
    """
    phase = spec.phase(phase_number)
    if compiled not in COMPILE_KINDS:
        raise CardlabError(f"unknown --compile {compiled!r} (known: {', '.join(COMPILE_KINDS)})")
    if compiled == CYTHON and spec.provides_source:
        raise CardlabError(
            f"{spec.id} hands out its provided modules as source ([handout] provided = "
            '"source"), so there is nothing to compile; leave out --compile'
        )
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise CardlabError(f"{output} exists and is not empty; name a new or empty folder")
    if pythons and (compiled == CYTHON or spec.provides_source):
        raise CardlabError(
            "--python chooses the interpreters that compile bytecode; this handout has none "
            "(its provided modules ship as native extensions or as source)"
        )
    if compiled == CYTHON:
        check_tools()
    interpreters = []
    if compiled == BYTECODE and not spec.provides_source:
        interpreters = choose_interpreters(pythons, spec.pythons)
    created = not output.exists()
    make_folder(output)
    try:
        _fill(output, project, spec, phase, wheel, compiled, interpreters)
        problems = check_handout(output, spec, project=project)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise CardlabError(f"handout {output} failed its audit: {problems[0]}{more}")
    except BaseException:
        shutil.rmtree(output)
        if not created:
            output.mkdir()
        raise
    return output
