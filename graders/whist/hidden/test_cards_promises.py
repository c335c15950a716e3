"""Hidden tests of the cards package's promises that the other phase-1 tests do not reach.

Cards loaded from a pickle that still compare, ``full_deck`` and ``check_format`` called
on their own; a deck made without a generator, its two iterators and ``remove``, a loaded
deck that can shuffle again; a hand refusing what is not a card, removing from the end,
leaving the hands it is given alone, and its ``repr``.
"""

import pytest
from whist_ref import ALL_CARDS

from cardlab.testing import (
    StudentRaised,
    card,
    cards,
    expect_equal,
    expect_true,
    expect_unchanged_by,
    member,
)

NATURAL = " ".join(
    text for place in range(4) for text in ALL_CARDS[13 * place : 13 * place + 13][::-1]
)
"""The 52 cards in the natural order: spades, hearts, diamonds, clubs, each Ace down."""


@pytest.mark.part("card")
@pytest.mark.weight(2)
def test_loaded_cards_still_compare(student):
    """Cards loaded from a pickle keep their place in the natural order (sorted, <)."""
    hand = student.pkg.cards.hand.Hand(cards("2C 10D AS QH 10S"))
    loaded = student.builtin("pickle_loads", student.builtin("pickle_dumps", hand))
    expect_equal(
        student.builtin("sorted", loaded),
        cards("AS 10S QH 10D 2C"),
        "sorted(cards of a hand loaded from a pickle)",
    )


@pytest.mark.part("card")
def test_full_deck_is_a_new_list_in_the_natural_order(student):
    """full_deck() gives the 52 cards, Ace of Spades first, in a new list each time."""
    first = student.pkg.cards.card.full_deck()
    expect_equal(first, cards(NATURAL), "full_deck()")
    expect_equal(student.pkg.cards.card.full_deck(), cards(NATURAL), "full_deck() called again")


@pytest.mark.part("card")
@pytest.mark.parametrize(
    ("state", "what"),
    [({}, "no format version"), ({"format": 101}, "format 101"), ("AS", "not a mapping")],
)
def test_check_format_refuses_another_version(student, state, what):
    """check_format raises pickle.UnpicklingError for a state of another or no version."""
    with student.raises("UnpicklingError"):
        student.pkg.cards.card.check_format(state, 100, "Card")


@pytest.mark.part("card")
def test_check_format_names_both_versions(student):
    """The message of a refused format gives the version found and the one expected."""
    call = "check_format({'format': 7}, 100, 'Card')"
    try:
        student.pkg.cards.card.check_format({"format": 7}, 100, "Card")
    except StudentRaised as error:
        expect_true(
            "7" in error.message and "100" in error.message,
            f"{call} said {error.message!r}: expected both versions, 7 and 100",
        )
        return
    raise AssertionError(f"{call} raised nothing")


@pytest.mark.part("card")
def test_check_format_accepts_its_own_version(student):
    """check_format returns None for the version expected."""
    got = student.pkg.cards.card.check_format({"format": 100}, 100, "Card")
    expect_equal(got, None, "check_format({'format': 100}, 100, 'Card')")


@pytest.mark.part("deck")
def test_a_deck_without_a_generator(student):
    """Deck() makes its own generator: 52 different cards, and new_deck() shuffles again."""
    deck = student.pkg.cards.deck.Deck()
    held = student.builtin("list", deck)
    expect_equal(
        sorted(getattr(c, "text", repr(c)) for c in held), sorted(ALL_CARDS), "the cards of Deck()"
    )
    student.method(deck, "deal")
    student.method(deck, "new_deck")
    expect_equal(student.method(deck, "size"), 52, "Deck().size() after a deal and new_deck()")


@pytest.mark.part("deck")
@pytest.mark.weight(2)
def test_a_sorted_walk_leaves_the_deck_in_its_order(student):
    """sorted_cards() walks a sorted copy: the deck still deals in its shuffled order."""
    deck = student.pkg.cards.deck.Deck(student.builtin("Random", 5))
    student.method(deck, "deal")
    expect_unchanged_by(
        student,
        deck,
        lambda: student.builtin("list", deck),
        between=lambda: student.builtin("list", student.method(deck, "sorted_cards")),
        call="list(deck.sorted_cards())",
        what="the order the cards will be dealt in",
    )


