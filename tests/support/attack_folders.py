"""Attack and honest folders laid over a copy of an assignment's reference solution.

A folder holds whole modules that replace the reference's, and may hold ``edits.toml``:
small changes to reference modules, so that a folder need not carry a copy of a whole
reference module to change one line. Each ``[[edit]]`` names a ``module`` and either
replaces ``old`` (which must occur exactly once) by ``new``, or appends the text of one of
the folder's files (``append``, a file that is not itself a module of the package).
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

EDITS = "edits.toml"


def over_reference(folder: Path, target: Path, reference: Path) -> Path:
    """Copy ``reference``, lay ``folder``'s modules over it, apply its edits; return ``target``."""
    shutil.copytree(reference, target)
    edits_file = folder / EDITS
    edits = []
    if edits_file.is_file():
        edits = tomllib.loads(edits_file.read_text(encoding="utf-8"))["edit"]
    appended = {edit["append"] for edit in edits if "append" in edit}
    for path in folder.iterdir():
        if path.name not in appended and path.name != EDITS:
            shutil.copy2(path, target / path.name)
    for edit in edits:
        module = target / edit["module"]
        text = module.read_text(encoding="utf-8")
        if "append" in edit:
            text += "\n\n" + (folder / edit["append"]).read_text(encoding="utf-8")
        else:
            if text.count(edit["old"]) != 1:
                raise AssertionError(f"{folder.name}: the edit of {module.name} must match once")
            text = text.replace(edit["old"], edit["new"])
        module.write_text(text, encoding="utf-8")
    return target
