"""A handout's README, written to the student.

What the student writes in the phase (whole modules, single methods, a file marked by
hand), what is provided and on which Python and computer it loads, where the API is
documented and which pages of the course's documentation site hold the rules, how to set
up and check the work, and, when a part grades them, the student's own tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import __version__
from .cython_build import EXTENSION_SUFFIX
from .handout_manifest import BUILT_ON, HANDOUT_PYTHON, supported_pythons
from .spec import BYTECODE, CYTHON, Phase, Spec


@dataclass(frozen=True)
class SitePage:
    """A page of the course's documentation site that a handout's README points to.

    Attributes:
        title: The page's title, as the site shows it.
        path: Its address on the site, from the site's root (``assignments/bisca/``).
    """

    title: str
    path: str


def readme_text(
    spec: Spec,
    phase: Phase,
    provided: list[str],
    mains: list[str],
    wheel: str | None,
    compiled: str = BYTECODE,
    versions: Sequence[str] = (),
    pages: Sequence[SitePage] = (),
) -> str:
    """The README, written to the student.

    Args:
        spec: The assignment's spec.
        phase: The phase handed out.
        provided: The provided modules, named as in the spec.
        mains: The modules a student can run (``python -m``), named as in the spec.
        wheel: The cardlab wheel's file name in ``wheels/``, or None to install by version.
        compiled: How the provided modules ship (``bytecode`` or ``cython``).
        versions: The Python versions the bytecode is compiled for; empty when none is.
        pages: The pages of the documentation site on this assignment.
    """
    versions = list(versions)
    python = versions[-1] if versions else HANDOUT_PYTHON
    install = f"wheels/{wheel}" if wheel else f"cardlab=={__version__}"
    whole = spec.student_modules(phase.number)
    earlier = [m for m in whole if m not in phase.writes]
    methods = [
        (spec.module_file(module), name)
        for module, name in map(spec.method_parts, spec.student_methods(phase.number))
        if module not in whole
    ]
    written = list(dict.fromkeys(spec.split(module)[0] for module in phase.writes))
    packages = " and ".join(f"`{package}`" for package in written)
    noun = "packages" if len(written) > 1 else "package"
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
    parts += _site_section(pages)
    supported = supported_pythons(compiled, versions, conjunction="or")
    parts += [
        "## Set up\n\n",
        f"In this folder, make a virtual environment with Python {supported}"
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


def _bullets(items: list[str]) -> str:
    return "".join(f"- {item}\n" for item in items)


def _python_section(versions: list[str], compiled: str, example: str) -> list[str]:
    """The README's section on which Python and computer the compiled modules load with."""
    spoken = supported_pythons(compiled, versions)
    if compiled == CYTHON:
        return [
            "## Python version and computer\n\n",
            f"The compiled modules are native extensions built on {BUILT_ON} for Python\n"
            f"{spoken}. They load only on that kind of computer (operating system and\n"
            "processor). On any other computer, `cardlab check` says so: ask your instructor\n"
            "for a handout built for yours. Check your Python with `python --version`.\n\n",
        ]
    return [
        "## Python version\n\n",
        f"The compiled modules are built for Python {spoken}, on Windows, macOS and\n"
        f"Linux alike. Each one is a small loader (`{example}.py`, say) that runs the\n"
        f"bytecode for your Python (`{example}.cpython-312.pyc` for 3.12); leave these files\n"
        "as they are. With any other version, `cardlab check` and the imports say which\n"
        "to use. Check yours with `python --version`.\n\n",
    ]


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
    example = ".".join(spec.split(provided[0])) if provided else spec.package
    return [
        "## Where the API is\n\n",
        "What each class and function does, the provided ones included, is written in\n"
        "its docstring. Read it in Python, for example:\n\n",
        f'    python -c "import {example}; help({example})"\n\n',
        "or on the assignment's API page of your course's documentation site.\n\n",
    ]


def _site_section(pages: Sequence[SitePage]) -> list[str]:
    """The README's lines on the pages of the documentation site about this assignment."""
    if not pages:
        return []
    return [
        "## The rules and the documentation\n\n",
        "The rules of the game, with worked examples, the API of every module and a guide\n"
        "to `cardlab check` and its reports are on your course's cardlab documentation\n"
        "site (your instructor gives you its address), on these pages:\n\n",
        _bullets([f"{page.title}: `{page.path}`" for page in pages]),
        "\n",
    ]


def _compiled_suffix(compiled: str) -> str:
    return EXTENSION_SUFFIX if compiled == CYTHON else ""
