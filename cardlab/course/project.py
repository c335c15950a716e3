"""Where an assignment's pieces live in a cardlab project tree.

A project is a folder holding ``specs/``, ``reference/``, ``student/`` and
``graders/`` side by side (the repository itself, or an instructor's copy of it).
Commands find it by walking up from the working directory, unless told where it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import CardlabError
from .registry import Declaration, read_declaration
from .spec import Spec, load_spec

_MARKER = "specs"

CODEC_FILE = "codec.py"
"""An assignment's codec, in ``graders/<assignment>/`` and in a handout's ``tests/``."""

ARTIFACTS_FOLDER = "cardlab-files"
"""Where ``cardlab check`` keeps the files its report links to (a tournament's plot)."""

HANDOUT_MANIFEST = "cardlab-handout.toml"
"""The file that marks a handout folder and names its assignment and phase."""

PUBLIC_TESTS = "public"
"""The folder of an assignment's graders that holds its public tests."""

HANDOUT_TESTS = "tests"
"""The folder of a handout that the public tests ship in, as they are under ``public/``."""


@dataclass(frozen=True)
class Project:
    """The folders of one cardlab project.

    Attributes:
        root: The project's top folder.
    """

    root: Path

    @classmethod
    def find(cls, start: Path | None = None) -> Project:
        """Find the project that holds ``start`` (default: the working directory).

        Raises:
            CardlabError: When no folder from ``start`` upwards holds ``specs/``.
        """
        here = (start or Path.cwd()).resolve()
        for folder in (here, *here.parents):
            if (folder / _MARKER).is_dir() and (folder / "reference").is_dir():
                return cls(folder)
        raise CardlabError(
            f"no cardlab project (a folder with specs/ and reference/) at or above {here}; "
            "run this in the cardlab repository or pass --project DIR "
            "(in a handout folder, cardlab check is the command to use)"
        )

    def spec_path(self, assignment: str) -> Path:
        """The spec file of an assignment."""
        return self.root / "specs" / f"{assignment}.toml"

    def reference_dir(self, assignment: str) -> Path:
        """The reference package folder of an assignment."""
        return self.root / "reference" / assignment

    def student_dir(self, assignment: str) -> Path:
        """The generated student stubs of an assignment of one package."""
        return self.root / "student" / assignment

    def package_dir(self, package: str) -> Path:
        """The reference folder of one package (``reference/cards``)."""
        return self.root / "reference" / package

    def reference_dirs(self, spec: Spec) -> dict[str, Path]:
        """The reference folder of each package of an assignment, by package."""
        if not spec.has_packages:
            return {spec.package: self.reference_dir(spec.id)}
        return {package: self.package_dir(package) for package in spec.packages}

    def stubs_dir(self, spec: Spec) -> Path:
        """The folder of an assignment's stubs, laid out as a submission.

        With one package, ``student/<assignment>/`` holds its modules; with several,
        ``student/`` holds a folder per package (``student/cards``, ``student/whist``),
        as a submission does.
        """
        return self.root / "student" if spec.has_packages else self.student_dir(spec.id)

    def stub_package_dirs(self, spec: Spec) -> dict[str, Path]:
        """The folder of each package's stubs, by package."""
        if not spec.has_packages:
            return {spec.package: self.student_dir(spec.id)}
        return {package: self.root / "student" / package for package in spec.packages}

    def graders_dir(self, assignment: str) -> Path:
        """The grader suites (``public/`` and ``hidden/``) of an assignment."""
        return self.root / "graders" / assignment

    def declaration(self, assignment: str) -> Declaration:
        """What an assignment declares in ``graders/<assignment>/assignment.toml``.

        Raises:
            CardlabError: An unknown assignment, or a declaration with an error (one line).
        """
        self._known(assignment)
        return read_declaration(self.graders_dir(assignment), assignment)

    def declarations(self) -> list[Declaration]:
        """Every assignment's declaration, in the order of :meth:`assignments`."""
        return [self.declaration(assignment) for assignment in self.assignments()]

    def _known(self, assignment: str) -> None:
        if assignment not in self.assignments():
            known = ", ".join(self.assignments()) or "none"
            raise CardlabError(f"unknown assignment {assignment!r} (known: {known})")

    def spec(self, assignment: str) -> Spec:
        """Load and check an assignment's spec against its reference package.

        Raises:
            CardlabError: An unknown assignment, or a spec with an error (one line).
        """
        self._known(assignment)
        return load_spec(self.spec_path(assignment), self.reference_dir(assignment))

    def assignments(self) -> list[str]:
        """The ids of every assignment that has a spec, sorted."""
        return sorted(path.stem for path in (self.root / _MARKER).glob("*.toml"))
