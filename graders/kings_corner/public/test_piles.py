"""Public tests of the piles (phase 1): CardPile, LaydownPile, PlayerHand, DrawPile."""

import pytest

from cardlab.testing import card, cards, expect_equal

pytestmark = pytest.mark.part("piles")

# DrawPile.shuffled(random.Random(seed)).cards, bottom first (the last card is on top)
SHUFFLED = {
    1: "JS TC QH TD 3C KH 7D QC TH 6C 4H KS 5S 3D JD 8S 9S 9D 2S AS KC QS 7H 8D KD AH "
    "9H JC 8H 4C 6D 2D 5D 6S AC 2H 4S 2C 7S 7C AD QD 3S 5H 3H 6H 8C 4D 5C TS JH 9C",
    340: "5H 5S QH AD KS AH 2H KC 4C 6D 3S KH JD 9D 3C 4S 7S TD QD 8S 2S JS 5C JC 3D 6C "
    "3H 9S 2C AC 6H 7H 6S 9C 4H AS TC 7D 4D TH TS 2D 8D QC 5D QS 8C 9H 8H 7C JH KD",
}


def pile(student, number, text=""):
    return student.pkg.piles.LaydownPile(number, cards(text))


def test_card_pile_basics(student):
    """A CardPile keeps its cards bottom first; top, bottom, len, in, add, remove, clear."""
    made = student.pkg.piles.CardPile(cards("8S 7H"))
    expect_equal(made.cards, cards("8S 7H"), "CardPile([8S, 7H]).cards")
    expect_equal(
        [made.top, made.bottom, len(made)],
        [card("7H"), card("8S"), 2],
        "CardPile([8S, 7H]): [top, bottom, len]",
    )
    made.add(card("2C"))
    expect_equal(made.cards, cards("8S 7H 2C"), "after add(2C): cards")
    expect_equal(card("7H") in made, True, "7H in the pile")
    made.remove(card("7H"))
    expect_equal(made.cards, cards("8S 2C"), "after remove(7H): cards")
    with student.raises("IllegalMove"):
        made.remove(card("KD"))
    expect_equal(made.clear(), cards("8S 2C"), "clear() returns the cards")
    expect_equal(
        [made.is_empty, made.top, made.bottom],
        [True, None, None],
        "after clear(): [is_empty, top, bottom]",
    )


def test_the_course_example_piles(student):
    """The piles of the course's example prompt are valid piles."""
    for number, text in (
        (1, "8S 7H 6C 5D"),
        (2, "AD"),
        (3, "JD TC"),
        (4, "6H 5S 4D 3S"),
        (5, "KH"),
        (6, "KS QH JS TD 9S"),
    ):
        expect_equal(
            pile(student, number, text).cards, cards(text), f"LaydownPile({number}, [{text}]).cards"
        )


@pytest.mark.parametrize(
    ("number", "text", "laid", "ok"),
    [
        (1, "8S 7H 6C 5D", "4S", True),
        (1, "8S 7H 6C 5D", "4D", False),
        (2, "AD", "KS", False),
        (3, "JD TC", "9H", True),
        (3, "JD TC", "9C", False),
        (3, "JD TC", "8H", False),
        (4, "", "QD", True),
        (5, "", "QD", False),
        (7, "", "KC", True),
        (8, "", "KH", True),
        (6, "KS QH JS TD 9S", "8D", True),
        (6, "KS QH JS TD 9S", "8S", False),
    ],
)
def test_can_take_and_lay(student, number, text, laid, ok):
    """A pile takes one rank lower of the other colour; empty 1-4 any card, empty 5-8 a King."""
    made = pile(student, number, text)
    call = f"LaydownPile({number}, [{text}])"
    expect_equal(made.can_take(card(laid)), ok, f"{call}.can_take({laid})")
    if ok:
        made.lay(card(laid))
        expect_equal(made.top, card(laid), f"{call}.lay({laid}), then top")
    else:
        with student.raises("IllegalMove"):
            made.lay(card(laid))
        expect_equal(made.cards, cards(text), f"{call}.lay({laid}) refused, then cards")


def test_numbers_and_kinds(student):
    """needs_king for 5-8, is_movable for 1-4; a number outside 1-8 raises ValueError."""
    for number in range(1, 9):
        made = pile(student, number)
        expect_equal(
            [made.number, made.needs_king, made.is_movable],
            [number, number >= 5, number <= 4],
            f"LaydownPile({number}): [number, needs_king, is_movable]",
        )
    for number in (0, 9):
        with student.raises("ValueError"):
            student.pkg.piles.LaydownPile(number, [])