@pytest.mark.part("deck")
def test_the_deck_walks_with_its_own_iterators(student):
    """iter(deck) is a DealIterator, deck.sorted_cards() a SortedIterator."""
    module = student.pkg.cards.deck
    deck = module.Deck(student.builtin("Random", 1))
    expect_true(
        student.builtin("isinstance", student.builtin("iter", deck), module.DealIterator),
        "iter(deck) should be a DealIterator",
    )
    expect_true(
        student.builtin("isinstance", student.method(deck, "sorted_cards"), module.SortedIterator),
        "deck.sorted_cards() should be a SortedIterator",
    )


@pytest.mark.part("deck")
@pytest.mark.weight(2)
def test_remove_takes_out_the_card_last_returned(student, r):
    """After next() twice, remove() takes the second card out of the deck; then next()
    goes on from the card after it."""
    order = r.deal(13)
    deck = student.pkg.cards.deck.Deck(student.builtin("Random", 13))
    walker = student.pkg.cards.deck.DealIterator(deck)
    student.builtin("next", walker)
    student.builtin("next", walker)
    student.method(walker, "remove")
    expect_equal(
        student.builtin("list", deck),
        cards(" ".join(order[:1] + order[2:])),
        "the deck after next(), next() and remove()",
    )
    expect_equal(student.builtin("next", walker), card(order[2]), "next() after remove()")


@pytest.mark.part("deck")
@pytest.mark.parametrize("nexts", [0, 1, 2])
def test_remove_needs_a_card_returned_since_the_last_remove(student, nexts):
    """remove() raises RuntimeError before any next(), and a second time in a row."""
    deck = student.pkg.cards.deck.Deck(student.builtin("Random", 3))
    walker = student.pkg.cards.deck.DealIterator(deck)
    for _ in range(nexts):
        student.builtin("next", walker)
    if nexts:
        student.method(walker, "remove")
    with student.raises("RuntimeError"):
        student.method(walker, "remove")
    expect_equal(student.builtin("len", deck), 52 - min(nexts, 1), "len(deck) after the refusal")


@pytest.mark.part("deck")
def test_a_loaded_deck_shuffles_again(student):
    """A deck loaded from a pickle deals, and new_deck() gives it all 52 cards again."""
    deck = student.pkg.cards.deck.Deck(student.builtin("Random", 8))
    student.method(deck, "deal")
    loaded = student.builtin("pickle_loads", student.builtin("pickle_dumps", deck))
    student.method(loaded, "new_deck")
    held = student.builtin("list", loaded)
    expect_equal(
        sorted(getattr(c, "text", repr(c)) for c in held),
        sorted(ALL_CARDS),
        "a loaded deck after new_deck()",
    )
    expect_equal(student.builtin("len", deck), 51, "the deck pickled, after its copy's new_deck()")


@pytest.mark.part("hand")
def test_a_hand_refuses_what_is_not_a_card(student):
    """add("QS") raises TypeError; add_cards stops at a non-card, the cards before it kept."""
    hand = student.pkg.cards.hand.Hand(cards("2C"))
    with student.raises("TypeError"):
        student.method(hand, "add", "QS")
    with student.raises("TypeError"):
        student.method(hand, "add_cards", [card("AS"), "QS", card("3D")])
    expect_equal(student.builtin("list", hand), cards("2C AS"), "the hand after the refusals")
    expect_equal(student.attr(hand, "total"), 13, "the total after the refusals")
    expect_equal(
        student.method(hand, "count_suit", member("Suit", "SPADES")), 1, "count_suit(SPADES)"
    )


@pytest.mark.part("hand")
def test_remove_at_counts_from_the_end(student):
    """remove_at(-1) removes and returns the last card, and the counts follow."""
    hand = student.pkg.cards.hand.Hand(cards("AS 10H 3D"))
    expect_equal(student.method(hand, "remove_at", -1), card("3D"), "remove_at(-1)")
    expect_equal(student.attr(hand, "total"), 21, "the total after remove_at(-1)")
    expect_equal(
        student.method(hand, "count_suit", member("Suit", "DIAMONDS")), 0, "count_suit(DIAMONDS)"
    )


