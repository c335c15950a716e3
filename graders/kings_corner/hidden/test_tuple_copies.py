"""Hidden tests of the properties documented as tuples (phase 1).

``CardPile.cards``, ``PlayerHand.sorted_cards``, ``Table.moves`` and ``Table.piles`` are
documented as tuples; ``cards`` is a copy, so code outside the pile can neither change
the pile through it nor be surprised when the pile changes. Their type and independence
are read in the worker, where your objects are (``expect_tuple``, ``expect_copy``).
"""

import pytest

from cardlab.testing import card, cards, expect_copy, expect_tuple, expect_unchanged_by


@pytest.mark.part("piles")
def test_piles_give_tuples(student):
    """CardPile.cards and PlayerHand.sorted_cards are tuples."""
    pile = student.pkg.piles.CardPile(cards("KS QH"))
    expect_tuple(student, pile, "cards", "pile", "CardPile([KS, QH])")
    hand = student.pkg.piles.PlayerHand(cards("4S KC 9H"))
    made = "PlayerHand([4S, KC, 9H])"
    for name in ("cards", "sorted_cards"):
        expect_tuple(student, hand, name, "hand", made)


@pytest.mark.part("piles")
def test_pile_cards_is_a_copy(student):
    """Changing what CardPile.cards gave leaves the pile as it was."""
    pile = student.pkg.piles.CardPile(cards("KS QH"))
    expect_copy(student, pile, "cards", "pile", "CardPile([KS, QH])")
    hand = student.pkg.piles.PlayerHand(cards("4S KC 9H"))
    expect_copy(student, hand, "cards", "hand", "PlayerHand([4S, KC, 9H])")


@pytest.mark.part("piles")
def test_a_sorted_view_leaves_the_hand_in_its_order(student):
    """PlayerHand.sorted_cards sorts a copy: the hand's cards keep the order they came in."""
    hand = student.pkg.piles.PlayerHand(cards("4S KC 9H 2D"))
    expect_unchanged_by(
        student,
        hand,
        lambda: student.attr(hand, "cards"),
        between=lambda: student.attr(hand, "sorted_cards"),
        call="PlayerHand([4S, KC, 9H, 2D]).sorted_cards",
        what="the order of the hand's cards",
    )


MADE_TABLE = "Table(DrawPile([2C, 3C])), then table.draw(PlayerHand([4S]))"


def table_after_a_draw(student):
    """A table with one move recorded: a draw."""
    table = student.pkg.table.Table(student.pkg.piles.DrawPile(cards("2C 3C")))
    table.draw(student.pkg.piles.PlayerHand([card("4S")]))
    return table


@pytest.mark.part("table")
def test_table_gives_tuples(student):
    """Table.moves and Table.piles are tuples."""
    table = table_after_a_draw(student)
    for name in ("moves", "piles"):
        expect_tuple(student, table, name, "table", MADE_TABLE)


@pytest.mark.part("table")
def test_table_moves_is_a_copy(student):
    """Changing what Table.moves gave leaves the table's record of moves as it was."""
    expect_copy(student, table_after_a_draw(student), "moves", "table", MADE_TABLE)
