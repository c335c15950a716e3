"""Hidden tests aimed at the rules a uniform draw rarely reaches.

Each test draws its cases from a strategy built to reach one branch of the contract (a
card made of wrong fields, a comparison with a non-card, a saved format of another
version, an iterator's ``remove`` before any ``next``, a hand copied from a hand) and
compares your code with the reference on each case: the same result, or the same kind
of exception.
"""

import functools
import operator as operators
import pickle
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from whist_ref import ALL_CARDS

from cardlab.testing import (
    StudentRaised,
    Value,
    card,
    cards,
    expect_equal,
    expect_like_reference,
    expect_true,
    member,
    reference_outcome,
    show,
)

COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge")
RANK_NAMES = ("TWO", "SEVEN", "TEN", "QUEEN", "ACE")
SUIT_NAMES = ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")

ranks = st.sampled_from(RANK_NAMES).map(lambda name: ("Rank", name))
suits = st.sampled_from(SUIT_NAMES).map(lambda name: ("Suit", name))
others = st.one_of(
    st.sampled_from(["A", "10", "S", "spades", ""]).map(lambda text: ("text", text)),
    st.integers(0, 14).map(lambda number: ("number", number)),
    st.none().map(lambda nothing: ("None", None)),
)
"""A value given as a card's rank or suit that is neither a Rank nor a Suit."""

non_cards = st.one_of(
    st.sampled_from(ALL_CARDS),
    st.text(alphabet=string.ascii_letters + string.digits + " ", max_size=3),
    st.integers(-1000, 1000),
    st.none(),
    st.lists(st.integers(0, 13), max_size=2),
)
"""Values that are not cards (card notations among them)."""

versions = st.sampled_from([100, 200, 300])
saved_states = st.tuples(versions, st.sampled_from(["same", "other", "None", "missing"])).map(
    lambda drawn: (
        drawn[0],
        {
            "same": {"format": drawn[0]},
            "other": {"format": drawn[0] + 1},
            "None": {"format": None},
            "missing": {},
        }[drawn[1]],
    )
)
"""A version read by a class, and a saved state holding it, another version, None or none."""


def _ref_field(r, field):
    kind, value = field
    return {"Rank": lambda: r.Rank[value], "Suit": lambda: r.Suit[value]}.get(kind, lambda: value)()


def _student_field(field):
    kind, value = field
    return member(kind, value) if kind in ("Rank", "Suit") else value


def _shown(field):
    kind, value = field
    return f"{kind}.{value}" if kind in ("Rank", "Suit") else repr(value)


@pytest.mark.part("card")
@settings(max_examples=6, deadline=None)
@given(
    rank=ranks,
    suit=suits,
    not_rank=st.one_of(suits, others),
    not_suit=st.one_of(ranks, others),
)
def test_a_card_of_wrong_fields_like_the_reference(student, r, rank, suit, not_rank, not_suit):
    """Card(rank, suit) with a suit that is not a Suit, a rank that is not a Rank, or both
    (a Rank and a Suit swapped among them): TypeError, as the reference."""
    for pair in ((rank, not_suit), (not_rank, suit), (not_rank, not_suit)):
        expected = reference_outcome(functools.partial(_ref_card, r, *pair), TypeError)
        expect_like_reference(
            f"Card({_shown(pair[0])}, {_shown(pair[1])})",
            expected,
            functools.partial(
                student.pkg.cards.card.Card, _student_field(pair[0]), _student_field(pair[1])
            ),
        )


def _ref_card(r, rank, suit):
    return card(r.Card(_ref_field(r, rank), _ref_field(r, suit)).notation)


@pytest.mark.part("card")
@settings(max_examples=6, deadline=None)
@given(text=st.sampled_from(ALL_CARDS), other=non_cards)
def test_a_card_against_a_non_card_like_the_reference(student, r, text, other):
    """==, !=, <, <=, >, >= between a card and a non-card: the reference's answer or TypeError."""
    for name in COMPARISONS:
        expected = reference_outcome(
            functools.partial(getattr(operators, name), r.of(text), other), TypeError
        )
        expect_like_reference(
            f"{name}({text}, {other!r})",
            expected,
            functools.partial(student.builtin, name, card(text), other),
        )


