"""Which marked region of one submission matches which region of the other.

copydetect marks each side's matching regions on their own. A region of one side holds
fingerprints (hashes of runs of normalised code) that the other side holds somewhere
too; the regions on both sides that share a fingerprint are one match. Regions linked
through shared fingerprints, directly or through one another, get one number, from 1 in
the order of the first side, so that a page can label a region and its counterpart
alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Regions = Sequence[tuple[int, int]]


def _raw_positions(fingerprint: Any, positions: Any) -> Any:
    """Positions in the normalised code mapped onto the code as written.

    The mapping is copydetect's own for the ends of its regions.
    """
    import numpy

    offsets = fingerprint.offsets
    if not len(offsets):
        return positions
    index = numpy.clip(numpy.searchsorted(offsets[:, 0], positions), 0, offsets.shape[0] - 1)
    return positions + offsets[:, 1][index]


def _region_of(regions: Regions, position: int) -> int | None:
    """The index of the region holding ``position``, or None."""
    for index, (start, end) in enumerate(regions):
        if start <= position < end:
            return index
    return None


Node = tuple[str, int]
"""A region: its side (``a`` or ``b``) and its index among that side's regions."""


class _Groups:
    """Union-find over the regions of both sides."""

    def __init__(self) -> None:
        self._parent: dict[Node, Node] = {}

    def find(self, node: Node) -> Node:
        """The node that stands for ``node``'s group (itself, when never joined)."""
        self._parent.setdefault(node, node)
        while self._parent[node] != node:
            self._parent[node] = self._parent[self._parent[node]]
            node = self._parent[node]
        return node

    def join(self, one: Node, other: Node) -> None:
        """Put two nodes, and their groups, into one group."""
        self._parent[self.find(one)] = self.find(other)


def match_labels(
    first: Any, second: Any, first_regions: Regions, second_regions: Regions
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The number of the match each region of each side belongs to (0: none found).

    A number is given only to a group that holds regions of both sides.

    Args:
        first: The first side's copydetect fingerprint.
        second: The second side's.
        first_regions: The first side's marked regions, in characters of its code.
        second_regions: The second side's.
    """
    import numpy

    groups = _Groups()
    for fingerprint_hash in first.hashes & second.hashes:
        ones = _raw_positions(first, numpy.array(first.hash_idx[fingerprint_hash]))
        others = _raw_positions(second, numpy.array(second.hash_idx[fingerprint_hash]))
        found = [("a", _region_of(first_regions, int(p))) for p in ones]
        found += [("b", _region_of(second_regions, int(p))) for p in others]
        nodes = [(side, index) for side, index in found if index is not None]
        for node in nodes[1:]:
            groups.join(nodes[0], node)
    first_nodes = [("a", index) for index in range(len(first_regions))]
    second_nodes = [("b", index) for index in range(len(second_regions))]
    both = {groups.find(node) for node in first_nodes} & {groups.find(n) for n in second_nodes}
    numbers: dict[Node, int] = {}
    for node in first_nodes:
        if groups.find(node) in both:
            numbers.setdefault(groups.find(node), len(numbers) + 1)
    return (
        tuple(numbers.get(groups.find(node), 0) for node in first_nodes),
        tuple(numbers.get(groups.find(node), 0) for node in second_nodes),
    )
