"""Hidden tests of Player (phase 2): random sequences of moves, and whole games.

The whole games run on the provided Board, played by the grader itself; the Board calls
your two Players in your process (``bisca_player_games``).
"""

import bisca_games
import bisca_player_games
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, card, expect_equal, seed_examples, show

pytestmark = pytest.mark.part("player")

RANKS = "23456QJK7A"
ALL_CARDS = [rank + suit for suit in "SHCD" for rank in RANKS]
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


@pytest.mark.weight(4)
@settings(max_examples=40)
@given(ops=operations)
@example(ops=[("take", "QS"), ("take", "7H"), ("take", "AD"), ("take", "2C"),
              ("play held", 1), ("take", "QS"), ("collect", ["AS", "7S"])])
# take refused for a card already held, and for a full hand: three times each in every run
@example(ops=[("take", "AS"), ("take", "AS"), ("take", "2H"), ("take", "2H"), ("take", "KC"),
              ("take", "7D"), ("play held", 0), ("take", "KC")])
@example(ops=[("take", "JD"), ("take", "5S"), ("take", "JD"), ("take", "6C"), ("take", "JD"),
              ("play held", 2), ("take", "5S"), ("take", "3H")])
def test_moves_like_the_reference(student, ref, ops):
    """take, play and collect in any order: same hand, won cards, points and errors."""
    model = ref.player.Player("Ann")
    player = student.pkg.player.Player("Ann")
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


def card_problem(student, ref):
    """The first thing your Card does unlike the reference that a Player relies on, or None.

    Checked: the points of every card (which ``collect`` adds up), and equality (which
    finds the card ``play`` removes).
    """
    for model in ref.deck.Deck.standard().cards:
        got = student.attr(ref.canon(model), "points")
        if got != model.points:
            return f"{model.notation}.points gave {got!r} instead of {model.points}"
    if student.builtin("eq", card("QS"), card("QS")) is not True:
        return "two cards QS are not equal (==)"
    return None


@settings(max_examples=20)
@given(
    seed=st.integers(0, 2**32 - 1),
    first=st.sampled_from((0, 1)),
    policy=st.sampled_from(bisca_games.POLICIES),
)
@example(seed=121, first=0, policy="first")
def replay_games(student, ref, games, seed, first, policy):
    record = games.record(seed, first, policy)
    bisca_player_games.replay_with_players(student, ref, games, record)


@pytest.mark.weight(3)
def test_whole_games_on_the_provided_board(student, ref, games, seeds, request):
    """Whole games on the provided Board with your Players: same hands, won cards, points."""
    problem = card_problem(student, ref)
    if problem is not None:
        pytest.skip(
            f"not scored: your Card differs from the reference ({problem}), which whole "
            "games would charge to Player; the card part counts it"
        )
    seed_examples(replay_games, seeds, request.node.nodeid)  # games drawn from the secret
    replay_games(student, ref, games)