@pytest.mark.part("card")
@settings(max_examples=20, deadline=None)
@given(saved=saved_states, kind=st.sampled_from(["card", "deck", "hand"]))
def test_checking_a_saved_format_like_the_reference(student, r, saved, kind):
    """check_format(state, expected, kind): UnpicklingError unless the state holds ``expected``."""
    expected_version, state = saved
    expected = reference_outcome(
        lambda: r.card.check_format(state, expected_version, kind), pickle.UnpicklingError
    )
    expect_like_reference(
        f"check_format({state!r}, {expected_version}, {kind!r})",
        expected,
        lambda: student.pkg.cards.card.check_format(state, expected_version, kind),
    )


@pytest.mark.part("deck")
@settings(max_examples=4, deadline=None)
@given(names=st.sets(st.sampled_from(["deal", "size_twice", "shuffle"]), max_size=2))
def test_a_subclass_of_deck_like_the_reference(student, r, names):
    """A subclass of Deck defining the given names, then the same names and new_deck:
    TypeError when new_deck is among them."""
    for defined in (sorted(names), sorted({*names, "new_deck"})):
        _subclass_like_the_reference(student, r, defined)


def _subclass_like_the_reference(student, r, names):
    """class MyDeck(Deck) defining ``names``: yours against the reference's."""
    attributes = dict.fromkeys(names)

    def reference_subclass():
        type("MyDeck", (r.deck.Deck,), attributes)

    def your_subclass():
        student.builtin("subclass", student.pkg.cards.deck.Deck, "MyDeck", attributes)

    expected = reference_outcome(reference_subclass, TypeError)
    expect_like_reference(f"class MyDeck(Deck) defining {names}", expected, your_subclass)


@pytest.mark.part("deck")
@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.lists(st.sampled_from(["next", "remove"]), min_size=1, max_size=8),
)
def test_removing_while_dealing_like_the_reference(student, r, seed, steps):
    """next and remove on a deck's iterator, remove first or twice in a row among them."""
    model_deck = r.deck.Deck(random.Random(seed))
    model = iter(model_deck)
    deck = student.pkg.cards.deck.Deck(student.builtin("Random", seed))
    walk = student.builtin("iter", deck)
    done = []
    for step in steps:
        done.append(f"{step}()")
        call = f"it = iter(Deck(random.Random({seed}))); it.{'; it.'.join(done)}"
        if step == "next":
            expect_equal(student.builtin("next", walk), card(next(model).notation), call)
        else:
            expected = reference_outcome(model.remove, RuntimeError)
            expect_like_reference(call, expected, functools.partial(student.method, walk, "remove"))
    expect_equal(
        student.builtin("list", deck),
        [card(c.notation) for c in model_deck],
        f"list(deck) after it = iter(deck); it.{'; it.'.join(done)}",
    )


@pytest.mark.part("deck")
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealt=st.sampled_from([0, 1, 2, 51]))
def test_sorted_cards_after_dealing_like_the_reference(student, r, seed, dealt):
    """list(sorted_cards()) after 0 to 51 deals: the cards left, in the natural order."""
    model = r.deck.Deck(random.Random(seed))
    deck = student.pkg.cards.deck.Deck(student.builtin("Random", seed))
    for _ in range(dealt):
        model.deal()
        student.method(deck, "deal")
    expect_equal(
        student.builtin("list", student.method(deck, "sorted_cards")),
        [card(c.notation) for c in model.sorted_cards()],
        f"list(deck.sorted_cards()) after {dealt} deals from Deck(random.Random({seed}))",
    )


