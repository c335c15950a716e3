"""Chaffs: copies of the reference with one realistic bug each, to grade students' tests.

A chaff lives in ``graders/<assignment>/chaffs/<id>.toml``: a one-line ``hint`` written
for students (it names the situation the bug shows in, never the bug's code), the
``module`` it changes, and one or more ``[[edit]]`` tables, each replacing the text
``find`` of the reference module with ``replace``. Every ``find`` must occur exactly
once, so a chaff that no longer fits the reference is reported rather than silently
becoming the wheat.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..errors import CardlabError

CHAFFS_FOLDER = "chaffs"
"""The folder of an assignment's graders that holds its chaffs."""


@dataclass(frozen=True)
class Edit:
    """One replacement in the reference module's source."""

    find: str
    replace: str


@dataclass(frozen=True)
class Chaff:
    """One buggy variant of a reference module.

    Attributes:
        id: The chaff's id, its file name without ``.toml`` (never shown to students).
        hint: The line shown to a student whose tests did not catch it.
        module: The module of the package it changes.
        edits: The replacements that make the bug.
    """

    id: str
    hint: str
    module: str
    edits: tuple[Edit, ...]

    def source(self, reference_dir: Path) -> str:
        """The changed module's source: the reference module with the edits applied.

        Raises:
            CardlabError: If the module is missing or an edit does not match exactly once.
        """
        path = reference_dir / f"{self.module}.py"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            where = f"chaff {self.id}: no module {self.module}"
            raise CardlabError(f"{where} in {reference_dir}") from None
        for number, edit in enumerate(self.edits, 1):
            found = text.count(edit.find)
            if found != 1:
                raise CardlabError(
                    f"chaff {self.id}: edit {number} finds its text {found} times in "
                    f"{path.name}, not once"
                )
            text = text.replace(edit.find, edit.replace)
        return text


def load_chaff(folder: Path, chaff_id: str) -> Chaff:
    """Read ``folder/<chaff_id>.toml``.

    Raises:
        CardlabError: One line naming the file and what is wrong with it.
    """
    path = folder / f"{chaff_id}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        edits = tuple(Edit(str(e["find"]), str(e["replace"])) for e in data["edit"])
        chaff = Chaff(chaff_id, str(data["hint"]), str(data["module"]), edits)
    except OSError:
        raise CardlabError(f"{path}: no such chaff file") from None
    except (tomllib.TOMLDecodeError, KeyError, TypeError) as error:
        raise CardlabError(
            f"{path}: not a chaff (hint, module and [[edit]] find/replace): {error}"
        ) from None
    if not edits:
        raise CardlabError(f"{path}: a chaff needs at least one [[edit]]")
    return chaff


def load_chaffs(folder: Path, chaff_ids: tuple[str, ...]) -> tuple[Chaff, ...]:
    """Read the chaffs a spec lists, in its order (see :func:`load_chaff`)."""
    return tuple(load_chaff(folder, chaff_id) for chaff_id in chaff_ids)
