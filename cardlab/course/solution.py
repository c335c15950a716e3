"""The reference written out as a submission folder, to sanity-check graders."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..errors import CardlabError
from .project import Project
from .spec import Spec


def write_solution(project: Project, spec: Spec, output: Path) -> list[Path]:
    """Copy every module a student ever writes, from the reference, into ``output``.

    The reference's own tests come too, into the folder each part of kind ``student
    tests`` reads them from (``reference/<id>/<folder>/``, when it exists).

    Raises:
        CardlabError: When ``output`` exists and is not an empty folder.
    """
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise CardlabError(f"{output} already exists and is not empty; choose a new folder")
    output.mkdir(parents=True, exist_ok=True)
    reference = project.reference_dir(spec.id)
    names = ["__init__", *spec.all_student_modules()]
    last_phase = spec.phases[-1].number
    names += [m for m in spec.method_modules(last_phase) if m not in names]
    written = []
    for name in names:
        target = output / f"{name}.py"
        shutil.copyfile(reference / f"{name}.py", target)
        written.append(target)
    return written + _copy_tests(reference, spec, output)


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