@pytest.mark.part("hand")
@settings(max_examples=5, deadline=None)
@given(
    texts=st.lists(st.sampled_from(ALL_CARDS), max_size=8),
    added=st.sampled_from(ALL_CARDS),
)
def test_a_hand_copied_from_a_hand_like_the_reference(student, r, texts, added):
    """Hand(other_hand) holds the same cards and counts; adding to it leaves the other alone."""
    model_original = r.hand.Hand(r.cards(texts))
    model = r.hand.Hand(model_original)
    model.add(r.of(added))
    original = student.pkg.cards.hand.Hand(cards(" ".join(texts)))
    copy = student.pkg.cards.hand.Hand(original)
    student.method(copy, "add", card(added))
    call = f"copy = Hand(Hand([{' '.join(texts)}])); copy.add({added})"
    for name, mine, theirs in (("copy", copy, model), ("the first hand", original, model_original)):
        expect_equal(
            [
                student.builtin("list", mine),
                student.attr(mine, "total"),
                [student.method(mine, "count_suit", member("Suit", s)) for s in SUIT_NAMES],
            ],
            [
                [card(c.notation) for c in theirs],
                theirs.total,
                [theirs.count_suit(r.Suit[s]) for s in SUIT_NAMES],
            ],
            f"{call}: [list, total, count_suit of each suit] of {name}",
        )


@pytest.mark.part("hand")
@settings(max_examples=10, deadline=None)
@given(other=non_cards)
def test_adding_a_non_card_like_the_reference(student, r, other):
    """Hand().add(x) for an x that is not a card: TypeError, as the reference."""
    expected = reference_outcome(lambda: r.hand.Hand().add(other), TypeError)
    expect_like_reference(
        f"Hand().add({other!r})",
        expected,
        lambda: student.method(student.pkg.cards.hand.Hand(), "add", other),
    )


