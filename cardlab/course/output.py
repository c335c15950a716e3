"""Making the folders that commands write into, with a cause a user can act on."""

from __future__ import annotations

import errno
from pathlib import Path

from ..errors import CardlabError


def make_folder(folder: Path) -> Path:
    """Make ``folder`` and any missing parents; a folder already there is fine.

    Returns:
        ``folder``.

    Raises:
        CardlabError: When the folder cannot be made: a file is in the way, the place
            cannot hold new folders (``/proc``, say), or permission is refused.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CardlabError(f"cannot make the folder {folder}: {_cause(folder, error)}") from None
    return folder


def _cause(folder: Path, error: OSError) -> str:
    """Why ``folder`` could not be made, naming the file in the way when there is one."""
    for above in (folder, *folder.parents):
        if above.exists():
            if not above.is_dir():
                return f"{above} is a file, not a folder; name another place"
            break
    reason = (error.strerror or str(error)).lower()
    if error.errno in (errno.ENOENT, errno.EROFS, errno.EPERM, errno.EACCES):
        return f"{reason}; name a folder you can write to"
    return reason
