"""Hidden tests of promises of ``Table`` that the dealt tables do not reach (phase 1).

``apply`` refuses a lay of a card the hand does not hold, even on a pile that would take
it, and a move of a kind that is none of ``LAY``, ``MOVE`` and ``DRAW``, with an
``IllegalMove`` that leaves the table, the hand and the moves unchanged; and
``str(table)`` is the eight ``pile_lines``, one a line; and ``Table(draw_pile, piles)``
takes any iterable of piles (``Iterable[LaydownPile]``), a generator read once included.
"""

import pytest
from kings_corner_setup import EXAMPLE, make_hand, make_table

from cardlab.testing import Value, cards, expect_equal

pytestmark = pytest.mark.part("table")

HAND = "KC QS TH 9D 6D 2S"


@pytest.mark.parametrize("lay", ["L 9H 3", "L 4C 1", "L KD 7", "L 2H 4"])
def test_a_lay_of_a_card_not_held_is_refused(student, lay):
    """apply(hand, a lay of a card not held) raises IllegalMove and changes nothing."""
    table, hand = make_table(student, EXAMPLE, "2C 4S"), make_hand(student, HAND)
    before = [student.pkg.table.pile_lines(table), hand.cards, table.moves]
    with student.raises("IllegalMove"):
        table.apply(hand, Value("Move", lay))
    expect_equal(
        [student.pkg.table.pile_lines(table), hand.cards, table.moves],
        before,
        f"after apply(hand, {lay!r}) with the hand {HAND} on the course's example: "
        "[pile_lines(table), hand.cards, table.moves], as before",
    )


@pytest.mark.parametrize("kind", ["X", "l", ""])
def test_a_move_of_no_known_kind_is_refused(student, kind):
    """apply(hand, Move(kind)) with a kind not L, M or D raises IllegalMove, changes nothing."""
    table, hand = make_table(student, EXAMPLE, "2C 4S"), make_hand(student, HAND)
    before = [student.pkg.table.pile_lines(table), hand.cards, table.moves]
    with student.raises("IllegalMove"):
        table.apply(hand, student.call_kept(student.pkg.table.Move, kind))
    expect_equal(
        [student.pkg.table.pile_lines(table), hand.cards, table.moves],
        before,
        f"after apply(hand, Move({kind!r})) on the course's example: "
        "[pile_lines(table), hand.cards, table.moves], as before",
    )


def test_str_of_a_table_is_its_pile_lines(student):
    """str(table) is the eight pile_lines joined by newlines."""
    table = make_table(student, EXAMPLE, "2C")
    expect_equal(
        student.builtin("str", table),
        "\n".join(student.pkg.table.pile_lines(table)),
        "str(table) on the course's example, against '\\n'.join(pile_lines(table))",
    )


def test_the_piles_may_come_from_an_iterator(student):
    """Table(draw_pile, iter(piles)) holds the eight piles: an iterator is read only once."""
    piles = [
        student.call_kept(student.pkg.piles.LaydownPile, n, cards(text))
        for n, text in enumerate(EXAMPLE, start=1)
    ]
    table = student.pkg.table.Table(Value("DrawPile", "2C"), student.builtin("iter", piles))
    expect_equal(
        student.pkg.table.pile_lines(table),
        [f"Pile {n}: {text}".rstrip() for n, text in enumerate(EXAMPLE, start=1)],
        "Table(DrawPile([2C]), iter(piles)) with the eight piles of the course's example: "
        "pile_lines(table)",
    )
