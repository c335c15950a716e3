"""Hidden tests aimed at the rules a uniform draw rarely reaches (phases 1 and 3).

Each test draws its cases from a strategy built to reach one branch of the rules (a
refused rank, a pile number out of range, an empty draw pile, a stalemate round, a
tied game) and compares your code with the reference on each case: the same result,
or the same kind of exception.
"""

import functools
import operator as operators
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_console import compare_runs, run_reference, typed_text
from kings_corner_turns import CORNERS, DECK, FAMILIES, make_position

from cardlab.testing import (
    Value,
    card,
    cards,
    expect_equal,
    expect_like_reference,
    reference_outcome,
)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge")
SECONDS = 20.0
"""Time allowed for a whole console game."""

wrong_ranks = st.one_of(
    st.text(alphabet=RANKS + "aq10XS ", min_size=0, max_size=2).filter(lambda t: t not in RANKS),
    st.integers(0, 13),
    st.none(),
)
wrong_suits = st.one_of(
    st.text(alphabet=SUITS + "cdhsXA ", min_size=0, max_size=2).filter(lambda t: t not in SUITS),
    st.integers(0, 4),
    st.none(),
)
bad_fields = st.one_of(
    st.tuples(wrong_ranks, st.sampled_from(SUITS)),
    st.tuples(st.sampled_from(RANKS), wrong_suits),
    st.tuples(wrong_ranks, wrong_suits),
)
"""A rank and a suit of which at least one is wrong, each side in turn."""

non_cards = st.one_of(
    st.sampled_from(DECK),
    st.text(alphabet=string.ascii_letters + string.digits + " ", max_size=3),
    st.integers(-1000, 1000),
    st.none(),
    st.lists(st.sampled_from(RANKS), max_size=2),
)
"""Values that are not cards (card notations among them)."""

pile_numbers = st.one_of(st.integers(-3, 0), st.integers(9, 12), st.integers(1, 8))
"""Pile numbers below, above and inside 1 to 8, in even shares."""

words = st.one_of(
    st.sampled_from(DECK),
    st.sampled_from(["7h", "1X", "K", "10H"]),
    st.integers(-1, 10).map(str),
    st.sampled_from(["L", "M", "D", "x"]),
)
notations = st.builds(
    lambda kind, rest, gap: gap.join([kind, *rest]),
    st.sampled_from(["L", "l", "M", "m", "D", "d", "X", ""]),
    st.lists(words, max_size=3),
    st.sampled_from([" ", "  ", "\t"]),
)
"""Move notations of every kind with zero to three more words: right and wrong counts."""

numberings = st.one_of(
    st.just(list(range(1, 9))),
    st.permutations(range(1, 9)),
    st.lists(st.integers(1, 8), min_size=1, max_size=9),
)
"""The numbers of the piles given to ``Table``: in order, shuffled, missing or doubled."""


def _ref_cards(ref, text):
    return [ref.card.Card.from_notation(t) for t in text.split()]


@pytest.mark.part("card")
@settings(max_examples=15)
@given(fields=bad_fields)
def test_a_wrong_rank_or_suit_like_the_reference(student, ref, fields):
    """Card(rank, suit) with a wrong rank, a wrong suit or both: ValueError, as the reference."""
    rank, suit = fields
    expected = reference_outcome(lambda: ref.canon(ref.card.Card(rank, suit)), ValueError)
    expect_like_reference(
        f"Card({rank!r}, {suit!r})", expected, lambda: student.pkg.card.Card(rank, suit)
    )


@pytest.mark.part("card")
@settings(max_examples=6)
@given(text=st.sampled_from(DECK), other=non_cards)
def test_a_card_against_a_non_card_like_the_reference(student, ref, text, other):
    """==, !=, <, <=, >, >= between a card and a non-card: the reference's answer or TypeError."""
    for name in COMPARISONS:
        expected = reference_outcome(
            functools.partial(getattr(operators, name), ref.card.Card.from_notation(text), other),
            TypeError,
        )
        expect_like_reference(
            f"{name}({text}, {other!r})",
            expected,
            functools.partial(student.builtin, name, card(text), other),
        )


@pytest.mark.part("piles")
@settings(max_examples=12)
@given(number=pile_numbers)
def test_a_pile_number_like_the_reference(student, ref, number):
    """LaydownPile(number): pile numbers outside 1 to 8 raise ValueError, as the reference's."""
    expected = reference_outcome(lambda: ref.piles.LaydownPile(number).number, ValueError)
    expect_like_reference(
        f"LaydownPile({number}).number",
        expected,
        lambda: student.attr(student.pkg.piles.LaydownPile(number), "number"),
    )