@pytest.mark.part("hand")
def test_hands_given_are_left_alone(student):
    """add_hand, remove_hand and Hand(other) do not change the hand they are given."""
    module = student.pkg.cards.hand
    other = module.Hand(cards("KH 4S"))
    hand = module.Hand(cards("KH 9C"))
    student.method(hand, "add_hand", other)
    student.method(hand, "remove_hand", other)
    module.Hand(other)
    expect_equal(student.builtin("list", other), cards("KH 4S"), "the hand given, afterwards")
    expect_equal(student.attr(other, "total"), 14, "the hand given: its total")


@pytest.mark.part("hand")
@pytest.mark.parametrize("texts", ["", "10D 10S 2C", "AH"])
def test_repr_like_the_reference(student, r, texts):
    """repr of a hand is e.g. "Hand(10D 10S 2C)": the cards in notation."""
    model = r.hand.Hand(r.cards(texts))
    hand = student.pkg.cards.hand.Hand(cards(texts))
    expect_equal(student.builtin("repr", hand), repr(model), f"repr(Hand([{texts}]))")


@pytest.mark.part("card")
def test_a_card_cannot_be_changed(student):
    """A card is immutable: setting its rank or suit raises AttributeError."""
    for field, value in (("rank", member("Rank", "TWO")), ("suit", member("Suit", "CLUBS"))):
        with student.raises("AttributeError"):
            student.builtin("setattr", card("AS"), field, value)


@pytest.mark.part("card")
def test_max_walks_an_iterator_once(student):
    """Card.max takes any iterable, an iterator included, and walks it once."""
    walker = student.builtin("iter", cards("4H QS 10D QC"))
    expect_equal(
        student.pkg.cards.card.Card.max(walker), card("QS"), "Card.max(iter([4H QS 10D QC]))"
    )


@pytest.mark.part("hand")
def test_a_copy_keeps_its_own_counts(student):
    """Removing a card from Hand(other) leaves other's counts and total alone."""
    original = student.pkg.cards.hand.Hand(cards("AS 2C 9S"))
    copy = student.pkg.cards.hand.Hand(original)
    student.method(copy, "remove", card("AS"))
    student.method(copy, "add", card("KH"))
    for suit, count in (("SPADES", 2), ("HEARTS", 0)):
        expect_equal(
            student.method(original, "count_suit", member("Suit", suit)),
            count,
            f"the original's count_suit(Suit.{suit}) after changing its copy",
        )
    expect_equal(student.attr(original, "total"), 22, "the original's total after its copy changed")


@pytest.mark.part("hand")
def test_a_hand_added_to_itself_doubles(student):
    """add_cards(hand) of the hand itself adds each of its cards once, in order."""
    hand = student.pkg.cards.hand.Hand(cards("AS 2C"))
    student.method(hand, "add_cards", hand)
    expect_equal(student.builtin("list", hand), cards("AS 2C AS 2C"), "hand.add_cards(hand)")
    expect_equal(student.attr(hand, "total"), 26, "the total after hand.add_cards(hand)")


@pytest.mark.part("hand")
def test_a_hand_removed_from_itself_is_empty(student):
    """remove_hand(hand) of the hand itself removes every card and returns True."""
    hand = student.pkg.cards.hand.Hand(cards("AS 2C 7D"))
    expect_equal(student.method(hand, "remove_hand", hand), True, "hand.remove_hand(hand)")
    expect_equal(student.builtin("list", hand), [], "the hand after hand.remove_hand(hand)")
    expect_equal(student.attr(hand, "total"), 0, "the total after hand.remove_hand(hand)")


@pytest.mark.part("hand")
def test_a_card_by_its_position(student):
    """hand[0] is the first card added, hand[-1] the last; hand[5] raises IndexError."""
    hand = student.pkg.cards.hand.Hand(cards("AS 10H 3D"))
    expect_equal(student.builtin("getitem", hand, 0), card("AS"), "hand[0]")
    expect_equal(student.builtin("getitem", hand, -1), card("3D"), "hand[-1]")
    with student.raises("IndexError"):
        student.builtin("getitem", hand, 5)
