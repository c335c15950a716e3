"""Public tests of Table and Move (phase 1): lays, pile moves and draws through apply."""

import pytest
from kings_corner_setup import EXAMPLE

from cardlab.testing import Value, card, cards, expect_equal

pytestmark = pytest.mark.part("table")


def move(text):
    return Value("Move", text)


def example_table(student, stock="2C 3C"):
    piles = [
        student.pkg.piles.LaydownPile(number, cards(text))
        for number, text in enumerate(EXAMPLE, start=1)
    ]
    return student.pkg.table.Table(student.pkg.piles.DrawPile(cards(stock)), piles)


def pile_cards(table):
    return [pile.cards for pile in table.piles]


def test_moves_and_their_notation(student):
    """Move.lay, Move.pile and Move.draw, their notation and from_notation (either case)."""
    Move = student.pkg.table.Move
    expect_equal(Move.lay(card("7H"), 3), move("L 7H 3"), "Move.lay(7H, 3)")
    expect_equal(Move.pile(1, 5), move("M 1 5"), "Move.pile(1, 5)")
    expect_equal(Move.draw(), move("D"), "Move.draw()")
    expect_equal(student.attr(move("L 7H 3"), "notation"), "L 7H 3", "Move L 7H 3 .notation")
    for text, expected in (("l 7h 3", "L 7H 3"), ("M 1   5", "M 1 5"), ("d", "D")):
        expect_equal(Move.from_notation(text), move(expected), f"Move.from_notation({text!r})")
    for text in ("X", "L 7H", "M 1 x", "L 1X 3", ""):
        with student.raises("ValueError"):
            Move.from_notation(text)


def test_a_new_table(student):
    """Table(): eight empty piles numbered 1 to 8, an empty draw pile, no moves."""
    table = student.pkg.table.Table()
    expect_equal([pile.number for pile in table.piles], list(range(1, 9)), "Table().piles numbers")
    expect_equal([len(table.draw_pile), table.moves], [0, []], "Table(): [len(draw_pile), moves]")


def test_lay_and_draw(student):
    """A lay moves the card from the hand to the pile; a draw takes the top card; both recorded."""
    table = example_table(student)
    hand = student.pkg.piles.PlayerHand(cards("4S 9H KC"))
    table.apply(hand, move("L 4S 1"))
    table.lay(hand, card("9H"), 3)
    expect_equal(table.draw(hand), card("3C"), "table.draw(hand) with 2C 3C to draw")
    expect_equal(hand.cards, cards("KC 3C"), "the hand after L 4S 1, L 9H 3, D")
    expect_equal(table.pile(1).cards, cards("8S 7H 6C 5D 4S"), "pile 1 after L 4S 1")
    expect_equal(table.moves, [move("L 4S 1"), move("L 9H 3"), move("D")], "table.moves")


def test_pile_move(student):
    """Refused pile moves raise IllegalMove; M 3 5 after L QC 5 puts JD TC on the Queen."""
    table = example_table(student)
    hand = student.pkg.piles.PlayerHand(cards("QC"))
    for refused in ("M 3 2", "M 4 1", "M 5 7", "M 6 7", "M 7 1"):
        with student.raises("IllegalMove"):
            table.apply(hand, move(refused))
    table.apply(hand, move("L QC 5"))
    table.move(3, 5)
    expect_equal(
        pile_cards(table)[2:5],
        [[], cards("6H 5S 4D 3S"), cards("KH QC JD TC")],
        "piles 3, 4, 5 after L QC 5, M 3 5",
    )
    expect_equal(table.moves, [move("L QC 5"), move("M 3 5")], "table.moves")


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        ("4S", "L 4D 1"),  # not in the hand
        ("4D", "L 4D 1"),  # does not fit
        ("QD", "L QD 7"),  # an empty corner takes a King only
        ("4S", "L 4S 9"),  # no pile 9
    ],
)
def test_refused_lays_change_nothing(student, hand, text):
    """A refused lay raises IllegalMove and changes no pile, no hand and no move."""
    table = example_table(student)
    held = student.pkg.piles.PlayerHand(cards(hand))
    with student.raises("IllegalMove"):
        table.apply(held, move(text))
    expect_equal(
        [pile_cards(table), held.cards, table.moves],
        [[cards(t) for t in EXAMPLE], cards(hand), []],
        f"after the refused {text}",
    )


def test_drawing_from_an_empty_draw_pile(student):
    """D with an empty draw pile raises IllegalMove."""
    table = example_table(student, stock="")
    with student.raises("IllegalMove"):
        table.draw(student.pkg.piles.PlayerHand([]))


def test_pile_lines(student):
    """pile_lines(table): ``Pile N:`` then the cards bottom first, as in the course prompt."""
    expect_equal(
        student.pkg.table.pile_lines(example_table(student)),
        [
            "Pile 1: 8S 7H 6C 5D",
            "Pile 2: AD",
            "Pile 3: JD TC",
            "Pile 4: 6H 5S 4D 3S",
            "Pile 5: KH",
            "Pile 6: KS QH JS TD 9S",
            "Pile 7:",
            "Pile 8:",
        ],
        "pile_lines(table)",
    )
