"""The folder students receive for one phase: stubs, provided modules, public tests.

A handout holds the student's modules as stubs (whole, or with single methods cut out),
every other module of the package as sourceless bytecode, the public tests, the spec,
a manifest and a README. Bytecode is tied to a Python minor version, so each provided
module is compiled by every interpreter chosen (:mod:`cardlab.course.pythons`) and
shipped with a loader that runs the right one; the README and the manifest name the
versions. Bytecode stops casual reading, not a determined reader: graded tests stay
with the instructor.
An assignment whose spec says ``[handout] provided = "source"`` ships the provided
modules as source instead: the whole program, with only the student's bodies cut out.

``check_handout`` audits a finished folder for what must never ship (reference source,
hidden tests, a compiled copy of a student module, ``__pycache__``); ``build_handout``
runs it last and refuses a handout that fails it.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from .. import __version__
from ..errors import CardlabError
from .cython_build import EXTENSION_SUFFIX, build_extensions, check_tools
from .project import CODEC_FILE, HANDOUT_MANIFEST, Project
from .pythons import (
    LOADER_MARK,
    Interpreter,
    cache_tag,
    choose_interpreters,
    compile_with,
    loader,
    spoken_list,
)
from .registry import INSTRUCTOR_ONLY, Declaration
from .spec import Phase, Spec, reference_modules
from .stubs import package_stubs

HANDOUT_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
"""The Python version building a handout (the oldest its native extensions load on)."""
BUILT_ON = f"{platform.system()} {platform.machine()}"
"""The kind of computer building a handout, which its native extensions need."""
_INIT = "__init__.py"
BYTECODE, CYTHON = "bytecode", "cython"
COMPILE_KINDS = (BYTECODE, CYTHON)
"""How provided modules are shipped: sourceless bytecode (the default) or native extensions."""
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


def _foreign_entries(wheel: Path) -> list[str]:
    """Entries of a wheel that belong neither to the ``cardlab`` package nor its metadata."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    return [
        name
        for name in names
        if not name.startswith("cardlab/")
        and not (name.startswith("cardlab-") and name.split("/")[0].endswith(".dist-info"))
    ]


def build_framework_wheel(project_root: Path, dest: Path) -> Path:
    """Build the cardlab wheel from the project's ``pyproject.toml`` into ``dest``.

    Uses ``pip wheel`` with the running interpreter, without build isolation when
    hatchling is installed (no network needed), with it otherwise.

    Returns:
        The wheel, ``dest/cardlab-<version>-py3-none-any.whl``.

    Raises:
        CardlabError: When there is no ``pyproject.toml``, the build fails, or the wheel
            holds anything but the ``cardlab`` package.
    """
    if not (project_root / "pyproject.toml").is_file():
        raise CardlabError(f"no pyproject.toml in {project_root} to build the cardlab wheel from")
    isolation = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation]
        command += ["--quiet", "--wheel-dir", scratch, str(project_root)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        wheels = list(Path(scratch).glob("cardlab-*.whl"))
        if result.returncode or len(wheels) != 1:
            output = (result.stderr or result.stdout).strip().splitlines() or ["no wheel made"]
            raise CardlabError(
                f"could not build the cardlab wheel from {project_root}: {output[-1]}"
            )
        if foreign := _foreign_entries(wheels[0]):
            raise CardlabError(
                f"the cardlab wheel built from {project_root} holds {foreign[0]}, which is not "
                "part of the cardlab package; limit the wheel to it in pyproject.toml"
            )
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheels[0], dest / wheels[0].name))


def _manifest(
    spec: Spec, phase: Phase, compiled: str, provided: list[str], versions: list[str]
) -> str:
    """The manifest: which assignment, phase and package this is, for which Pythons.

    ``pythons`` lists the versions the bytecode is built for; ``platform`` the kind of
    computer native extensions are built for (``cython`` handouts only), which load on
    ``python`` or newer. ``provided`` names the compiled modules' files (``bisca/card``).
    """
    shipped = [spec.module_file(module)[:-3] for module in provided]
    lines = [
        "# Written by cardlab when it built this handout.",
        f'assignment = "{spec.id}"',
        f"phase = {phase.number}",
        f'package = "{spec.package}"',
        f'python = "{HANDOUT_PYTHON}"',
        f"pythons = {json.dumps(versions)}",
        f'compiled = "{compiled}"',
        f"provided = {json.dumps([] if spec.provides_source else shipped)}",
        f'cardlab = "{__version__}"',
    ]
    if compiled == CYTHON:
        lines.append(f'platform = "{BUILT_ON}"')
    return "\n".join(lines) + "\n"


