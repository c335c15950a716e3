"""The course secret: the key every seed that student code can observe is derived from.

Deals of a tournament and the worker's per-call reseed must be reproducible for the
instructor (the same submission gets the same report) and unpredictable for students,
who see the spec (``seed = 550`` ships in every handout), the test ids and their own
reports. So each such seed is derived (see :mod:`cardlab.judge.seeds`) from this secret
together with what students do see.

The secret is per course: one file, ``.cardlab/course-secret`` in the project folder
(git-ignored), holding 64 hexadecimal digits made by :func:`secrets.token_hex`. It is
created the first time a grading run needs it, readable by its owner only, and never
copied into a handout or a report; the Gradescope export carries it, because grading
happens there. Deleting the file draws new deals and new seeds at the next run.

A class's results remember the :func:`secret_fingerprint` they were graded under, a
one-way digest that tells two secrets apart without revealing either.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
from pathlib import Path

from ..errors import CardlabError

SECRET_FILE = Path(".cardlab") / "course-secret"
"""Where a project keeps its course secret, relative to the project folder."""

_SECRET_BYTES = 32
_FINGERPRINT_LABEL = b"cardlab course-secret fingerprint\0"
_FINGERPRINT_DIGITS = 16
_OWNER_ONLY = 0o600


def course_secret(root: Path) -> bytes:
    """The course secret of the project at ``root``, created on first use.

    Two grading processes starting at once agree on one secret: the file is written
    under a temporary name and linked into place, and whoever links second reads the
    winner's.

    Raises:
        CardlabError: When the secret can neither be read nor created (one line).
    """
    path = root / SECRET_FILE
    try:
        if not path.exists():
            _create(path)
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not a secret cardlab wrote"
        raise CardlabError(
            f"cannot read or create the course secret {path} ({reason}); grading needs it "
            "to draw the deals and seeds students cannot predict"
        ) from None
    if len(text) < 2 * _SECRET_BYTES or any(c not in "0123456789abcdef" for c in text):
        raise CardlabError(
            f"{path} is not a course secret cardlab wrote; delete it to make a new one "
            "(the deals and seeds of grading will change)"
        )
    return bytes.fromhex(text)


def secret_fingerprint(root: Path) -> str:
    """A short fingerprint of the project's course secret: the same for the same secret.

    A digest of the secret under a label of its own (so it matches no other digest
    cardlab makes of it), cut to 16 hexadecimal digits: enough to tell secrets apart,
    and nothing from which the secret could be found.

    Raises:
        CardlabError: When the secret can neither be read nor created.
    """
    digest = hashlib.sha256(_FINGERPRINT_LABEL + course_secret(root)).hexdigest()
    return digest[:_FINGERPRINT_DIGITS]


def _create(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _OWNER_ONLY)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(secrets.token_hex(_SECRET_BYTES) + "\n")
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass  # another process made it first: use theirs
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
