"""The provided modules a grading run gives the worker: the same kind the handout shipped.

A course that hands out hardened handouts (``[handout] provided = "cython"``) must not
grade beside bytecode of the same modules, which a submission could disassemble and
print into its own report. So grading builds the reference's modules as native
extensions, exactly as ``cardlab handout`` does, and composes the package from them.

Every module of the package is built, the ones students write included: with fair parts
(``[grading] other_parts = "reference"``) a part's tests run with the reference's version
of every student module outside the part, and that version must be an extension too. The
worker's private tree still receives only the modules its composition takes from here
(:func:`cardlab.worker.sandbox.build_tree`), never the reference's version of a module
the part being graded comes from the submission.

Builds are kept in ``.cardlab/provided/<key>/`` of the project (beside the course secret,
git-ignored), keyed by the sources, the Python version and the machine, so a course is
built once, not once per phase or per submission.
"""

from __future__ import annotations

import hashlib
import platform
import shutil
import sys
import tempfile
from pathlib import Path

from .cython_build import build_extensions
from .project import Project
from .spec import CYTHON, Spec, reference_modules

CACHE = Path(".cardlab") / "provided"
"""Where built provided modules are kept, relative to the project folder."""

_INIT = "__init__.py"


def grading_provided_dir(project: Project, spec: Spec) -> Path:
    """The folder the worker's provided modules come from when grading.

    The reference folder itself for bytecode and source handouts (the worker's tree
    compiles it to bytecode); for Cython handouts, a folder of every reference module
    built as an extension (a composition takes the student's modules from the
    submission, so only the other ones are ever loaded from here).

    Raises:
        CardlabError: Cython or a C compiler is missing, or the build fails.
    """
    reference = project.reference_dir(spec.id)
    if spec.provided_as != CYTHON:
        return reference
    modules = reference_modules(reference)
    folder = project.root / CACHE / _key(reference, modules) / spec.package
    if not (folder / _INIT).is_file():
        _build(spec.package, reference, modules, folder)
    return folder


def _key(reference: Path, modules: list[str]) -> str:
    digest = hashlib.sha256()
    for name in [_INIT.removesuffix(".py"), *modules]:
        digest.update(name.encode() + b"\0" + (reference / f"{name}.py").read_bytes() + b"\0")
    digest.update(f"{sys.version_info[:2]} {platform.system()} {platform.machine()}".encode())
    return digest.hexdigest()[:16]


def _build(package: str, reference: Path, modules: list[str], folder: Path) -> None:
    """Build into a scratch folder, then move it into place (another run may race us)."""
    folder.parent.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="building-", dir=folder.parent.parent))
    try:
        built = scratch / package
        built.mkdir()
        build_extensions(package, reference, modules, built)
        shutil.copyfile(reference / _INIT, built / _INIT)
        if not (folder / _INIT).is_file():
            shutil.rmtree(folder.parent, ignore_errors=True)
            scratch.rename(folder.parent)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