@pytest.mark.part("trick")
@settings(max_examples=4, deadline=None)
@given(
    trumps=st.sampled_from(SUIT_NAMES),
    leader=st.integers(0, 3),
    pick=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_plays_refused_like_the_reference(student, r, trumps, leader, pick, seed):
    """winner() and winning_card() of an empty trick; then after each of 1 to 4 cards played
    in turn, a non-card, a card out of turn and a card already played (any play, once
    complete)."""
    for fine in (1, 2, 3, 4):
        _plays_refused(student, r, trumps, leader, fine, pick, seed)


def _plays_refused(student, r, trumps, leader, fine, pick, seed):
    """One trick of ``fine`` cards played, then its refused plays: yours against the
    reference's."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    seats = [(leader + offset) % 4 for offset in range(4)]
    model = r.trick.Trick(r.Suit[trumps], leader)
    mine = student.pkg.whist.trick.Trick(member("Suit", trumps), leader)
    start = f"Trick(Suit.{trumps}, {leader})"
    for name in ("winner", "winning_card"):
        expected = reference_outcome(functools.partial(_answer, getattr(model, name)), ValueError)
        expect_like_reference(
            f"{start}: {name}()", expected, functools.partial(student.method, mine, name)
        )
    plays = [(seats[n], deck[n]) for n in range(fine)]
    for seat, text in plays:
        model.set_card(seat, r.of(text))
        student.method(mine, "set_card", seat, card(text))
    done = "; ".join(f"set_card({seat}, {text})" for seat, text in plays)
    refused = [
        (seats[fine % 4], None),
        (seats[(fine + 1 + pick % 3) % 4], deck[fine]),
        (seats[fine % 4], deck[pick % fine]),
    ]
    for seat, text in refused:
        expected = reference_outcome(
            functools.partial(model.set_card, seat, None if text is None else r.of(text)),
            TypeError,
            ValueError,
        )
        expect_like_reference(
            f"{start}: {done}; set_card({seat}, {text})",
            expected,
            functools.partial(
                student.method, mine, "set_card", seat, None if text is None else card(text)
            ),
        )


def _answer(method):
    result = method()
    return card(result.notation) if hasattr(result, "notation") else result


@pytest.mark.part("trick")
@settings(max_examples=5, deadline=None)
@given(
    trumps=st.sampled_from(SUIT_NAMES),
    wrong_value=st.sampled_from(["hearts", "S", "", None, 2]),
    outside=st.sampled_from([-2, -1, 4, 5, 9]),
    inside=st.integers(0, 3),
)
def test_a_trick_of_wrong_arguments_like_the_reference(
    student, r, trumps, wrong_value, outside, inside
):
    """Trick(trumps, leader) with a trumps that is not a Suit or a leader outside 0 to 3,
    and card_of(seat) with a seat outside 0 to 3: each refused as the reference does."""
    for wrong in ("trumps", "leader", "seat", "none"):
        leader = outside if wrong == "leader" else inside
        seat = outside if wrong == "seat" else inside
        given_suit = ("Suit", trumps) if wrong != "trumps" else ("text", wrong_value)
        expected = reference_outcome(
            functools.partial(_card_of, r.trick.Trick, _ref_field(r, given_suit), leader, seat),
            TypeError,
            ValueError,
        )
        expect_like_reference(
            f"Trick({_shown(given_suit)}, {leader}).card_of({seat})",
            expected,
            functools.partial(_your_card_of, student, _student_field(given_suit), leader, seat),
        )


def _card_of(trick, trumps, leader, seat):
    return trick(trumps, leader).card_of(seat)


def _your_card_of(student, trumps, leader, seat):
    return student.method(student.pkg.whist.trick.Trick(trumps, leader), "card_of", seat)


@pytest.mark.part("basic-strategy")
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 4))
def test_basic_choices_refused_like_the_reference(student, r, seed, size):
    """basic_choices with an empty hand, then with a complete trick: ValueError, as the
    reference."""
    for shape in ("no card", "complete trick"):
        _basic_choices_refused(student, r, seed, shape, size)


def _basic_choices_refused(student, r, seed, shape, size):
    """basic_choices refused in one ``shape``: yours against the reference's."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    played = deck[: 4 if shape == "complete trick" else size % 4]
    hand = [] if shape == "no card" else deck[4 : 5 + size]
    trick = r.trick.Trick(r.Suit.SPADES, 0)
    for seat, text in enumerate(played):
        trick.set_card(seat, r.of(text))
    expected = reference_outcome(
        lambda: sorted(c.notation for c in r.basic.basic_choices(r.cards(hand), trick)), ValueError
    )
    expect_like_reference(
        f"basic_choices([{' '.join(hand)}], trick SPADES led by 0 [{' '.join(played)}])",
        expected,
        lambda: student.pkg.whist.basic_strategy.basic_choices(
            cards(" ".join(hand)), Value("Trick", f"SPADES|0|{' '.join(played)}")
        ),
    )


@pytest.mark.part("basic-strategy")
@settings(max_examples=6, deadline=None)
@given(
    seat=st.integers(0, 3),
    outside=st.sampled_from([-2, -1, 4, 5]),
    held=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_basic_player_seated_and_playing_like_the_reference(
    student, ref, r, seat, outside, held, seed
):
    """BasicPlayer(seat) outside 0 to 3 raises ValueError; play_card with no card too; with
    cards, the card played is one the rule allows."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    for at, hand in ((outside, deck[:held]), (seat, []), (seat, deck[:held])):
        _basic_player_plays(student, ref, r, at, hand, seed)


def _basic_player_plays(student, ref, r, seat, hand, seed):
    """BasicPlayer(seat) dealt ``hand`` leads a trick: yours, checked with the reference."""
    basic_player = ref.module("whist.basic_player")

    def reference_play():
        player = basic_player.BasicPlayer(seat, r.basic.BasicStrategy(random.Random(seed)))
        for text in hand:
            player.deal_card(r.of(text))
        player.play_card(r.trick.Trick(r.Suit.HEARTS, seat))

    call = (
        f"BasicPlayer({seat}) dealt [{' '.join(hand)}], then play_card(Trick(Suit.HEARTS, {seat}))"
    )
    outcome = reference_outcome(reference_play, ValueError)
    try:
        player = student.pkg.whist.basic_player.BasicPlayer(seat)
        for text in hand:
            student.method(player, "deal_card", card(text))
        got = student.method(player, "play_card", Value("Trick", f"HEARTS|{seat}|"))
    except StudentRaised as error:
        expect_like_reference(call, outcome, functools.partial(_raise, error))
        return
    trick = r.trick.Trick(r.Suit.HEARTS, seat)
    wanted = sorted(c.notation for c in r.basic.basic_choices(r.cards(hand), trick))
    expect_like_reference(call, outcome, lambda: None)
    expect_true(
        type(got) is Value and got.text in wanted,
        f"{call}\n  expected one of: {' '.join(wanted)}\n  got:      {show(got)}",
    )


def _raise(error):
    raise error


answers = st.lists(
    st.one_of(
        st.integers(0, 6).map(str),
        st.sampled_from(["seven", "", "QD", "10h", "as"]),
        st.integers(0, 12),
    ),
    min_size=1,
    max_size=5,
)
"""What a person types: numbers in and out of range, words, notations in either case, and
(an int) the notation of the card that many places into the hand."""


@pytest.mark.part("human")
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 5), typed=answers)
def test_a_person_choosing_like_the_reference(student, ref, r, seed, size, typed):
    """HumanStrategy.choose_card leading, following (a card of another suit typed first) and
    void in the led suit, with numbers, notations, cards not held, and input that ends: the
    same card and as many prompts as the reference."""
    for shape in ("lead", "follow", "void"):
        _person_chooses(student, ref, r, seed, size, typed, shape)


def _person_chooses(student, ref, r, seed, size, typed, shape):
    """One situation of ``shape``, the answers ``typed``: yours against the reference's."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    led = 0 if shape == "lead" else 1 + seed % 3
    hand, trick, rest = deck[:size], deck[size : size + led], deck[size + led :]
    suit = trick[0][-1] if trick else ""
    if shape == "follow":
        hand[0] = next(c for c in rest if c[-1] == suit)
    elif shape == "void":
        hand = [c for c in rest if c[-1] != suit][:size]
    lines = [line if isinstance(line, str) else hand[line % size] for line in typed]
    off_suit = [c for c in hand if c[-1] != suit]
    if shape == "follow" and off_suit:
        lines.insert(0, off_suit[0])  # refused: the hand holds the led suit
    stdin = "".join(f"{line}\n" for line in lines)
    feed = iter(lines)
    prompts = []

    def read(prompt):
        prompts.append(prompt)
        line = next(feed, None)
        if line is None:
            raise EOFError
        return line

    model_trick = r.trick.Trick(r.Suit.CLUBS, 0)
    for seat, text in enumerate(trick):
        model_trick.set_card(seat, r.of(text))
    strategy = ref.module("whist.human_strategy").HumanStrategy(read, lambda line: None)
    expected = reference_outcome(
        lambda: card(strategy.choose_card(r.hand.Hand(r.cards(hand)), model_trick).notation),
        EOFError,
    )
    mine = student.pkg.whist.human_strategy.HumanStrategy()
    run = student.console(
        student.pkg.whist.human_strategy.HumanStrategy.choose_card,
        mine,
        Value("Hand", " ".join(hand)),
        Value("Trick", f"CLUBS|0|{' '.join(trick)}"),
        stdin=stdin,
    )
    call = f"choose_card(hand [{' '.join(hand)}], trick [{' '.join(trick)}]) typing {lines!r}"
    expect_like_reference(call, expected, functools.partial(_result, run))
    prompt = f"Your card (1-{size})"
    expect_equal(run.out.count(prompt), len(prompts), f"{call}: the number of prompts {prompt!r}")


def _result(run):
    if run.raised is not None:
        raise run.raised
    return run.result


SEATINGS = (
    [0, 1, 2, 3],
    [1, 0, 2, 3],
    [0, 1, 2],
    [0, 1],
    [0, 1, 2, 3, 0],
    [0, 0, 2, 3],
    [0, 1, 2, 2],
)
"""The player ids of the players given to BasicWhist, seat 0 first: four in order, four
out of order or twice, three, two, five."""


@pytest.mark.part("game")
def test_a_game_of_wrong_seats_like_the_reference(student, ref):
    """BasicWhist(players) raises ValueError unless four players sit in seats 0 to 3 in order."""
    basic_player = ref.module("whist.basic_player")
    basic_whist = ref.module("whist.basic_whist")
    for ids in SEATINGS:
        expected = reference_outcome(
            functools.partial(_seated, basic_whist, [basic_player.BasicPlayer(i) for i in ids]),
            ValueError,
        )
        players = [student.pkg.whist.basic_player.BasicPlayer(i) for i in ids]
        expect_like_reference(
            f"BasicWhist([BasicPlayer(i) for i in {ids}], None, None)",
            expected,
            functools.partial(_seated, student.pkg.whist.basic_whist, players),
        )


def _seated(module, players):
    module.BasicWhist(players, None, None)
