"""Hidden tests of the piles and the table (phase 1): seeded shuffles, sorting, pile lines."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, cards, expect_equal

ALL_CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


@pytest.mark.part("piles")
@pytest.mark.weight(2)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_shuffled_like_the_reference(student, ref, seed):
    """DrawPile.shuffled(random.Random(seed)).cards is the reference's, for any seed."""
    expected = ref.canon(ref.piles.DrawPile.shuffled(random.Random(seed)).cards)
    got = student.pkg.piles.DrawPile.shuffled(student.builtin("Random", seed)).cards
    expect_equal(got, expected, f"DrawPile.shuffled(random.Random({seed})).cards")


@pytest.mark.part("piles")
@settings(max_examples=15)
@given(hand=st.lists(st.sampled_from(ALL_CARDS), max_size=15, unique=True))
def test_sorted_hand_like_the_reference(student, ref, hand):
    """PlayerHand(cards).sorted_cards is the reference's: highest first."""
    text = " ".join(hand)
    expected = ref.canon(
        ref.piles.PlayerHand([ref.card.Card.from_notation(t) for t in hand]).sorted_cards
    )
    expect_equal(
        student.pkg.piles.PlayerHand(cards(text)).sorted_cards,
        expected,
        f"PlayerHand([{text}]).sorted_cards",
    )


@pytest.mark.part("table")
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_pile_lines_like_the_reference(student, ref, seed):
    """pile_lines of a dealt table is the reference's."""
    rng = random.Random(seed)
    ref_draw = ref.piles.DrawPile.shuffled(rng)
    ref_table = ref.table.Table(ref_draw)
    ref_draw.deal(ref.piles.PlayerHand(), ref.piles.PlayerHand(), ref_table.piles[:4])
    draw = student.pkg.piles.DrawPile.shuffled(student.builtin("Random", seed))
    table = student.pkg.table.Table(draw)
    draw.deal(student.pkg.piles.PlayerHand([]), student.pkg.piles.PlayerHand([]), table.piles[:4])
    expect_equal(
        student.pkg.table.pile_lines(table),
        ref.table.pile_lines(ref_table),
        f"pile_lines(table) after dealing DrawPile.shuffled(random.Random({seed}))",
    )


def _ref_cards(ref, text):
    return [ref.card.Card.from_notation(t) for t in text.split()]


@pytest.mark.part("piles")
def test_iterating_a_pile_walks_a_copy(student, ref):
    """iter(pile) walks a copy: cards added or removed afterwards do not change it."""
    pile = student.pkg.piles.CardPile(cards("2C 3D 4H"))
    walk = student.builtin("iter", pile)
    pile.add(cards("5S")[0])
    pile.remove(cards("2C")[0])
    expect_equal(
        student.builtin("list", walk),
        ref.canon(_ref_cards(ref, "2C 3D 4H")),
        "it = iter(CardPile([2C, 3D, 4H])); pile.add(5S); pile.remove(2C); list(it)",
    )


@pytest.mark.part("piles")
def test_a_pile_keeps_a_list_of_its_own(student, ref):
    """CardPile(cards) copies the cards: adding to the pile or taking from it leaves them."""
    given = student.builtin_kept("list", cards("2C 3D 4H"))
    pile = student.pkg.piles.CardPile(given)
    pile.add(cards("5S")[0])
    pile.remove(cards("3D")[0])
    expect_equal(
        student.builtin("list", given),
        ref.canon(_ref_cards(ref, "2C 3D 4H")),
        "cards = [2C, 3D, 4H]; pile = CardPile(cards); pile.add(5S); pile.remove(3D); cards",
    )


@pytest.mark.part("piles")
@pytest.mark.parametrize("taken", ["2C", "3D", "4H"])
def test_remove_returns_the_card(student, ref, taken):
    """CardPile.remove returns the card taken out; the others keep their order."""
    pile = student.pkg.piles.CardPile(cards("2C 3D 4H"))
    call = f"CardPile([2C, 3D, 4H]).remove({taken})"
    expect_equal(pile.remove(cards(taken)[0]), ref.canon(_ref_cards(ref, taken)[0]), call)
    rest = " ".join(t for t in ("2C", "3D", "4H") if t != taken)
    expect_equal(pile.cards, ref.canon(tuple(_ref_cards(ref, rest))), f"{call}, then .cards")


