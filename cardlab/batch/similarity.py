"""Pairs of submissions whose student-written code is unusually alike (``cardlab similarity``).

Each submission (a folder or a zip, read as ``grade-all`` reads it) becomes one document:
the modules the student writes by the phase, one after another. The handout's code is
boilerplate, the same for every student: the stubs of those modules (signatures and
docstrings) and, for an assignment handed out as source, the provided modules too.

Fingerprints come from copydetect, which works as Moss does: the code is tokenised and
normalised (every name becomes one letter per kind, string literals one letter, comments
and layout vanish), every run of :data:`NOISE_CHARACTERS` normalised characters is
hashed, and two documents match where they share hashes. Renaming variables, reordering
functions or rewriting comments therefore changes nothing a fingerprint sees. Every
hash is kept (a winnowing window of one): winnowing keeps the smallest hash of each
window, and Python's string hashes change from run to run, so a wider window would give
slightly different scores on each run; one keeps the same pair the same score.

A pair's similarity is the larger of two shares: how much of the first submission's own
code (what is left once the boilerplate is taken out) lies in a run that the second also
holds, and the other way round. The larger share catches a submission copied into a
bigger one. A pair at or above the threshold is suspicious: a reason for a person to
look, never a verdict.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..course.project import Project
from ..course.spec import Spec, reference_modules
from ..course.stubs import package_stubs
from ..course.submissions import Submission, find_submissions, submission_folder
from ..errors import CardlabError
from ..worker.untrusted import MAX_NOTE, printable
from .judges import refuse_link
from .similarity_matches import match_labels

NOISE_CHARACTERS = 25
"""The shortest run of normalised code counted as a match (copydetect's default): shorter
runs (``for V in V:``) occur in any two programs."""

DEFAULT_THRESHOLD = 0.5
"""The similarity from which a pair is suspicious: half of one submission's own code."""

MAX_MODULE_BYTES = 1 << 20
"""The largest module read; a bigger one leaves its submission out, with the cause."""

ARCHIVE_SEPARATOR = "/"
"""Between an archive folder's name and a student's id, in the name of an archived entry."""

ONLY_HANDOUT = "holds nothing but the handout's code (no code of the student's own)"
"""Why a submission whose modules are the stubs as handed out is not compared."""

_LANGUAGE = "python"
_SEPARATOR = "\n\n"


@dataclass(frozen=True)
class SimilarityRequest:
    """What to compare.

    Attributes:
        assignment: The assignment id.
        phase: The phase whose student modules are compared.
        submissions: The class's submissions folder.
        output: The folder for ``pairs.csv`` and the pages.
        archives: Folders of earlier years' submissions, compared with the class only.
        threshold: The similarity from which a pair is suspicious (0 to 1).
    """

    assignment: str
    phase: int
    submissions: Path
    output: Path
    archives: tuple[Path, ...] = ()
    threshold: float = DEFAULT_THRESHOLD


@dataclass(frozen=True)
class FileSpan:
    """Where one module lies in a document.

    Attributes:
        path: The module's file in a submission (``bisca/play.py``).
        start: Its first character in the document.
        end: One past its last character.
    """

    path: str
    start: int
    end: int


@dataclass(frozen=True)
class Document:
    """One submission's code, as compared.

    Attributes:
        name: The student's id, or ``archive/id`` for an entry of an archive.
        archived: Whether it comes from an archive (archived pairs are not compared).
        text: The student's modules, one after another.
        files: Where each module lies in ``text``, in order.
    """

    name: str
    archived: bool
    text: str
    files: tuple[FileSpan, ...]


@dataclass(frozen=True)
class LeftOut:
    """A submission that was not compared, and why (one line)."""

    name: str
    cause: str


@dataclass(frozen=True)
class Side:
    """One submission of a pair: how much of it matches the other.

    Attributes:
        name: The submission's name (see :attr:`Document.name`).
        share: The share of its own code (boilerplate left out) that matches, 0 to 1.
        lines: The lines of its code that hold a match.
        regions: The matching regions, as (start, end) characters of its document.
        labels: For a suspicious pair, the number of the match each region belongs to:
            the other side's regions of that match have the same number (0: none).
    """

    name: str
    share: float
    lines: int
    regions: tuple[tuple[int, int], ...]
    labels: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pair:
    """Two submissions compared.

    Attributes:
        first: The submission named first (the class's before an archive's).
        second: The other.
        similarity: The larger of the two shares.
    """

    first: Side
    second: Side
    similarity: float


@dataclass(frozen=True)
class Comparison:
    """Everything a run found.

    Attributes:
        documents: The submissions compared, by name (archives' included).
        pairs: Every pair that shares any code, most similar first.
        left_out: Submissions that could not be compared, with their causes.
        strays: Files of the submissions folders that are neither folder nor zip.
        threshold: The similarity from which a pair is suspicious.
    """

    documents: dict[str, Document]
    pairs: tuple[Pair, ...]
    left_out: tuple[LeftOut, ...]
    strays: tuple[str, ...]
    threshold: float

    @property
    def suspicious(self) -> tuple[Pair, ...]:
        """The pairs at or above the threshold, most similar first."""
        return tuple(pair for pair in self.pairs if pair.similarity >= self.threshold)

    @property
    def class_size(self) -> int:
        """How many of the class's own submissions were compared."""
        return sum(not document.archived for document in self.documents.values())


def _copydetect() -> Any:
    """The copydetect module, or a one-line error naming the extra to install."""
    try:
        import copydetect
    except ImportError:
        raise CardlabError(
            'cardlab similarity needs copydetect: pip install "cardlab[similarity]"'
        ) from None
    return copydetect


def boilerplate_sources(project: Project, spec: Spec, phase: int) -> list[str]:
    """The code every student of a phase starts from: the handout's stubs and source.

    The stubs of every module the student writes by the phase (whole modules, and
    modules with single methods cut out), as ``cardlab handout`` writes them; with an
    assignment handed out as source, every provided module as well.
    """
    modules = spec.by_package(spec.student_modules(phase))
    methods = spec.by_package(spec.student_methods(phase))
    sources: list[str] = []
    for package in spec.packages_in(phase):
        reference = project.reference_dirs(spec)[package]
        stubs = package_stubs(reference, modules.get(package, ()), methods.get(package, ()))
        sources.extend(stubs.values())
        if spec.provides_source:
            sources.extend(
                (reference / f"{module}.py").read_text(encoding="utf-8")
                for module in reference_modules(reference)
                if module not in stubs
            )
    return sources


def _module_files(spec: Spec, phase: int) -> list[str]:
    """The files of a submission that the phase grades, as laid out in a submission folder."""
    return [
        spec.module_file(name) if spec.has_packages else f"{spec.split(name)[1]}.py"
        for name in spec.submitted_modules(phase)
    ]


def _read_module(folder: Path, file: str) -> str | None:
    """A module's text, None when absent; refused when it is a link or too big.

    A link is refused wherever it is: the file itself, or a folder on its way.
    """
    path = folder / file
    if path.is_symlink() or not path.resolve().is_relative_to(folder.resolve()):
        raise CardlabError(f"{file} is a link; a submission is only its own files")
    if not path.is_file():
        return None
    if path.stat().st_size > MAX_MODULE_BYTES:
        raise CardlabError(f"{file} is larger than {MAX_MODULE_BYTES // 1024} KiB")
    return path.read_bytes().decode("utf-8", errors="replace")


def read_document(
    submission: Submission, name: str, archived: bool, spec: Spec, phase: int
) -> Document:
    """One submission's student modules as a document, unpacked as ``grade-all`` does.

    Raises:
        CardlabError: A submission that is a link, an unreadable zip, a module that is a
            link or too big, or a submission holding none of the phase's files.
    """
    refuse_link(submission.source)
    files = _module_files(spec, phase)
    texts: list[str] = []
    spans: list[FileSpan] = []
    with submission_folder(submission.source, spec.submitted_modules(phase)) as folder:
        position = 0
        for file in files:
            text = _read_module(folder, file)
            if text is None:
                continue
            if texts:
                texts.append(_SEPARATOR)
                position += len(_SEPARATOR)
            texts.append(text)
            spans.append(FileSpan(file, position, position + len(text)))
            position += len(text)
    if not spans:
        raise CardlabError(
            f"none of the files compared in phase {phase} was submitted ({', '.join(files)})"
        )
    return Document(name, archived, "".join(texts), tuple(spans))


def _entries(request: SimilarityRequest) -> Iterator[tuple[Submission, str, bool]]:
    """Each submission to read: the class's, then each archive's, with its name."""
    found = find_submissions(request.submissions, exclude=request.output)
    for submission in found.submissions:
        yield submission, submission.student, False
    for archive in request.archives:
        for submission in find_submissions(archive, exclude=request.output).submissions:
            yield submission, f"{archive.name}{ARCHIVE_SEPARATOR}{submission.student}", True


def check_folders(request: SimilarityRequest) -> None:
    """Refuse, before anything is read or written, folders that cannot be compared.

    Raises:
        CardlabError: A submissions or archive folder that is missing or not a folder, an
            archive that is the submissions folder, or a folder that holds no submission
            or two for one student.
    """
    for archive in request.archives:
        if not archive.is_dir():
            what = "is not a folder" if archive.exists() else "does not exist"
            raise CardlabError(f"the archive folder {archive} {what}")
        if archive.resolve() == request.submissions.resolve():
            raise CardlabError(f"the archive folder {archive} is the submissions folder itself")
    names = [archive.name for archive in request.archives]
    if twice := sorted({name for name in names if names.count(name) > 1}):
        raise CardlabError(
            f"two archive folders are named {twice[0]}: their students would be named alike; "
            "rename one of the folders"
        )
    find_submissions(request.submissions, exclude=request.output)
    for archive in request.archives:
        find_submissions(archive, exclude=request.output)


def _strays(request: SimilarityRequest) -> tuple[str, ...]:
    strays = list(find_submissions(request.submissions, exclude=request.output).strays)
    for archive in request.archives:
        strays.extend(
            f"{archive.name}{ARCHIVE_SEPARATOR}{s}"
            for s in find_submissions(archive, exclude=request.output).strays
        )
    return tuple(strays)


def read_documents(
    request: SimilarityRequest, spec: Spec
) -> tuple[dict[str, Document], tuple[LeftOut, ...]]:
    """Every submission's document, and those left out with their causes.

    Raises:
        CardlabError: A submissions or archive folder that is missing, holds no
            submission or holds two for one student.
    """
    check_folders(request)
    documents: dict[str, Document] = {}
    left_out = []
    for submission, name, archived in _entries(request):
        try:
            documents[name] = read_document(submission, name, archived, spec, request.phase)
        except CardlabError as error:
            left_out.append(LeftOut(name, printable(str(error), MAX_NOTE)))
        except OSError as error:
            cause = f"could not be read ({error.strerror or error})"
            left_out.append(LeftOut(name, printable(cause, MAX_NOTE)))
    return documents, tuple(left_out)


class _Fingerprints:
    """copydetect's fingerprints of every document, the boilerplate taken out."""

    def __init__(self, copydetect: Any, boilerplate: Sequence[str]) -> None:
        import numpy

        self._copydetect = copydetect
        hashes = [self._fingerprint(text).hashes for text in boilerplate]
        self._boilerplate = numpy.unique(numpy.array([h for group in hashes for h in group]))

    def _fingerprint(self, text: str, boilerplate: Any = None) -> Any:
        return self._copydetect.CodeFingerprint(
            "submission.py",
            NOISE_CHARACTERS,
            1,
            boilerplate=boilerplate,
            language=_LANGUAGE,
            fp=io.StringIO(text),
        )

    def of(self, document: Document) -> Any:
        """The document's fingerprint, without the boilerplate's hashes."""
        return self._fingerprint(document.text, self._boilerplate)


def _lines(text: str, regions: Sequence[tuple[int, int]]) -> int:
    """How many lines of ``text`` hold part of a region."""
    touched: set[int] = set()
    for start, end in regions:
        first = text.count("\n", 0, start)
        touched.update(range(first, first + text.count("\n", start, end) + 1))
    return len(touched)


def _side(document: Document, share: float, slices: Any) -> Side:
    regions = tuple((int(start), int(end)) for start, end in zip(slices[0], slices[1], strict=True))
    return Side(document.name, float(share), _lines(document.text, regions), regions)


def compare(copydetect: Any, documents: dict[str, Document], prints: dict[str, Any]) -> list[Pair]:
    """Every pair of documents that share code, most similar first.

    Archived documents are compared with the class's, never with one another. Ties
    keep the order of names, so that a run gives the same ranking every time.

    Args:
        copydetect: The copydetect module.
        documents: The documents, by name.
        prints: Each document's fingerprint, by name (:class:`_Fingerprints`).
    """
    pairs = []
    ordered = sorted(documents, key=lambda name: (documents[name].archived, name))
    for first, second in itertools.combinations(ordered, 2):
        if documents[first].archived and documents[second].archived:
            continue
        _, shares, slices = copydetect.compare_files(prints[first], prints[second])
        if not len(slices[0]):
            continue
        one = _side(documents[first], shares[0], slices[0])
        other = _side(documents[second], shares[1], slices[1])
        pairs.append(Pair(one, other, max(one.share, other.share)))
    pairs.sort(key=lambda pair: (-pair.similarity, pair.first.name, pair.second.name))
    return pairs


def run_similarity(project: Project, request: SimilarityRequest) -> Comparison:
    """Read the class (and archives), compare every pair and rank them.

    Raises:
        CardlabError: copydetect is not installed; an unknown assignment or phase; a
            submissions or archive folder that cannot be read (one line each).
    """
    copydetect = _copydetect()
    spec = project.spec(request.assignment)
    spec.phase(request.phase)
    documents, left_out = read_documents(request, spec)
    fingerprints = _Fingerprints(copydetect, boilerplate_sources(project, spec, request.phase))
    prints = {name: fingerprints.of(document) for name, document in documents.items()}
    handout_only = [name for name in documents if not prints[name].token_coverage]
    for name in handout_only:
        del documents[name]
    left_out += tuple(LeftOut(name, ONLY_HANDOUT) for name in handout_only)
    pairs = [
        _labelled(pair, prints) if pair.similarity >= request.threshold else pair
        for pair in compare(copydetect, documents, prints)
    ]
    return Comparison(documents, tuple(pairs), left_out, _strays(request), request.threshold)


def _labelled(pair: Pair, prints: dict[str, Any]) -> Pair:
    """The pair with the number of its match on each region of both sides."""
    first, second = pair.first, pair.second
    labels = match_labels(prints[first.name], prints[second.name], first.regions, second.regions)
    return replace(
        pair, first=replace(first, labels=labels[0]), second=replace(second, labels=labels[1])
    )