def _bullets(items: list[str]) -> str:
    return "".join(f"- {item}\n" for item in items)


def _python_section(versions: list[str], compiled: str, example: str) -> list[str]:
    """The README's section on which Python and computer the compiled modules load with."""
    if compiled == CYTHON:
        return [
            "## Python version and computer\n\n",
            f"The compiled modules are native extensions built on {BUILT_ON} for Python\n"
            f"{HANDOUT_PYTHON} or newer. They load only on that kind of computer (operating\n"
            f"system and processor), with Python {HANDOUT_PYTHON} or a later version. On any\n"
            "other computer, `cardlab check` says so: ask your instructor for a handout built\n"
            "for yours. Check your Python with `python --version`.\n\n",
        ]
    spoken = spoken_list(versions)
    return [
        "## Python version\n\n",
        f"The compiled modules are built for Python {spoken}, on Windows, macOS and\n"
        f"Linux alike. Each one is a small loader (`{example}.py`, say) that runs the\n"
        f"bytecode for your Python (`{example}.cpython-312.pyc` for 3.12); leave these files\n"
        "as they are. With any other version, `cardlab check` and the imports say which\n"
        "to use. Check yours with `python --version`.\n\n",
    ]


def _readme(
    spec: Spec,
    phase: Phase,
    provided: list[str],
    mains: list[str],
    wheel: str | None,
    compiled: str = BYTECODE,
    versions: Sequence[str] = (),
) -> str:
    """The README, written to the student."""
    versions = list(versions) or [HANDOUT_PYTHON]
    python = versions[-1]
    install = f"wheels/{wheel}" if wheel else f"cardlab=={__version__}"
    whole = spec.student_modules(phase.number)
    earlier = [m for m in whole if m not in phase.writes]
    methods = [
        (spec.module_file(module), name)
        for module, name in map(spec.method_parts, spec.student_methods(phase.number))
        if module not in whole
    ]
    packages = " and ".join(f"`{package}`" for package in spec.packages_in(phase.number))
    noun = "packages" if len(spec.packages_in(phase.number)) > 1 else "package"
    parts = [
        f"# {spec.title}, phase {phase.number} of {len(spec.phases)}: {phase.title}\n\n",
        f"{spec.summary}\n\n" if spec.summary else "",
        "## What you write\n\n",
    ]
    if phase.writes:
        parts += [
            f"In this phase you write these modules of the {packages} {noun}:\n\n",
            _bullets([f"`{spec.module_file(m)}`" for m in phase.writes]),
            "\n",
        ]
    if earlier:
        parts += [
            "You wrote these in an earlier phase. Copy your own versions over the stubs here:\n\n",
            _bullets([f"`{spec.module_file(m)}`" for m in earlier]),
            "\n",
        ]
    if methods:
        parts += [
            "You write these single methods. The rest of their module is given as source:\n\n",
            _bullets([f"`{name}` in `{path}`" for path, name in methods]),
            "\n",
        ]
    for part in spec.manual_parts(phase.number):
        parts.append(
            f"Also write `{part.manual}` at the top of this folder. Your instructor reads it\n"
            f"and marks it by hand, out of {part.points:g} points; `cardlab check` only tells\n"
            "you whether it is there.\n\n"
        )
    parts.append(
        "Each function you write starts as a stub that raises `NotImplementedError`. Replace\n"
        "the body, and keep the name, the parameters and the docstring: the docstring is the\n"
        "contract the tests check. You may add helper functions and methods of your own.\n\n"
    )
    parts += _provided_section(spec, provided, compiled, versions)
    parts += _api_section(spec, provided)
    parts += [
        "## Set up\n\n",
        f"In this folder, make a virtual environment with Python {spoken_list(versions, 'or')}"
        " and install\ncardlab, which runs the tests (here with Python "
        f"{python}; name the one you have):\n\n",
        f"    python{python} -m venv .venv     # on Windows: py -{python} -m venv .venv\n",
        "    source .venv/bin/activate     # on Windows: .venv\\Scripts\\activate\n",
        f"    python -m pip install {install}\n\n",
        "## Check your work\n\n",
        "Run the public tests from this folder:\n\n",
        "    cardlab check\n\n",
        "A failing test tells you what was called, what was expected and what came back,\n",
        "and gives the command that runs that test alone.\n\n",
    ]
    if mains:
        parts += [
            "Run the program:\n\n",
            "".join(f"    python -m {spec.module_file(m)[:-3].replace('/', '.')}\n" for m in mains),
            "\n",
        ]
    parts.append(
        "The public tests check part of what grading checks: passing them is a good sign,\n"
        "not a promise of full marks. Test your code beyond them.\n"
    )
    parts += _student_tests_section(spec, phase)
    return "".join(parts)


