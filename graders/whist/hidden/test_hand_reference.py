"""Hidden tests of Hand (phase 1): a state machine against the reference, sorts, pickling.

The state machine drives your Hand and the reference's through the same random sequence
of adds and removes; after every step the two must agree on what the step returned, the
cards in order, the count of each suit and the total value.
"""

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from whist_ref import ALL_CARDS, expect_other_version_refused

from cardlab.testing import card, cards, expect_equal, member

pytestmark = pytest.mark.part("hand")

card_texts = st.sampled_from(ALL_CARDS)
card_lists = st.lists(card_texts, max_size=6)


class HandMachine(RuleBasedStateMachine):
    """Your Hand and the reference's Hand, changed alike."""

    def __init__(self, student, r):
        super().__init__()
        self.student, self.r = student, r
        self.mine = student.pkg.cards.hand.Hand()
        self.model = r.hand.Hand()
        self.steps = ["hand = Hand()"]

    def _compare(self, call, got, expected):
        self.steps.append(call)
        expect_equal(got, expected, "after " + "; ".join(self.steps))

    @rule(text=card_texts)
    def add(self, text):
        self.student.method(self.mine, "add", card(text))
        self.model.add(self.r.of(text))
        self.steps.append(f"hand.add({text})")

    @rule(texts=card_lists)
    def add_cards(self, texts):
        self.student.method(self.mine, "add_cards", cards(" ".join(texts)))
        self.model.add_cards(self.r.cards(texts))
        self.steps.append(f"hand.add_cards([{' '.join(texts)}])")

    @rule(texts=card_lists)
    def add_hand(self, texts):
        other = self.student.pkg.cards.hand.Hand(cards(" ".join(texts)))
        self.student.method(self.mine, "add_hand", other)
        self.model.add_hand(self.r.hand.Hand(self.r.cards(texts)))
        self.steps.append(f"hand.add_hand(Hand([{' '.join(texts)}]))")

    @rule(text=card_texts)
    def remove(self, text):
        got = self.student.method(self.mine, "remove", card(text))
        self._compare(f"hand.remove({text}) -> {got!r}", got, self.model.remove(self.r.of(text)))

    @rule(texts=card_lists)
    def remove_hand(self, texts):
        other = self.student.pkg.cards.hand.Hand(cards(" ".join(texts)))
        got = self.student.method(self.mine, "remove_hand", other)
        expected = self.model.remove_hand(self.r.hand.Hand(self.r.cards(texts)))
        self._compare(f"hand.remove_hand(Hand([{' '.join(texts)}])) -> {got!r}", got, expected)

    @precondition(lambda self: len(self.model) > 0)
    @rule(data=st.data())
    def remove_at(self, data):
        position = data.draw(st.integers(0, len(self.model) - 1))
        got = self.student.method(self.mine, "remove_at", position)
        expected = card(self.model.remove_at(position).notation)
        self._compare(f"hand.remove_at({position}) -> {got!r}", got, expected)

    @invariant()
    def agrees(self):
        call = "; ".join(self.steps)
        expected = [card(c.notation) for c in self.model]
        expect_equal(self.student.builtin("list", self.mine), expected, f"list(hand) after {call}")
        expect_equal(
            self.student.attr(self.mine, "total"), self.model.total, f"hand.total after {call}"
        )
        for suit in self.r.Suit:
            expect_equal(
                self.student.method(self.mine, "count_suit", member("Suit", suit.name)),
                self.model.count_suit(suit),
                f"hand.count_suit(Suit.{suit.name}) after {call}",
            )


@pytest.mark.weight(6)
def test_counts_and_total_follow_every_change(student, r, seeds):
    """Random sequences of adds and removes: your Hand agrees with the reference throughout."""
    from hypothesis.stateful import run_state_machine_as_test

    # A state machine run inside a test takes its seed here: the autouse fixture seeds
    # only a test's own @given examples.
    machines = seed(seeds.seed("whist", "hand machine"))(lambda: HandMachine(student, r))
    run_state_machine_as_test(
        machines,
        settings=settings(max_examples=25, stateful_step_count=12, deadline=None),
    )


@pytest.mark.weight(2)
@settings(max_examples=30, deadline=None)
@given(st.lists(card_texts, max_size=13, unique=True))
def test_sorts(student, r, texts):
    """sort() and sort_by_rank() order a hand as the reference does."""
    for method in ("sort", "sort_by_rank"):
        mine = student.pkg.cards.hand.Hand(cards(" ".join(texts)))
        model = r.hand.Hand(r.cards(texts))
        student.method(mine, method)
        getattr(model, method)()
        expect_equal(
            student.builtin("list", mine),
            [card(c.notation) for c in model],
            f"Hand([{' '.join(texts)}]).{method}()",
        )


@pytest.mark.weight(2)
@settings(max_examples=20, deadline=None)
@given(st.lists(card_texts, max_size=13))
def test_queries(student, r, texts):
    """count_rank, has_suit, len, `in` and str() answer as the reference."""
    mine = student.pkg.cards.hand.Hand(cards(" ".join(texts)))
    model = r.hand.Hand(r.cards(texts))
    shown = f"Hand([{' '.join(texts)}])"
    for rank in (r.Rank.TWO, r.Rank.TEN, r.Rank.ACE):
        expect_equal(
            student.method(mine, "count_rank", member("Rank", rank.name)),
            model.count_rank(rank),
            f"{shown}.count_rank(Rank.{rank.name})",
        )
    for suit in r.Suit:
        expect_equal(
            student.method(mine, "has_suit", member("Suit", suit.name)),
            model.has_suit(suit),
            f"{shown}.has_suit(Suit.{suit.name})",
        )
    expect_equal(student.builtin("len", mine), len(model), f"len({shown})")
    expect_equal(
        student.builtin("contains", mine, card("AS")), r.of("AS") in model, f"AS in {shown}"
    )
    expect_equal(student.builtin("str", mine), str(model), f"str({shown})")


def test_copy_is_independent(student):
    """Hand(other) copies the cards: changing the copy leaves the original alone."""
    original = student.pkg.cards.hand.Hand(cards("AS 2C"))
    copy = student.pkg.cards.hand.Hand(original)
    student.method(copy, "remove", card("AS"))
    expect_equal(
        student.builtin("list", original), cards("AS 2C"), "the original after copy.remove(AS)"
    )
    expect_equal(student.attr(original, "total"), 13, "the original's total after copy.remove(AS)")


def test_remove_at_a_missing_position(student):
    """remove_at(5) on a hand of two cards raises IndexError."""
    with student.raises("IndexError"):
        student.method(student.pkg.cards.hand.Hand(cards("AS 2C")), "remove_at", 5)


@pytest.mark.weight(2)
def test_pickling(student):
    """A pickled hand loads back with its cards, counts and total; another version is refused."""
    mine = student.pkg.cards.hand.Hand(cards("10D AS AC 4H"))
    saved = student.builtin("pickle_dumps", mine)
    loaded = student.builtin("pickle_loads", saved)
    expect_equal(student.builtin("list", loaded), cards("10D AS AC 4H"), "list(loaded hand)")
    expect_equal(student.attr(loaded, "total"), 36, "loaded hand's total")
    expect_equal(
        student.method(loaded, "count_suit", member("Suit", "CLUBS")),
        1,
        "loaded hand's count_suit(Suit.CLUBS)",
    )
    hand_class = student.pkg.cards.hand.Hand
    expect_other_version_refused(student, hand_class, 300, saved)
