"""The check of a call's arguments: what changed, named in the student's words."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cardlab.worker.arguments import ANY, ArgumentWatch


@dataclass(frozen=True)
class Card:
    """A value: never looked into."""

    text: str


class Hand:
    """An object with a list of its own."""

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards

    def add(self, card: Card) -> None:
        self.cards.append(card)


class Slotted:
    """An object whose state is in slots."""

    __slots__ = ("cards",)

    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards


def watch(may_change: dict[str, tuple[str, ...]] | None = None) -> ArgumentWatch:
    return ArgumentWatch(lambda obj: isinstance(obj, Card), may_change or {})


def broken(function, *args, may_change=None, **kwargs) -> str | None:
    """Call ``function`` as the worker does and say what it broke."""
    checker = watch(may_change)
    before = checker.states(list(args), kwargs)
    function(*args, **kwargs)
    return None if before is None else checker.broken(function, list(args), kwargs, before)


def choose(moves: list[Card]) -> Card:
    return moves.pop()


def reorder(moves: list[Card]) -> Card:
    moves.sort(key=lambda card: card.text)
    return moves[0]


def replace_first(moves: list[Card]) -> Card:
    moves[0] = Card(moves[0].text)  # an equal card, but not the one given
    return moves[0]


def read(moves: list[Card], table: dict[str, list[Card]], seen: set[Card]) -> int:
    return len(moves) + len(table) + len(seen)


def grow(table: dict[str, list[Card]]) -> None:
    table["pile"].append(Card("KS"))


def take(hand: Hand, card: Card) -> None:
    hand.add(card)


def rebind(hand: Hand) -> None:
    hand.cards = list(hand.cards)


def fill(slotted: Slotted) -> None:
    slotted.cards.append(Card("2C"))


def deal(players: list[Hand]) -> None:
    for player in players:
        player.add(Card("AS"))


def draw(rng: random.Random) -> int:
    return rng.randrange(10)


def note(seen: set[Card]) -> None:
    seen.add(Card("9D"))


CARDS = [Card("QS"), Card("7H"), Card("AD")]


@pytest.mark.parametrize(
    ("function", "said"),
    [
        (choose, "your `choose` changed the list it was given as `moves`"),
        (reorder, "your `reorder` changed the list it was given as `moves`"),
        (replace_first, "your `replace_first` changed the list it was given as `moves`"),
    ],
)
def test_a_list_changed_in_any_way_is_named(function, said):
    message = broken(function, list(CARDS))
    assert message is not None and message.startswith(said)
    assert "its contract lets it read what it is given" in message


def test_a_call_that_only_reads_breaks_nothing():
    assert broken(read, list(CARDS), {"pile": list(CARDS)}, set(CARDS)) is None


@pytest.mark.parametrize(
    ("function", "args", "said"),
    [
        (grow, ({"pile": [Card("QS")]},), "changed the dict it was given as `table`"),
        (take, (Hand([Card("QS")]), Card("2C")), "changed the Hand it was given as `hand`"),
        (rebind, (Hand([Card("QS")]),), "changed the Hand it was given as `hand`"),
        (fill, (Slotted([]),), "changed the Slotted it was given as `slotted`"),
        (note, (set(),), "changed the set it was given as `seen`"),
    ],
)
def test_containers_and_objects_given_are_looked_into(function, args, said):
    message = broken(function, *args)
    assert message is not None and said in message


def test_a_keyword_argument_is_named_too():
    message = broken(take, Hand([]), card=Card("2C"))
    assert message is not None and "as `hand`" in message


def test_objects_inside_a_list_may_change_but_not_the_list():
    """A call handed a list of players may deal them cards."""
    assert broken(deal, [Hand([]), Hand([])]) is None


def test_a_generator_moves_and_values_are_never_looked_into():
    assert broken(draw, random.Random(3)) is None
    assert watch().states([Card("QS"), 3, "x", None], {}) is None


def test_a_declared_parameter_may_change():
    assert broken(take, Hand([]), Card("2C"), may_change={"take": ("hand",)}) is None
    assert broken(choose, list(CARDS), may_change={"choose": (ANY,)}) is None
    message = broken(take, Hand([]), Card("2C"), may_change={"take": ("card",)})
    assert message is not None and "`hand`" in message


def test_a_method_may_change_its_own_object():
    hand = Hand([])
    assert broken(hand.add, Card("2C")) is None
    assert broken(Hand.add, hand, Card("2C")) is None  # called through its class
    assert broken(hand.add, Card("2C"), may_change={"Hand.add": ()}) is None


def test_a_method_is_declared_by_its_class_and_name():
    def cut(self: Hand, other: Hand) -> None:
        other.cards.clear()

    Hand.cut = cut  # type: ignore[attr-defined]
    try:
        mine, other = Hand([]), Hand([Card("QS")])
        assert broken(mine.cut, other) is not None  # type: ignore[attr-defined]
        other = Hand([Card("QS")])
        allowed = {"Hand.cut": ("other",)}
        assert broken(mine.cut, other, may_change=allowed) is None  # type: ignore[attr-defined]
    finally:
        del Hand.cut  # type: ignore[attr-defined]