@pytest.mark.part("piles")
@settings(max_examples=8)
@given(stock=st.lists(st.sampled_from(DECK), max_size=3, unique=True))
def test_drawing_past_the_last_card_like_the_reference(student, ref, stock):
    """DrawPile(cards).draw() until it is empty, then once more: IllegalMove."""
    text = " ".join(stock)
    ref_pile = ref.piles.DrawPile(_ref_cards(ref, text))
    pile = student.pkg.piles.DrawPile(cards(text))
    for count in range(1, len(stock) + 2):
        expected = reference_outcome(
            functools.partial(_drawn, ref, ref_pile), ref.piles.IllegalMove
        )
        expect_like_reference(f"DrawPile([{text}]): draw number {count}", expected, pile.draw)


def _drawn(ref, pile):
    return ref.canon(pile.draw())


@pytest.mark.part("table")
@settings(max_examples=40)
@given(text=notations)
def test_reading_a_move_like_the_reference(student, ref, text):
    """Move.from_notation on notations of each kind, with right and wrong word counts."""
    expected = reference_outcome(lambda: ref.canon(ref.table.Move.from_notation(text)), ValueError)
    expect_like_reference(
        f"Move.from_notation({text!r})",
        expected,
        lambda: student.pkg.table.Move.from_notation(text),
    )


@pytest.mark.part("table")
@settings(max_examples=12)
@given(numbers=numberings)
def test_a_table_of_given_piles_like_the_reference(student, ref, numbers):
    """Table(DrawPile(), piles): ValueError unless the piles are numbered 1 to 8 in order."""
    expected = reference_outcome(
        lambda: [
            pile.number
            for pile in ref.table.Table(
                ref.piles.DrawPile(), [ref.piles.LaydownPile(n) for n in numbers]
            ).piles
        ],
        ValueError,
    )
    laid = [Value("LaydownPile", f"{n}:") for n in numbers]
    expect_like_reference(
        f"[pile.number for pile in Table(DrawPile(), piles numbered {numbers}).piles]",
        expected,
        lambda: [
            student.attr(p, "number")
            for p in student.pkg.table.Table(Value("DrawPile", ""), laid).piles
        ],
    )


@pytest.mark.part("table")
@settings(max_examples=15)
@given(number=pile_numbers)
def test_asking_for_a_pile_like_the_reference(student, ref, number):
    """Table().pile(number): IllegalMove for a number outside 1 to 8, as the reference's."""
    expected = reference_outcome(
        lambda: ref.table.Table().pile(number).number, ref.piles.IllegalMove
    )
    expect_like_reference(
        f"Table().pile({number}).number",
        expected,
        lambda: student.attr(student.pkg.table.Table().pile(number), "number"),
    )


@pytest.mark.part("table")
@settings(max_examples=15)
@given(
    family=st.sampled_from(FAMILIES),
    seed=st.integers(0, 2**32 - 1),
    lays=st.lists(st.tuples(st.sampled_from(DECK), st.integers(1, 8)), min_size=1, max_size=4),
)
def test_lays_checked_and_applied_like_the_reference(student, ref, family, seed, lays):
    """is_legal and apply of lays, of held cards and of cards not in the hand."""
    position = make_position(family, seed, ref)
    ref_table = ref.table.Table(
        ref.piles.DrawPile(_ref_cards(ref, position.stock)),
        [
            ref.piles.LaydownPile(n, _ref_cards(ref, text))
            for n, text in enumerate(position.piles, start=1)
        ],
    )
    ref_hand = ref.piles.PlayerHand(_ref_cards(ref, position.hand))
    table = student.pkg.table.Table(
        Value("DrawPile", position.stock),
        [Value("LaydownPile", f"{n}:{text}") for n, text in enumerate(position.piles, start=1)],
    )
    hand = student.pkg.piles.PlayerHand(cards(position.hand))
    held = position.hand.split()
    lays = [*lays, (held[0], 1)] if held else lays
    start = f"the hand {position.hand} on:\n{position.describe()}\nthen "
    for index, (text, number) in enumerate(lays):
        move = f"L {text} {number}"
        call = start + ", ".join(f"L {t} {n}" for t, n in lays[: index + 1])
        ref_move = ref.table.Move.from_notation(move)
        expect_equal(
            table.is_legal(hand, Value("Move", move)),
            ref_table.is_legal(ref_hand, ref_move),
            f"table.is_legal(hand, {move}) with {call}",
        )
        expected = reference_outcome(
            functools.partial(_applied, ref, ref_table, ref_hand, ref_move), ref.piles.IllegalMove
        )
        expect_like_reference(
            f"table.apply(hand, {move}) with {call}",
            expected,
            functools.partial(table.apply, hand, Value("Move", move)),
        )
        expect_equal(
            [hand.cards, [pile.cards for pile in table.piles]],
            ref.canon([ref_hand.cards, [pile.cards for pile in ref_table.piles]]),
            f"[hand.cards, the eight piles' cards] with {call}",
        )