@pytest.mark.part("piles")
@settings(max_examples=15)
@given(
    pile=st.lists(st.sampled_from(ALL_CARDS), max_size=8, unique=True),
    kind=st.sampled_from(["CardPile", "PlayerHand", "DrawPile"]),
)
def test_str_like_the_reference(student, ref, pile, kind):
    """str of a pile, a hand or the draw pile is the reference's (notation, spaces)."""
    text = " ".join(pile)
    expected = str(getattr(ref.piles, kind)(_ref_cards(ref, text)))
    expect_equal(
        student.builtin("str", getattr(student.pkg.piles, kind)(cards(text))),
        expected,
        f"str({kind}([{text}]))",
    )


REFUSED_LAYS = [(1, "9H", "9C"), (3, "KD", "QD"), (5, "", "QS"), (8, "", "2H"), (6, "KS", "JH")]
"""(pile number, its cards, a card it refuses)."""


@pytest.mark.part("piles")
@pytest.mark.parametrize(("number", "text", "refused"), REFUSED_LAYS)
def test_a_refused_lay_names_the_card_and_the_pile(student, number, text, refused):
    """LaydownPile.lay raises IllegalMove whose message names the card and the pile."""
    pile = student.pkg.piles.LaydownPile(number, cards(text))
    call = f"LaydownPile({number}, [{text}]).lay({refused})"
    try:
        pile.lay(cards(refused)[0])
    except StudentRaised as error:
        if not error.is_a("IllegalMove"):
            raise AssertionError(
                f"{call} raised {error.type_name} (expected IllegalMove)"
            ) from None
        if refused not in error.message or str(number) not in error.message:
            raise AssertionError(
                f"{call} raised IllegalMove({error.message!r}): the message should name the "
                f"card {refused} and the pile {number}"
            ) from None
        return
    raise AssertionError(f"{call} laid the card (expected IllegalMove)")


MOVES = [("lay", ("7H", 3)), ("lay", ("KS", 8)), ("pile", (1, 5)), ("pile", (4, 2)), ("draw", ())]


@pytest.mark.part("table")
@pytest.mark.parametrize(("kind", "args"), MOVES, ids=repr)
def test_move_notation_and_str_like_the_reference(student, ref, kind, args):
    """Move.notation and str(move) are the reference's for lays, pile moves and draws."""
    ref_args = tuple(ref.card.Card.from_notation(a) if isinstance(a, str) else a for a in args)
    expected = getattr(ref.table.Move, kind)(*ref_args).notation
    move = getattr(student.pkg.table.Move, kind)(
        *(cards(a)[0] if isinstance(a, str) else a for a in args)
    )
    call = f"Move.{kind}({', '.join(map(str, args))})"
    expect_equal(student.attr(move, "notation"), expected, f"{call}.notation")
    expect_equal(student.builtin("str", move), expected, f"str({call})")


@settings(max_examples=40)
@given(text=st.text(alphabet="LMDlmd 1357HKS", max_size=9))
@pytest.mark.part("table")
def test_move_from_notation_like_the_reference(student, ref, text):
    """Move.from_notation reads and refuses the texts the reference does."""
    call = f"Move.from_notation({text!r})"
    try:
        expected = ref.canon(ref.table.Move.from_notation(text))
    except ValueError:
        with student.raises("ValueError"):
            student.pkg.table.Move.from_notation(text)
        return
    try:
        got = student.pkg.table.Move.from_notation(text)
    except StudentRaised as error:
        raise AssertionError(
            f"{call}\n  expected: {expected!r}\n  got:      raised {error.type_name}: "
            f"{error.message}"
        ) from None
    expect_equal(got, expected, call)


