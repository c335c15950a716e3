"""The reference written out as a submission folder, to sanity-check graders."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..errors import CardlabError
from .output import make_folder
from .project import Project
from .spec import Spec


def write_solution(project: Project, spec: Spec, output: Path) -> list[Path]:
    """Copy every module a student ever writes, from the reference, into ``output``.

    With several packages, ``output`` gets a folder per package, as a submission has.
    The reference's own tests come too, into the folder each part of kind ``student
    tests`` reads them from (``reference/<id>/<folder>/``, when it exists), and so does
    the reference's example of each document a part marks by hand
    (``reference/<id>/ADVANCED.md``, say), so that the solution is a whole submission.

    Raises:
        CardlabError: When ``output`` exists and is not an empty folder, or the
            reference has no example of a document a part marks by hand.
    """
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise CardlabError(f"{output} already exists and is not empty; choose a new folder")
    documents = _documents(project.reference_dir(spec.id), spec)
    make_folder(output)
    last_phase = spec.phases[-1].number
    modules = spec.by_package(spec.all_student_modules() + spec.method_modules(last_phase))
    references = project.reference_dirs(spec)
    written = []
    for package, names in modules.items():
        folder = output / package if spec.has_packages else output
        folder.mkdir(exist_ok=True)
        for name in ("__init__", *dict.fromkeys(names)):
            target = folder / f"{name}.py"
            shutil.copyfile(references[package] / f"{name}.py", target)
            written.append(target)
    for document in documents:
        written.append(output / document.name)
        shutil.copyfile(document, output / document.name)
    return written + _copy_tests(project.reference_dir(spec.id), spec, output)


def _documents(reference: Path, spec: Spec) -> list[Path]:
    """The reference's example of every document that a part marks by hand.

    Raises:
        CardlabError: When the reference lacks one.
    """
    names = sorted({part.manual for phase in spec.phases for part in phase.parts if part.manual})
    missing = [name for name in names if not (reference / name).is_file()]
    if missing:
        raise CardlabError(
            f"the reference has no example of {', '.join(missing)}, which a part of "
            f"{spec.id} marks by hand; write one in {reference}"
        )
    return [reference / name for name in names]


def _copy_tests(reference: Path, spec: Spec, output: Path) -> list[Path]:
    folders = {
        part.student_tests.folder
        for phase in spec.phases
        for part in phase.parts
        if part.student_tests is not None
    }
    written = []
    for folder in sorted(folders):
        for path in sorted((reference / folder).glob("*.py")):
            target = output / folder / path.name
            target.parent.mkdir(exist_ok=True)
            shutil.copyfile(path, target)
            written.append(target)
    return written
