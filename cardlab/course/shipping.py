"""A submission as bytes, for a machine that cannot read the instructor's disk.

A batch run on a cluster (``--scheduler``) ships each submission to the worker that
plays or grades it: a zip goes as its own bytes, a folder as a zip made here of its
files. On the worker the bytes land in a scratch folder under the submission's own
name, so whatever reads them (``submission_folder``, the grading, the reports) sees
the same names as on the instructor's machine, and a zip is unpacked there with every
check of :func:`~cardlab.course.submissions.unpack_zip`.

A folder's copy leaves out what a submission's hash leaves out (``__pycache__``,
``.git``, compiled ``.pyc`` files) and its symbolic links, which are never followed: a
submission is only the files inside its folder.
"""

from __future__ import annotations

import contextlib
import io
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import CardlabError
from .submissions import MAX_UNPACKED_BYTES, ZIP_SUFFIX, submission_files, unpack_zip

_PACKED_NAME = "shipped.zip"


@dataclass(frozen=True)
class ShippedFiles:
    """A submission's files as bytes.

    Attributes:
        name: The submission's file or folder name (``alice.zip``, ``alice``).
        payload: The zip's bytes, or a zip of the folder's files.
        is_zip: True when the submission itself is a zip (``payload`` is that file).
    """

    name: str
    payload: bytes
    is_zip: bool


def ship(source: Path) -> ShippedFiles:
    """A submission folder or zip as bytes.

    Raises:
        CardlabError: A folder whose files are larger than a student's zip may unpack
            to, or a submission that cannot be read.
    """
    try:
        if source.is_file() and source.suffix.lower() == ZIP_SUFFIX:
            return ShippedFiles(source.name, source.read_bytes(), is_zip=True)
        return ShippedFiles(source.name, _zipped_folder(source), is_zip=False)
    except OSError as error:
        raise CardlabError(f"{source.name} could not be read ({error.strerror})") from None


def _zipped_folder(folder: Path) -> bytes:
    buffer = io.BytesIO()
    size = 0
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in submission_files(folder):
            if path.is_symlink():
                continue
            size += path.stat().st_size
            if size > MAX_UNPACKED_BYTES:
                raise CardlabError(
                    f"{folder.name} holds more than {MAX_UNPACKED_BYTES // 2**20} MiB of files"
                )
            bundle.write(path, path.relative_to(folder).as_posix())
    return buffer.getvalue()


@contextlib.contextmanager
def landed(files: ShippedFiles) -> Iterator[Path]:
    """The shipped submission as a folder or zip of its own name, removed afterwards.

    Raises:
        CardlabError: A folder's copy that cannot be unpacked (a zip is unpacked later,
            by whatever reads it, with the same checks as on the instructor's machine).
    """
    with tempfile.TemporaryDirectory(prefix="cardlab-shipped-") as scratch:
        target = Path(scratch) / "submission" / files.name
        target.parent.mkdir()
        if files.is_zip:
            target.write_bytes(files.payload)
        else:
            packed = Path(scratch) / _PACKED_NAME
            packed.write_bytes(files.payload)
            target.mkdir()
            unpack_zip(packed, target)
            packed.unlink()
        yield target