@pytest.mark.part("table")
@pytest.mark.parametrize(
    "numbers",
    [[2, 1, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7, 8, 1]],
    ids=repr,
)
def test_table_refuses_piles_not_numbered_1_to_8(student, numbers):
    """Table(piles=...) raises ValueError unless the piles are numbered 1 to 8 in order."""
    piles = [student.pkg.piles.LaydownPile(number) for number in numbers]
    with student.raises("ValueError"):
        student.pkg.table.Table(student.pkg.piles.DrawPile([]), piles)


@pytest.mark.part("table")
def test_table_pile_finds_piles_1_to_8_and_refuses_others(student):
    """Table.pile(n) is the pile numbered n for 1 to 8; 0, 9, -1 and "1" raise IllegalMove."""
    table = student.pkg.table.Table()
    for number in range(1, 9):
        expect_equal(table.pile(number).number, number, f"Table().pile({number}).number")
    for wrong in (0, 9, -1, "1"):
        with student.raises("IllegalMove"):
            table.pile(wrong)


def _dealt(student, ref, seed):
    """The same dealt table and first hand, in the worker and in the judge."""
    ref_draw = ref.piles.DrawPile.shuffled(random.Random(seed))
    ref_table, ref_hand = ref.table.Table(ref_draw), ref.piles.PlayerHand()
    ref_draw.deal(ref_hand, ref.piles.PlayerHand(), ref_table.piles[:4])
    draw = student.pkg.piles.DrawPile.shuffled(student.builtin("Random", seed))
    table, hand = student.pkg.table.Table(draw), student.pkg.piles.PlayerHand([])
    draw.deal(hand, student.pkg.piles.PlayerHand([]), table.piles[:4])
    return table, hand, ref_table, ref_hand


def _candidate_moves(ref, ref_table, ref_hand):
    """Every lay of a hand card (and of one card not in the hand), every pile move between
    piles 1 to 8, a draw, and moves naming piles 0 and 9."""
    Move = ref.table.Move
    outside = next(
        c for c in ref.piles.DrawPile.shuffled(random.Random(0)).cards if c not in ref_hand
    )
    moves = [
        Move.lay(card, number) for card in (*ref_hand.cards, outside) for number in range(1, 9)
    ]
    moves += [Move.pile(source, target) for source in range(1, 9) for target in range(1, 9)]
    moves += [
        Move.draw(),
        Move.lay(ref_hand.cards[0], 0),
        Move.lay(ref_hand.cards[0], 9),
        Move.pile(0, 1),
        Move.pile(1, 9),
    ]
    return moves


@pytest.mark.part("table")
@pytest.mark.weight(3)
@settings(max_examples=6)
@given(
    seed=st.integers(0, 2**32 - 1), picks=st.lists(st.integers(0, 10**6), min_size=3, max_size=3)
)
def test_is_legal_and_apply_like_the_reference(student, ref, seed, picks):
    """On dealt tables, is_legal answers every candidate move as the reference does; legal
    moves applied leave the piles, the hand and the moves as the reference's."""
    table, hand, ref_table, ref_hand = _dealt(student, ref, seed)
    done = []
    for pick in picks:
        legal = []
        for move in _candidate_moves(ref, ref_table, ref_hand):
            expected = ref_table.is_legal(ref_hand, move)
            where = f"after dealing DrawPile.shuffled(random.Random({seed}))"
            if done:
                where += f" and applying {', '.join(done)}"
            expect_equal(
                table.is_legal(hand, move),
                expected,
                f"table.is_legal(hand, {move.notation!r}) {where}",
            )
            if expected:
                legal.append(move)
        move = legal[pick % len(legal)]
        ref_table.apply(ref_hand, move)
        table.apply(hand, move)
        done.append(move.notation)
        call = f"the table {where}, then apply(hand, {move.notation!r})"
        expect_equal(student.pkg.table.pile_lines(table), ref.table.pile_lines(ref_table), call)
        expect_equal(hand.cards, ref.canon(ref_hand.cards), f"hand.cards after {call}")
        expect_equal(table.moves, ref.canon(ref_table.moves), f"table.moves after {call}")
