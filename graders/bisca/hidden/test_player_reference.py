"""Hidden tests of Player (phase 2): random sequences of moves, and whole games.

The whole games run on the provided Board, with your Suit, Card and Player inside it.
"""

import importlib.util
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.proxy import StudentRaised
from cardlab.testing import card, expect_equal, show

pytestmark = pytest.mark.part("player")

_GAMES_MODULE = "cardlab_bisca_hidden_games"


def load_games():
    """games.py, next to this file (shared helpers; a conftest.py would stop the run)."""
    path = str(Path(__file__).with_name("games.py"))
    module = sys.modules.get(_GAMES_MODULE)
    if module is None or module.__file__ != path:
        spec = importlib.util.spec_from_file_location(_GAMES_MODULE, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[_GAMES_MODULE] = module
        spec.loader.exec_module(module)
    return module


games_module = load_games()

ALL_CARDS = [rank + suit for suit in "SHCD" for rank in "23456QJK7A"]
cards_ = st.sampled_from(ALL_CARDS)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("take"), cards_),
        st.tuples(st.just("play"), cards_),
        st.tuples(st.just("play held"), st.integers(0, 2)),
        st.tuples(st.just("collect"), st.lists(cards_, max_size=4)),
    ),
    max_size=14,
)


@pytest.fixture(scope="session")
def games(ref):
    return games_module.Games(ref)


def apply(target, operation, card_of):
    """Apply one operation to a player, reference or student (``card_of`` builds cards)."""
    name, argument = operation
    if name == "take":
        return target.take(card_of(argument))
    if name == "play":
        return target.play(card_of(argument))
    return target.collect([card_of(text) for text in argument])


def describe(operation):
    name, argument = operation
    if name == "collect":
        return f"collect([{', '.join(argument)}])"
    return f"{name}({argument})"


def shown_outcome(outcome):
    kind, value = outcome
    return f"raises {value}" if kind == "raises" else show(value)


@pytest.mark.weight(3)
@settings(max_examples=40)
@given(ops=operations)
@example(ops=[("take", "QS"), ("take", "7H"), ("take", "AD"), ("take", "2C"),
              ("play held", 1), ("take", "QS"), ("collect", ["AS", "7S"])])
def test_moves_like_the_reference(student, ref, ops):
    """take, play and collect in any order: same hand, won cards, points and errors."""
    model = ref.player.Player("Ann")
    player = student.player.Player("Ann")
    done = []
    for operation in ops:
        if operation[0] == "play held":
            hand = model.hand
            if not hand:
                continue
            operation = ("play", hand[operation[1] % len(hand)].notation)
        done.append(describe(operation))
        call = "Player('Ann'): " + ", ".join(done)
        try:
            expected = ("ok", ref.canon(apply(model, operation, ref.card.Card.from_notation)))
        except ValueError:
            expected = ("raises", "ValueError")
        try:
            got = ("ok", apply(player, operation, card))
        except StudentRaised as error:
            if expected == ("raises", "ValueError") and error.is_a("ValueError"):
                got = expected
            else:
                raise AssertionError(
                    f"{call}\n  expected: {shown_outcome(expected)}\n"
                    f"  got:      raised {error.type_name}: {error.message}"
                ) from None
        if got != expected:
            raise AssertionError(
                f"{call}\n  expected: {shown_outcome(expected)}\n  got:      {show(got[1])}"
            )
        expect_equal(player.hand, ref.canon(model.hand), f"{call}; then hand")
    call = "Player('Ann'): " + (", ".join(done) or "no moves")
    for field in ("won", "points", "name"):
        expected = ref.canon(getattr(model, field))
        expect_equal(getattr(player, field), expected, f"{call}; then {field}")


@pytest.mark.weight(3)
@settings(max_examples=20)
@given(
    seed=st.integers(0, 2**32 - 1),
    first=st.sampled_from((0, 1)),
    policy=st.sampled_from(games_module.POLICIES),
)
@example(seed=121, first=0, policy="first")
def test_whole_games_on_the_provided_board(student, games, seed, first, policy):
    """Whole games on the provided Board with your Players: same rounds, hands and scores."""
    games_module.replay(student, games.record(seed, first, policy))
