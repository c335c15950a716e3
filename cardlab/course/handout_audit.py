"""What a handout must never hold, checked in a finished folder.

:func:`check_handout` reports reference source (of a student's module always; of a
provided one unless provided modules ship as source), hidden tests, a compiled copy of
a module the student writes, generated C, ``__pycache__`` and a wheel holding more
than cardlab, found by name and, given the project, by content whatever the file's
name; it also reports any module of the phase whose stub, loader or compiled files
are missing. :func:`~cardlab.course.handout.build_handout` runs it last.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path

from ..errors import CardlabError
from .cython_build import EXTENSION_SUFFIX
from .framework_wheel import foreign_entries
from .project import HANDOUT_MANIFEST, Project
from .pythons import LOADER_MARK, cache_tag
from .registry import INSTRUCTOR_ONLY, Declaration
from .spec import CYTHON, Phase, Spec, reference_modules


def _read_phase(folder: Path, spec: Spec) -> tuple[Phase, dict] | str:
    """The phase a handout's manifest names and the manifest, or what prevents reading it."""
    try:
        manifest = tomllib.loads((folder / HANDOUT_MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"no {HANDOUT_MANIFEST}"
    except tomllib.TOMLDecodeError as error:
        return f"{HANDOUT_MANIFEST} is not valid TOML: {error}"
    if manifest.get("assignment") != spec.id:
        assignment = manifest.get("assignment")
        return f"{HANDOUT_MANIFEST} names assignment {assignment!r}, not {spec.id!r}"
    number = manifest.get("phase")
    if not isinstance(number, int):
        return f"{HANDOUT_MANIFEST}: the phase {number!r} is not a number"
    try:
        return spec.phase(number), manifest
    except CardlabError as error:
        return f"{HANDOUT_MANIFEST}: {error}"


def _is_loader(path: Path) -> bool:
    """Whether a file is the loader of a provided module compiled for several Pythons."""
    with path.open(encoding="utf-8", errors="replace") as file:
        return file.readline() == LOADER_MARK


def _secrets(project: Project, spec: Spec, phase: Phase) -> dict[bytes, str]:
    """What must never ship, by content: reference sources and hidden-only tests.

    The reference source of a module the student writes (whole or in part) is always
    secret; that of a provided module only when provided modules ship as bytecode.
    """
    graders = project.graders_dir(spec.id)
    public = {p.read_bytes() for p in (graders / "public").rglob("*") if p.is_file()}
    student = spec.submitted_modules(phase.number)
    secrets = {
        (reference / f"{m}.py").read_bytes(): f"the reference source of {spec.qualified(p, m)}"
        for p, reference in project.reference_dirs(spec).items()
        for m in reference_modules(reference)
        if spec.qualified(p, m) in student or not spec.provides_source
    }
    for path in (graders / "hidden").rglob("*"):
        content = path.read_bytes() if path.is_file() else b""
        if content.strip() and content not in public:
            secrets.setdefault(content, f"hidden test file {path.relative_to(graders)}")
    references = {
        path.read_bytes()
        for folder in project.reference_dirs(spec).values()
        for path in folder.rglob("*.py")
    }  # a copy of a reference module is secret as that module, or shipped as it
    for path in _instructor_files(project.declaration(spec.id)):
        content = path.read_bytes()
        if content.strip() and content not in public and content not in references:
            secrets.setdefault(content, f"instructor file {path.relative_to(graders)}")
    return secrets


def _instructor_files(declaration: Declaration) -> list[Path]:
    """The files of an assignment's graders folder that measure or play it, never shipped.

    Its terminal game's folder (which may hold code the hidden graders share, such as a
    strong bot), its seeded bugs, its alternative solutions and its example submissions.
    """
    folders = [declaration.folder / name for name in INSTRUCTOR_ONLY]
    if declaration.game is not None:
        folders.append(declaration.game.module.parent)
    found = []
    for place in folders:
        if place.is_file():
            found.append(place)
        elif place.is_dir():
            found += [path for path in sorted(place.rglob("*")) if path.is_file()]
    return [path for path in found if "__pycache__" not in path.parts]


def check_handout(folder: Path, spec: Spec, *, project: Project | None = None) -> list[str]:
    """Audit a handout folder for what must not be in it.

    Args:
        folder: The handout.
        spec: The assignment's spec; the phase is read from the handout's manifest.
        project: When given, files are also compared by content with the reference
            sources and the hidden tests (whatever their names), and every module's
            stub or bytecode must be present.

    Returns:
        One line per problem, empty when the handout is clean.
    """
    read = _read_phase(folder, spec)
    if isinstance(read, str):
        return [read]
    phase, manifest = read
    student = set(spec.submitted_modules(phase.number))
    packages = {folder / name: name for name in spec.packages_in(phase.number)}
    secrets = _secrets(project, spec, phase) if project else {}
    problems = []
    for path in sorted(folder.rglob("*")):
        where = path.relative_to(folder).as_posix()
        if path.is_dir():
            if path.name in ("__pycache__", "hidden"):
                problems.append(f"{where}: a {path.name} folder")
            continue
        compiled_file = path.suffix in (".pyc", ".so")
        package = packages.get(path.parent)
        module = spec.qualified(package or "", path.name.split(".")[0])
        if compiled_file and module in student:
            problems.append(f"{where}: a compiled copy of a module the student writes")
        elif path.suffix in (".c", ".pyx", ".pxd"):
            problems.append(f"{where}: generated source of a compiled module")
        elif package and path.suffix == ".py" and path.stem != "__init__":
            if module not in student and not spec.provides_source and not _is_loader(path):
                problems.append(f"{where}: source of a provided module")
        elif path.suffix == ".whl":
            problems += [f"{where}: holds {name}" for name in foreign_entries(path)]
        if secret := secrets.get(path.read_bytes()):
            problems.append(f"{where}: is {secret}")
    if project:
        needed = _compiled_files(manifest)
        problems += _missing_modules(folder, spec, project, packages.values(), student, needed)
    return problems


def _compiled_files(manifest: dict) -> list[str]:
    """The file name patterns of one provided module, as the manifest says it ships."""
    if manifest.get("compiled") == CYTHON:
        return [f"{{}}{EXTENSION_SUFFIX}"]
    return ["{}.py", *(f"{{}}.{cache_tag(version)}.pyc" for version in manifest.get("pythons", []))]


def _missing_modules(
    folder: Path,
    spec: Spec,
    project: Project,
    packages: Iterable[str],
    student: set[str],
    compiled_files: list[str],
) -> list[str]:
    """One line for each file of the handout's modules (stub, loader, compiled) not there."""
    problems = []
    references = project.reference_dirs(spec)
    for package in packages:
        for module in reference_modules(references[package]):
            as_source = spec.qualified(package, module) in student or spec.provides_source
            names = ["{}.py"] if as_source else compiled_files
            problems += [
                f"{package}/{name.format(module)}: missing"
                for name in names
                if not (folder / package / name.format(module)).is_file()
            ]
    return problems
