"""Where a node of a parsed module ends in its source.

``ast`` types a node's end position as optional, since a tree built by hand may lack
one; a tree parsed from source has it on every statement and expression, which is all
the stub generator and the mutant generator cut and splice.
"""

from __future__ import annotations

import ast


def end_position(node: ast.stmt | ast.expr) -> tuple[int, int]:
    """The line (from 1) and column (in UTF-8 bytes) just past a parsed node.

    Raises:
        ValueError: The node was not parsed from source and has no end position.
    """
    if node.end_lineno is None or node.end_col_offset is None:
        raise ValueError(f"{type(node).__name__} at line {node.lineno} has no end position")
    return node.end_lineno, node.end_col_offset
