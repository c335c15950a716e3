"""Hidden tests of ``Table.is_legal`` at the ends of the pile numbers (phase 1).

Dealt tables seldom make a lay or a pile move legal on pile 1 or pile 8 (a dealt corner
is empty and takes only a King), so the set positions here make such moves legal: a
King to lay on an empty pile 8, a pile 1 with a King at its bottom, a pile moved onto
pile 1 or onto a non-empty pile 8.  On each, ``is_legal`` must answer every lay of
every card held (and of one card not held) and every pile move, naming piles -1 to 9,
as the reference does.
"""

import pytest
from kings_corner_setup import describe_table, make_hand, make_table

from cardlab.testing import expect_equal

pytestmark = pytest.mark.part("table")

NUMBERS = range(-1, 10)
"""The pile numbers named: 1 to 8, and the wrong ones on either side."""

POSITIONS = {
    "king on pile 1, corners empty": (
        ("KS", "QD", "9H", "", "", "", "", ""),
        "KD QH 8S 4C",
        "2C",
    ),
    "pile 8 not empty": (
        ("JS", "5D", "", "8C", "KH", "", "", "KC QD"),
        "JC TH 7D QS",
        "",
    ),
    "pile 1 onto pile 8, pile 4 onto pile 1": (
        ("QH", "7S", "4D", "JC", "", "KD", "", "KS"),
        "KH TD 3C 6H",
        "9D 2S",
    ),
}
"""Piles bottom first, the hand, and the draw pile (bottom first) of each position."""


def _reference_table(ref, piles, stock):
    card = ref.card.Card.from_notation
    laid = [
        ref.piles.LaydownPile(n, [card(c) for c in text.split()])
        for n, text in enumerate(piles, start=1)
    ]
    return ref.table.Table(ref.piles.DrawPile([card(c) for c in stock.split()]), laid)


def _candidate_moves(ref, held, not_held):
    move = ref.table.Move
    lays = [move.lay(card, number) for card in (*held, not_held) for number in NUMBERS]
    piles = [move.pile(source, target) for source in NUMBERS for target in NUMBERS]
    return [*lays, *piles, move.draw()]


@pytest.mark.weight(2)
@pytest.mark.parametrize("name", list(POSITIONS))
def test_is_legal_names_piles_1_to_8_only(student, ref, name):
    """is_legal on lays and pile moves naming piles -1 to 9, on set positions."""
    piles, hand_text, stock = POSITIONS[name]
    ref_table = _reference_table(ref, piles, stock)
    card = ref.card.Card.from_notation
    held = [card(text) for text in hand_text.split()]
    ref_hand = ref.piles.PlayerHand(held)
    not_held = card("AH")
    table, hand = make_table(student, piles, stock), make_hand(student, hand_text)
    where = f"on this position ({name}):\n{describe_table(piles, hand_text, stock)}"
    for move in _candidate_moves(ref, held, not_held):
        expect_equal(
            table.is_legal(hand, move),
            ref_table.is_legal(ref_hand, move),
            f"table.is_legal(hand, {move.notation!r}) {where}",
        )
