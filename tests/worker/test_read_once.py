"""Sequence answers cross once, as plain values (cardlab.worker.codec.read_once)."""

from __future__ import annotations

import itertools
from collections import Counter, OrderedDict, namedtuple
from typing import Any

import pytest

from cardlab.worker.codec import Codec, read_once


class Lying(list):
    """A list whose every reading but its storage answers something else."""

    def __iter__(self):
        return iter([99])

    def __len__(self):
        return 7

    def __getitem__(self, index):
        return 99

    def __eq__(self, other):
        return True

    __hash__ = None


class LyingTuple(tuple):
    def __iter__(self):
        return iter([99])


class LyingSet(set):
    def __iter__(self):
        return iter([99])


class LyingDict(dict):
    def items(self):
        return [(99, 99)]

    def __iter__(self):
        return iter([99])


class Walker:
    """An iterator of a class of its own: an object with a contract, kept as a handle."""

    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


Pair = namedtuple("Pair", "low high")


def _kept(obj: Any) -> str:
    return f"handle of {type(obj).__name__}"


def _encode(obj: Any) -> Any:
    return Codec([]).encode(obj, lambda path: None, _kept)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (Lying([1, 2]), [1, 2]),
        (LyingTuple((1, 2)), [1, 2]),
        (LyingSet({1, 2}), frozenset({1, 2})),
        (LyingDict({1: 2}), {1: 2}),
        (Counter("aab"), {"a": 2, "b": 1}),
        (OrderedDict([(1, 2)]), {1: 2}),
    ],
    ids=["list", "tuple", "set", "dict", "counter", "ordered-dict"],
)
def test_a_builtin_container_of_a_class_of_its_own_crosses_as_its_storage(answer, expected):
    assert _encode(answer) == expected
    assert type(_encode(answer)) is type(expected)


def test_the_items_of_a_read_container_are_encoded_too():
    assert _encode(Lying([LyingTuple((1,)), Walker()])) == [[1], "handle of Walker"]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ((n for n in (1, 2)), [1, 2]),
        (map(abs, [-1, -2]), [1, 2]),
        (iter([1, 2]), [1, 2]),
        ({1: 2, 3: 4}.values(), [2, 4]),
        ({1: 2}.keys(), [1]),
        (range(3), [0, 1, 2]),
        (itertools.chain([1], [2]), [1, 2]),
        (reversed([1, 2]), [2, 1]),
    ],
    ids=["generator", "map", "list-iterator", "values", "keys", "range", "chain", "reversed"],
)
def test_a_standard_iterator_or_view_is_read_to_its_end_once(answer, expected):
    assert _encode(answer) == expected


def test_a_generator_is_run_once():
    runs = []

    def numbers():
        runs.append(1)
        yield 1

    assert _encode(numbers()) == [1]
    assert runs == [1]


@pytest.mark.parametrize(
    "answer", [Pair(1, 2), Walker(), object()], ids=["named-tuple", "own-iterator", "object"]
)
def test_objects_of_other_classes_stay_handles(answer):
    assert read_once(answer) is None
    assert _encode(answer) == f"handle of {type(answer).__name__}"
