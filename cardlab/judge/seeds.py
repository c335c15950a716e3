"""Seeds that student code can observe, derived from the course secret.

A seed is an HMAC-SHA256 of what names it (a purpose, a test id, a call number, a deal
number) under the course secret (:mod:`cardlab.course.secret`), cut to 64 bits. The
instructor, who holds the secret, gets the same seeds on every run; a student, who sees
the names but not the secret, cannot tell one seed from a random number. Reports show
the names (``deal 7``), never the seeds.
"""

from __future__ import annotations

import hashlib
import hmac

PUBLIC_SECRET = b"cardlab public check: nothing secret here"
"""The key of a student's own ``cardlab check``: public tests have nothing to hide, and the
student's own machine has no course secret."""

_SEED_BYTES = 8
_SEPARATOR = "\x1f"


class Seeds:
    """Derives seeds from a secret.

    Args:
        secret: The course secret (or :data:`PUBLIC_SECRET` for a student's check).
    """

    def __init__(self, secret: bytes) -> None:
        """Keep the secret; it is never shown."""
        self._secret = secret

    def __repr__(self) -> str:
        """Never the secret (hypothesis and failure messages may show fixtures)."""
        return "<seeds>"

    def seed(self, *names: object) -> int:
        """The seed named by ``names``: the same names give the same seed, under one secret."""
        message = _SEPARATOR.join(str(name) for name in names).encode("utf-8")
        digest = hmac.digest(self._secret, message, hashlib.sha256)  # one-shot: a call's cost
        return int.from_bytes(digest[:_SEED_BYTES], "big")
