"""Public tests of Card (phase 2): fields, points, strength, notation, who wins a round."""

import pytest

from cardlab.testing import card, expect_equal, expect_true, member

pytestmark = pytest.mark.part("card")

SUIT_BY_LETTER = {"S": "SPADES", "H": "HEARTS", "C": "CLUBS", "D": "DIAMONDS"}

# rank, points, strength -- weakest rank first
RANKS = [
    ("2", 0, 0), ("3", 0, 1), ("4", 0, 2), ("5", 0, 3), ("6", 0, 4),
    ("Q", 2, 5), ("J", 3, 6), ("K", 4, 7), ("7", 10, 8), ("A", 11, 9),
]
# one card of each rank, the suits taking turns
CARDS_OF_EACH_RANK = [rank + "SHCD"[i % 4] for i, (rank, _, _) in enumerate(RANKS)]

# follower, led, trump letter, does the follower win?
BEATS = [
    ("AS", "7S", "H", True),    # same suit, stronger: the Ace tops the 7
    ("7S", "KS", "H", True),    # the 7 ranks above the King
    ("JS", "QS", "H", True),    # the Jack ranks above the Queen
    ("3C", "2C", "H", True),
    ("KS", "7S", "H", False),   # same suit, weaker
    ("QS", "JS", "H", False),
    ("7D", "AD", "C", False),
    ("2H", "AS", "H", True),    # any trump wins a non-trump
    ("2D", "7C", "D", True),
    ("AS", "2H", "H", False),   # a non-trump never wins a trump
    ("AC", "2S", "H", False),   # another non-trump suit loses, however strong
    ("7D", "4C", "S", False),
    ("3H", "2H", "H", True),    # two trumps: the stronger wins
    ("2H", "3H", "H", False),
    ("KH", "AH", "H", False),
]


def suit(letter):
    return member("Suit", SUIT_BY_LETTER[letter])


def shown(text):
    """``Card('Q', Suit.SPADES)``, how a card is built in Python."""
    return f"Card({text[:-1]!r}, Suit.{SUIT_BY_LETTER[text[-1]]})"


def test_fields(student):
    """A card keeps the rank and suit it was made with."""
    made = student.pkg.card.Card("Q", suit("S"))
    expect_equal(made, card("QS"), "Card('Q', Suit.SPADES) (read back by rank and suit)")
    expect_equal(student.attr(made, "rank"), "Q", "Card('Q', Suit.SPADES).rank")
    expect_equal(student.attr(made, "suit"), suit("S"), "Card('Q', Suit.SPADES).suit")


@pytest.mark.weight(0.3)
@pytest.mark.parametrize(
    ("text", "points"), [(c, r[1]) for c, r in zip(CARDS_OF_EACH_RANK, RANKS, strict=True)]
)
def test_points(student, text, points):
    """A card scores the points of its rank."""
    expect_equal(student.attr(card(text), "points"), points, f"{shown(text)}.points")


@pytest.mark.weight(0.2)
@pytest.mark.parametrize(
    ("text", "strength"), [(c, r[2]) for c, r in zip(CARDS_OF_EACH_RANK, RANKS, strict=True)]
)
def test_strength(student, text, strength):
    """A card's strength is the place of its rank in RANKS, 0 for a 2 up to 9 for an Ace."""
    expect_equal(student.attr(card(text), "strength"), strength, f"{shown(text)}.strength")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize("text", ["QS", "7H", "AD", "2C", "KC", "JH"])
def test_notation(student, text):
    """A card's notation is its rank then its suit's letter."""
    expect_equal(student.attr(card(text), "notation"), text, f"{shown(text)}.notation")


@pytest.mark.weight(0.25)
@pytest.mark.parametrize(
    ("text", "expected"), [("QS", "Q♠"), ("7H", "7♥"), ("AD", "A♦"), ("2C", "2♣")]
)
def test_str(student, text, expected):
    """str(card) is its rank then its suit's symbol."""
    expect_equal(student.builtin("str", card(text)), expected, f"str({shown(text)})")


@pytest.mark.weight(0.2)
@pytest.mark.parametrize(
    ("text", "expected"),
    [("QS", "QS"), ("7H", "7H"), ("AD", "AD"), ("2C", "2C"),
     ("qs", "QS"), ("Qs", "QS"), ("aD", "AD"), (" QS ", "QS"), ("7h\n", "7H")],
)
def test_from_notation(student, text, expected):
    """Card.from_notation reads a notation, ignoring case and surrounding whitespace."""
    got = student.pkg.card.Card.from_notation(text)
    expect_equal(got, card(expected), f"Card.from_notation({text!r})")


BAD_NOTATIONS = ["", "Q", "S", "1S", "10S", "QX", "SQ", "QSS", "Q S", "Queen of Spades"]


@pytest.mark.weight(0.15)
@pytest.mark.parametrize("text", BAD_NOTATIONS, ids=[repr(t) for t in BAD_NOTATIONS])
def test_from_notation_rejects(student, text):
    """Card.from_notation raises ValueError for text that is not a card's notation."""
    with student.raises("ValueError"):
        student.pkg.card.Card.from_notation(text)


@pytest.mark.weight(0.2)
@pytest.mark.parametrize("rank", ["1", "10", "q", "B", ""], ids=repr)
def test_unknown_rank(student, rank):
    """Card(rank, suit) raises ValueError for a rank that is not in RANKS."""
    with student.raises("ValueError"):
        student.pkg.card.Card(rank, suit("S"))


@pytest.mark.weight(0.25)
@pytest.mark.parametrize("bad_suit", ["S", "SPADES", 1, None], ids=repr)
def test_suit_must_be_a_suit(student, bad_suit):
    """Card(rank, suit) raises TypeError when suit is not a Suit."""
    with student.raises("TypeError"):
        student.pkg.card.Card("Q", bad_suit)


@pytest.mark.weight(2)
def test_equal_cards(student):
    """Cards with the same rank and suit are equal and hash alike; others differ."""
    expect_equal(student.builtin("eq", card("QS"), card("QS")), True, "QS == QS")
    expect_equal(student.builtin("eq", card("QS"), card("QH")), False, "QS == QH")
    expect_equal(student.builtin("eq", card("QS"), card("KS")), False, "QS == KS")
    first = student.builtin_int("hash", card("7D"))
    second = student.builtin_int("hash", card("7D"))
    expect_true(first == second, f"hash(7D) gave {first} for one 7D and {second} for another")


@pytest.mark.weight(0.5)
def test_immutable(student):
    """A card is immutable: setting its rank raises an error."""
    with student.raises("AttributeError"):
        student.method(card("QS"), "__setattr__", "rank", "A")


@pytest.mark.weight(0.3)
@pytest.mark.parametrize(
    ("follower", "led", "trump", "wins"),
    BEATS,
    ids=[f"{f}-on-{led}-trump-{t}" for f, led, t, _ in BEATS],
)
def test_beats(student, follower, led, trump, wins):
    """card.beats(led, trump) says whether the card played second wins the round."""
    got = student.method(card(follower), "beats", card(led), suit(trump))
    expect_equal(
        got, wins, f"{shown(follower)}.beats({shown(led)}, Suit.{SUIT_BY_LETTER[trump]})"
    )