def _applied(ref, table, hand, move):
    return ref.canon(table.apply(hand, move))


@pytest.mark.part("rules")
@settings(max_examples=12)
@given(
    totals=st.one_of(
        st.integers(0, 60).map(lambda n: (n, n)), st.tuples(st.integers(0, 60), st.integers(0, 60))
    )
)
def test_the_winner_line_like_the_reference(student, ref, totals):
    """winner_line(human, computer) for tied totals and for others, in even shares."""
    expect_equal(
        student.pkg.game.winner_line(*totals),
        ref.game.winner_line(*totals),
        f"winner_line{totals}",
    )


@pytest.mark.part("console-games")
@settings(max_examples=4)
@given(game_seed=st.integers(0, 2**32 - 1), script_seed=st.integers(0, 2**32 - 1))
def test_a_person_who_only_draws(student, ref, game_seed, script_seed):
    """A person who never lays: the draw pile runs out and rounds end in stalemates."""
    argv = ["--seed", str(game_seed)]
    reference = run_reference(
        ref, argv, script_seed, bad_share=0.0, answers=("maybe", "n"), lay_share=0.0
    )
    run = student.console(
        student.pkg.game.main, argv, stdin=typed_text(reference.typed), seconds=SECONDS
    )
    call = (
        f"main({argv!r}) with {len(reference.typed)} lines typed by a person who only "
        "draws (D, H or A)"
    )
    compare_runs(run, reference, call)


@pytest.mark.part("piles")
@settings(max_examples=4)
@given(
    seed=st.integers(0, 2**32 - 1),
    source=st.integers(1, 4),
    corner=st.integers(5, 8),
    other=st.integers(1, 7),
)
def test_refused_pile_moves_like_the_reference(student, ref, seed, source, corner, other):
    """LaydownPile.move_onto refused for each reason in turn: a pile 5 to 8 moved, an empty
    pile moved, a pile moved onto itself, a pile whose bottom card the other pile refuses."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    king = next(text for text in deck if text[0] == "K")
    target = other if other < source else other + 1
    top = king if target in CORNERS else deck[0]
    bottom = next(
        text
        for text in deck
        if text != top
        and not ref.piles.LaydownPile(target, _ref_cards(ref, top)).can_take(
            ref.card.Card.from_notation(text)
        )
    )
    situations = (
        ((corner, king), (source, deck[1])),
        ((source, ""), (target, top)),
        ((source, bottom), None),
        ((source, bottom), (target, top)),
    )
    for moved, onto in situations:
        _move_like_the_reference(student, ref, moved, onto)


def _move_like_the_reference(student, ref, moved, onto):
    """LaydownPile(*moved).move_onto(LaydownPile(*onto)), or onto itself when ``onto`` is None:
    yours against the reference's."""
    ref_moved = ref.piles.LaydownPile(moved[0], _ref_cards(ref, moved[1]))
    ref_onto = (
        ref_moved if onto is None else ref.piles.LaydownPile(onto[0], _ref_cards(ref, onto[1]))
    )
    mine = student.pkg.piles.LaydownPile(moved[0], cards(moved[1]))
    my_onto = mine if onto is None else student.pkg.piles.LaydownPile(onto[0], cards(onto[1]))
    shown = f"pile = LaydownPile({moved[0]}, [{moved[1]}]); pile.move_onto("
    shown += "pile)" if onto is None else f"LaydownPile({onto[0]}, [{onto[1]}]))"
    expected = reference_outcome(lambda: ref_moved.move_onto(ref_onto), ref.piles.IllegalMove)
    expect_like_reference(shown, expected, lambda: mine.move_onto(my_onto))