def _student_tests_section(spec: Spec, phase: Phase) -> list[str]:
    """The README's lines on the student's own tests, when a part of the phase grades them."""
    folders = sorted({p.student_tests.folder for p in phase.parts if p.student_tests})
    if not folders:
        return []
    where = f"{spec.package}/{folders[0]}"
    return [
        "\n## Your own tests are graded\n\n",
        f"Write pytest tests of your computational methods in `{where}/` (files named\n",
        "`test_*.py`, importing the package, as in `from "
        f"{spec.package}.{phase.writes[0] if phase.writes else 'module'} import ...`).\n",
        "They are run on a correct implementation, where every test must pass, and on\n",
        "implementations with one realistic bug each: your credit is the share of those\n",
        "bugs your tests catch. Run them on your own code with:\n\n",
        f"    python -m pytest {where}\n",
    ]


def _provided_section(
    spec: Spec, provided: list[str], compiled: str, versions: list[str]
) -> list[str]:
    """The README's lines on the provided modules and, when compiled, the Python version."""
    if not provided:
        return []
    if spec.provides_source:
        return [
            "## What is provided\n\n",
            "The rest of the program is given as source. Read it and use it, but do not\n"
            "change it: grading uses these modules as they are here, and only your files\n"
            "listed above are taken from your work:\n\n",
            _bullets([f"`{spec.module_file(m)}`" for m in provided]),
            "\n",
        ]
    return [
        "## What is provided\n\n",
        "These modules are provided compiled, with no source to edit. Import and use\n"
        "them like any other module:\n\n",
        _bullets([f"`{spec.module_file(m)[:-3]}{_compiled_suffix(compiled)}`" for m in provided]),
        "\n",
        *_python_section(versions, compiled, spec.split(provided[0])[1]),
    ]


def _api_section(spec: Spec, provided: list[str]) -> list[str]:
    """The README's lines on where to read the contract of every module."""
    pkg = spec.package
    example = f"{pkg}.{provided[0]}" if provided else pkg
    return [
        "## Where the API is\n\n",
        "What each class and function does, the provided ones included, is written in\n"
        "its docstring. Read it in Python, for example:\n\n",
        f'    python -c "import {example}; help({example})"\n\n',
        "or on the assignment's API page of your course's documentation site.\n\n",
    ]


def _compiled_suffix(compiled: str) -> str:
    return EXTENSION_SUFFIX if compiled == CYTHON else ""


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
    if (graders / "public").is_dir():
        shutil.copytree(graders / "public", folder / "tests", ignore=_other_phases_tests(phase))
    else:
        (folder / "tests").mkdir()
    if codec is not None:
        shutil.copyfile(codec, folder / "tests" / CODEC_FILE)


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
    manifest = _manifest(spec, phase, compiled, provided, versions)
    (folder / HANDOUT_MANIFEST).write_text(manifest, encoding="utf-8")
    readme = _readme(spec, phase, provided, mains, wheel_name, compiled, versions)
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
    output.mkdir(parents=True, exist_ok=True)
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


def runs_on(folder: Path) -> str:
    """Where a built handout's compiled modules run, as its manifest says, for the instructor.

    Returns:
        ``bytecode for Python 3.11, 3.12 and 3.13 (any system)``, ``native extensions for
        Linux x86_64, Python 3.11 or newer``, or ``provided modules as source``.
    """
    manifest = tomllib.loads((folder / HANDOUT_MANIFEST).read_text(encoding="utf-8"))
    if not manifest.get("provided"):
        return "provided modules as source"
    if manifest.get("compiled") == CYTHON:
        return (
            f"native extensions for {manifest.get('platform')}, Python "
            f"{manifest.get('python')} or newer"
        )
    return f"bytecode for Python {spoken_list(manifest.get('pythons', []))} (any system)"


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
    try:
        return spec.phase(manifest.get("phase")), manifest
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
            problems += [f"{where}: holds {name}" for name in _foreign_entries(path)]
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