def test_a_corner_refuses_a_pile_without_a_king(student):
    """LaydownPile(5, [QH]) raises IllegalMove: a corner must start with a King."""
    with student.raises("IllegalMove"):
        student.pkg.piles.LaydownPile(5, cards("QH"))


def test_move_onto(student):
    """Pile 3 (JD TC) moves onto a black Queen; the cards keep their order, pile 3 ends empty."""
    source, target = pile(student, 3, "JD TC"), pile(student, 6, "KH QS")
    expect_equal(source.can_move_onto(target), True, "pile 3 [JD TC].can_move_onto(pile 6 [KH QS])")
    source.move_onto(target)
    expect_equal(
        [target.cards, source.cards],
        [cards("KH QS JD TC"), []],
        "after the move: [pile 6 cards, pile 3 cards]",
    )


@pytest.mark.parametrize(
    ("source", "text", "target", "onto"),
    [
        (
            5,
            "KH QS",
            1,
            "",
        ),  # a corner never moves
        (1, "JD TC", 2, "QH"),  # the colours do not alternate
        (2, "", 3, "8C"),  # an empty pile does not move
        (1, "9H", 6, ""),  # an empty corner takes only a King
    ],
)
def test_refused_moves(student, source, text, target, onto):
    """Refused pile moves: can_move_onto is False and move_onto raises IllegalMove."""
    first, second = pile(student, source, text), pile(student, target, onto)
    call = f"pile {source} [{text}] onto pile {target} [{onto}]"
    expect_equal(first.can_move_onto(second), False, f"{call}: can_move_onto")
    with student.raises("IllegalMove"):
        first.move_onto(second)
    expect_equal([first.cards, second.cards], [cards(text), cards(onto)], f"{call}, refused: cards")


def test_hand_is_shown_sorted(student):
    """PlayerHand.sorted_cards: highest first, as in the course's prompt."""
    hand = student.pkg.piles.PlayerHand(cards("6D 2S TH KC 9D QS"))
    expect_equal(
        hand.sorted_cards,
        cards("KC QS TH 9D 6D 2S"),
        "PlayerHand([6D 2S TH KC 9D QS]).sorted_cards",
    )
    expect_equal(hand.cards, cards("6D 2S TH KC 9D QS"), "and its cards keep their order")
    with student.raises("IllegalMove"):
        hand.add(card("TH"))


def test_standard_draw_pile(student):
    """DrawPile.standard(): 52 cards, Ace of Clubs at the bottom, King of Spades on top."""
    made = student.pkg.piles.DrawPile.standard()
    expect_equal(
        [len(made), made.bottom, made.top],
        [52, card("AC"), card("KS")],
        "DrawPile.standard(): [len, bottom, top]",
    )
    expect_equal(made.draw(), card("KS"), "DrawPile.standard().draw()")


@pytest.mark.parametrize("seed", sorted(SHUFFLED))
def test_shuffled(student, seed):
    """DrawPile.shuffled(random.Random(seed)) shuffles the standard list once with rng.shuffle."""
    made = student.pkg.piles.DrawPile.shuffled(student.builtin("Random", seed))
    expect_equal(
        made.cards, cards(SHUFFLED[seed]), f"DrawPile.shuffled(random.Random({seed})).cards"
    )


def test_drawing_from_an_empty_pile(student):
    """draw() on an empty DrawPile raises IllegalMove."""
    with student.raises("IllegalMove"):
        student.pkg.piles.DrawPile([]).draw()


def test_deal(student):
    """deal: 7 each, the non-dealer first, then one card on each of piles 1-4; 34 left."""
    draw_pile = student.pkg.piles.DrawPile.shuffled(student.builtin("Random", 340))
    first, second = student.pkg.piles.PlayerHand([]), student.pkg.piles.PlayerHand([])
    piles = [pile(student, number) for number in (1, 2, 3, 4)]
    draw_pile.deal(first, second, piles)
    expect_equal(first.cards, cards("KD 7C 9H QS QC 2D TH"), "seed 340: the non-dealer's hand")
    expect_equal(second.cards, cards("JH 8H 8C 5D 8D TS 4D"), "seed 340: the dealer's hand")
    expect_equal(
        [p.cards for p in piles],
        [cards("7D"), cards("TC"), cards("AS"), cards("4H")],
        "seed 340: piles 1 to 4",
    )
    expect_equal([len(draw_pile), draw_pile.top], [34, card("9C")], "seed 340: [len, top] left")
