"""The card notations and records that codecs compose (cardlab.worker.notation)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

import pytest

from cardlab.judge.reference import Reference
from cardlab.worker.codec import CodecError, Value, load_codec
from cardlab.worker.notation import (
    RANK_NAMES,
    Cards,
    CardsType,
    CardType,
    Flag,
    Member,
    Number,
    OneCard,
    RecordType,
    Word,
    in_order,
    suit_letters,
)


class Suit(enum.Enum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"


class Rank(enum.Enum):
    TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)


@dataclass(frozen=True)
class Card:
    rank: Any
    suit: Any


@dataclass(frozen=True)
class SuitFirst:
    suit: Any
    rank: Any


@dataclass(frozen=True)
class Deal:
    hand: tuple
    trump: Suit
    turned: Card | None
    left: int
    open: bool


class Pile(list):
    pass


PACKAGE = {"card.Card": Card, "card.SuitFirst": SuitFirst, "card.Suit": Suit, "card.Rank": Rank}
PACKAGE |= {"game.Deal": Deal, "game.Pile": Pile, "game.Pair": lambda *fields: fields}
resolve = PACKAGE.__getitem__
LETTERS = suit_letters(*Suit.__members__)
ENUMS = CardType("card.Card", "card.Suit", LETTERS, "card.Rank", RANK_NAMES)
PLAIN = CardType("card.Card")


def test_suit_letters_are_the_first_letters_of_the_names():
    assert LETTERS == {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}


@pytest.mark.parametrize("symbol", RANK_NAMES)
@pytest.mark.parametrize("letter", LETTERS)
def test_a_card_of_enums_round_trips(symbol, letter):
    card = Card(Rank[RANK_NAMES[symbol]], Suit[LETTERS[letter]])
    assert ENUMS.encode(card) == Value("Card", symbol + letter)
    assert ENUMS.decode(symbol + letter, resolve) == card


def test_a_card_of_strings_round_trips_rank_then_suit():
    assert PLAIN.to_text(Card("10", "H")) == "10H"
    assert PLAIN.from_text("10H", resolve) == Card("10", "H")
    mixed = CardType("card.Card", "card.Suit", LETTERS)
    assert mixed.to_text(Card("Q", Suit.SPADES)) == "QS"
    assert mixed.from_text("QS", resolve) == Card("Q", Suit.SPADES)


def test_a_card_may_be_built_suit_first_and_with_a_rank_of_fixed_width():
    first = CardType(
        "card.SuitFirst", "card.Suit", LETTERS, "card.Rank", RANK_NAMES, suit_first=True
    )
    assert first.from_text("10D", resolve) == SuitFirst(Suit.DIAMONDS, Rank.TEN)
    assert first.to_text(SuitFirst(Suit.DIAMONDS, Rank.TEN)) == "10D"
    narrow = CardType("card.Card", rank_width=1)
    assert narrow.from_text("TC", resolve) == Card("T", "C")
    assert narrow.to_text(Card("T", "C")) == "TC"


def test_reading_a_card_is_lenient_and_building_one_refuses_unknown_symbols():
    """An odd card reads as it is (shown to its author); its text builds no card."""
    odd = enum.Enum("Suit", ["spades"])
    assert CardType("card.Card", "card.Suit", LETTERS).to_text(Card("Z", odd.spades)) == "Zs"
    with pytest.raises(KeyError, match="'s'"):
        ENUMS.from_text("Qs", resolve)
    with pytest.raises(KeyError, match="'1'"):
        ENUMS.from_text("1S", resolve)
    with pytest.raises(IndexError):
        ENUMS.from_text("", resolve)
    with pytest.raises(IndexError):
        CardType("card.Card", rank_width=1).from_text("T", resolve)


DEAL = RecordType(
    "game.Deal",
    [
        ("hand", Cards(ENUMS)),
        ("trump", Member("card.Suit")),
        ("turned", OneCard(ENUMS, none="-")),
        ("left", Number()),
        ("open", Flag()),
    ],
)


def test_a_record_round_trips_its_named_fields():
    deal = Deal(
        (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS)), Suit.CLUBS, None, 30, True
    )
    assert DEAL.encode(deal) == Value("Deal", "QS 10H|CLUBS|-|30|1")
    assert DEAL.decode("QS 10H|CLUBS|-|30|1", resolve) == deal
    assert DEAL.decode("|SPADES|AD|0|0", resolve) == Deal(
        (), Suit.SPADES, Card(Rank.ACE, Suit.DIAMONDS), 0, False
    )


def test_a_record_may_be_built_from_its_fields_in_order():
    pair = RecordType(
        "game.Pair", [("kind", Word()), ("seat", Number())], separator=" ", build=in_order
    )
    assert pair.decode("play 2", resolve) == ("play", 2)
    assert pair.to_text(type("Event", (), {"kind": "take", "seat": 1})) == "take 1"


@pytest.mark.parametrize("text", ["QS|CLUBS|-|30", "QS|CLUBS|-|30|1|extra", ""])
def test_a_record_refuses_a_line_of_other_fields(text):
    with pytest.raises(CodecError, match=r"5 fields separated by '\|'"):
        DEAL.decode(text, resolve)


def test_a_record_refuses_a_field_holding_its_separator():
    pair = RecordType("game.Pair", [("kind", Word()), ("seat", Number())], separator=" ")
    with pytest.raises(CodecError, match="the kind of a Pair holds ' '"):
        pair.to_text(type("Event", (), {"kind": "two words", "seat": 1}))


def test_a_container_of_cards_round_trips():
    pile = CardsType("game.Pile", PLAIN)
    built = pile.decode("2C 10H", resolve)
    assert type(built) is Pile and built == [Card("2", "C"), Card("10", "H")]
    assert pile.encode(built) == Value("Pile", "2C 10H")


def _reference(repo, name, package=None, others=None):
    codec = load_codec(repo.graders_dir(name) / "codec.py")
    folder = repo.reference_dir(package or name)
    return Reference(package or name, folder, codec, others), codec


DECKS = {
    "bisca": ("2 3 4 5 6 Q J K 7 A", "SHCD"),
    "hearts": ("2 3 4 5 6 7 8 9 10 J Q K A", "CDSH"),
    "cardgame": ("2 3 4 5 6 7 8 9 10 J Q K A", "HCDS"),
    "kings_corner": ("A 2 3 4 5 6 7 8 9 T J Q K", "CDHS"),
}


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_card_of_an_assignment_keeps_its_notation(repo, name):
    ranks, suits = DECKS[name]
    reference, codec = _reference(repo, name)
    try:
        for text in [rank + suit for rank in ranks.split() for suit in suits]:
            card = codec.decode_value(Value("Card", text), reference.resolve)
            assert reference.canon(card) == Value("Card", text)
    finally:
        reference.close()


def test_whist_cards_hands_and_tricks_keep_their_notation(repo):
    reference, codec = _reference(repo, "whist", "whist", {"cards": repo.reference_dir("cards")})
    try:
        for text in [rank + suit for rank in RANK_NAMES for suit in "SHDC"]:
            card = codec.decode_value(Value("Card", text), reference.resolve)
            assert reference.canon(card) == Value("Card", text)
        hand = codec.decode_value(Value("Hand", "QS 10D"), reference.resolve)
        assert reference.canon(list(hand)) == [Value("Card", "QS"), Value("Card", "10D")]
        trick = codec.decode_value(Value("Trick", "SPADES|3|QH 3H"), reference.resolve)
        assert reference.canon(trick.cards) == [Value("Card", "QH"), Value("Card", "3H")]
        assert (trick.trumps.name, trick.lead_player) == ("SPADES", 3)
    finally:
        reference.close()


def test_bisca_views_and_hearts_records_keep_their_notation(repo):
    bisca, codec = _reference(repo, "bisca")
    try:
        line = "QS 7H 2C|HEARTS|AH|KD|30|3S 4S|11|4"
        view = codec.decode_value(Value("PlayerView", line), bisca.resolve)
        assert codec.types[-1].to_text(view) == line
        assert (view.stock_size, view.my_points, view.opponent_points) == (30, 11, 4)
    finally:
        bisca.close()
    hearts, codec = _reference(repo, "hearts")
    try:
        event = codec.decode_value(Value("Event", "take 1 - 14"), hearts.resolve)
        assert hearts.canon(event) == Value("Event", "take 1 - 14")
        line = "2C QS|10H|1|0"
        situation = codec.decode_value(Value("Situation", line), hearts.resolve)
        assert codec.types[-1].to_text(situation) == line
    finally:
        hearts.close()
