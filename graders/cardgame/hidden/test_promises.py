"""Hidden tests of promises that no other test checks (found by the promise audit).

Each test checks one promise of a docstring of the methods you write: the hash of a
card is that of the pair (suit, rank); == and < leave a non-card to answer for itself,
and take a card of a subclass of Card as a card; ``Trick.play`` leaves the hand to the
game, and its IllegalMove says what was wrong; a clone is a game of the same variation,
and the original keeps its players; a computer player plays a whole game for its
player. The audit is ``docs/instructors/promises.md``.
"""

import random
import re

import cardgame_play
import pytest
from cardgame_setup import (
    DECK,
    ILLEGAL_MOVE,
    clone_of,
    make_player,
    play_moves,
    seat,
    suit,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import (
    Handle,
    StudentRaised,
    card,
    cards,
    expect_equal,
    expect_true,
    member,
    misbehaving,
    show,
)

MOST_CARDS_PER_HASH = 2
"""The hash of the pair (suit, rank) gives 52 cards (almost surely) 52 values."""


@pytest.mark.part("cards")
def test_hash_spreads_the_deck(student):
    """Card.__hash__ is that of the pair (suit, rank): the 52 cards spread over many values."""
    by_hash = {}
    for text in DECK:
        by_hash.setdefault(student.builtin_int("hash", card(text)), []).append(text)
    crowded = max(by_hash.values(), key=len)
    expect_true(
        len(crowded) <= MOST_CARDS_PER_HASH,
        f"hash(card) over the 52 cards: {len(by_hash)} different values; "
        f"{', '.join(crowded)} all hash to the same value (hash the pair (suit, rank))",
    )


@pytest.mark.part("illegal-moves")
def test_play_leaves_the_hand_to_the_game(student):
    """Trick.play adds the card to the trick and leaves it in the player's hand."""
    trick = student.pkg.trick.Trick(seat("N"), suit("H"))
    player = make_player(student, "N", "2H 3H KS")
    trick.play(player, card("3H"))
    call = "Trick(NORTH, trumps Hearts).play(NORTH holding 2H 3H KS, 3H)"
    expect_equal(trick.cards, cards("3H"), f"{call}; then trick.cards")
    expect_equal(sorted(player.hand), cards("2H 3H KS"), f"{call}; then the hand, sorted")


VARIATIONS = ("ClassicWhist", "SingleHandWhist", "KnockOutWhist")


@pytest.mark.part("cloning")
def test_a_clone_is_a_new_game_of_the_same_variation(student):
    """game.clone() is another object, of the class of the game cloned, in every variation."""
    for variation in VARIATIONS:
        game = student.get(f"variations.{variation}")()
        twin = game.clone()
        call = f"{variation}().clone()"
        expect_true(type(twin) is Handle, f"{call} gave {show(twin)}: return the new game")
        expect_equal(twin.type_name, variation, f"{call}: the class of the clone")
        expect_equal(student.builtin("is", twin, game), False, f"{call} is the game itself")


SEAT_LETTERS = "NESW"


# -- Part 1: the other operand of == and < answers when Card returns NotImplemented ----

RANK_NAMES = {"2": "TWO", "Q": "QUEEN", "K": "KING"}


def answering(student, method):
    """An object of no card class whose ``method`` answers True whatever it is handed."""
    return misbehaving(student, None, method, "returns", True)()


@pytest.mark.part("cards")
def test_a_non_card_answers_for_itself(student):
    """Card's == and < return NotImplemented for a non-card, so Python asks the other object."""
    cases = (
        ("eq", "__eq__", "QH == an object whose __eq__ says True"),
        ("lt", "__gt__", "QH < an object whose __gt__ says True"),
    )
    for name, method, call in cases:
        other = answering(student, method)
        try:
            got = student.builtin(name, card("QH"), other)
        except StudentRaised as error:
            got = f"raised {error.type_name}: {error.message}"
        expect_true(
            got is True,
            f"{call}\n  expected: True\n  got:      {got}\n  return NotImplemented for an "
            "object that is not a card: Python then asks the other object",
        )


def marked_card(student, text):
    """A card of a subclass of Card (a class of no behaviour of its own), kept in the worker."""
    subclass = student.builtin("subclass", student.get("card.Card"), "MarkedCard", {})
    rank = member("Rank", RANK_NAMES[text[:-1]])
    return student.call_kept(subclass, suit(text[-1]), rank)


@pytest.mark.part("cards")
def test_a_card_of_a_subclass_is_a_card(student):
    """A card of a subclass of Card compares as a card: equal by suit and rank, and ordered."""
    marked = {text: marked_card(student, text) for text in ("QH", "2H", "KS")}
    cases = (
        ("eq", marked["QH"], card("QH"), "MarkedCard QH == QH", True),
        ("eq", card("QH"), marked["QH"], "QH == MarkedCard QH", True),
        ("lt", marked["2H"], card("QH"), "MarkedCard 2H < QH", True),
        ("lt", card("QH"), marked["KS"], "QH < MarkedCard KS", True),
        ("lt", marked["KS"], card("QH"), "MarkedCard KS < QH", False),
    )
    for name, left, right, call, wanted in cases:
        try:
            got = student.builtin(name, left, right)
        except StudentRaised as error:
            got = f"raised {error.type_name}: {error.message}"
        expect_true(
            got is wanted,
            f"{call}, where MarkedCard is a subclass of Card\n  expected: {wanted}\n"
            f"  got:      {got}\n  a subclass's cards are cards: test isinstance(other, Card)",
        )


# -- Part 2: what an IllegalMove's message tells ---------------------------------------

SUIT_WORDS = {"H": ("hearts?", "♥"), "C": ("clubs?", "♣"), "D": ("diamonds?", "♦")}
RANK_WORDS = {"K": "King", "9": "Nine"}
SUIT_TITLES = {"H": "Hearts", "C": "Clubs", "D": "Diamonds", "S": "Spades"}
SYMBOLS = {"H": "♥", "C": "♣", "D": "♦", "S": "♠"}


def names_card(text, message):
    """Whether ``message`` names the card ``text`` in words, in short form or in notation."""
    rank, letter = text[:-1], text[-1]
    forms = (
        rf"\b{RANK_WORDS[rank]} of {SUIT_TITLES[letter]}\b",
        re.escape(rank + SYMBOLS[letter]),
        rf"\b{re.escape(text)}\b",
    )
    return any(re.search(form, message, re.IGNORECASE) for form in forms)


def names_suit(letter, message):
    """Whether ``message`` names the suit ``letter`` by its name (either number) or symbol."""
    word, symbol = SUIT_WORDS[letter]
    return symbol in message or re.search(rf"\b{word}\b", message, re.IGNORECASE) is not None


def names_seat(name, message):
    """Whether ``message`` names the seat ``name`` ("East") as a word."""
    return re.search(rf"\b{name}\b", message, re.IGNORECASE) is not None


def refusal_message(student, played, who, hand, text):
    """The message of the IllegalMove your Trick.play raises (trumps Spades, North led)."""
    trick = student.pkg.trick.Trick(seat("N"), suit("S"))
    for letter, played_text in zip(SEAT_LETTERS, played.split(), strict=False):
        trick.play(make_player(student, letter, played_text), card(played_text))
    call = f"Trick(NORTH, trumps Spades) after {played}: play({who} holding {hand}, {text})"
    try:
        trick.play(make_player(student, who[0], hand), card(text))
    except StudentRaised as error:
        if not error.is_a(ILLEGAL_MOVE):
            raise AssertionError(
                f"{call} raised {error.type_name}: {error.message}, not the provided IllegalMove"
            ) from None
        return call, error.message
    raise AssertionError(f"{call} should raise IllegalMove, but it returned without raising")


def says_something(_, message):
    """Whether ``message`` says anything at all."""
    return bool(message.strip())


# Each move breaks one rule only, so that the order of your checks does not matter: the
# cards played to the trick so far, the player, their hand, the card, and what the
# message must name.
MESSAGES = {
    "out of turn": ("5C", "SOUTH", "6C 9D", "6C", names_seat, "East"),
    "out of turn again": ("5C 6C", "NORTH", "KC", "KC", names_seat, "South"),
    "a card not held": ("5C", "EAST", "6C 9D", "KC", names_card, "KC"),
    "another card not held": ("5H", "EAST", "6H", "9H", names_card, "9H"),
    "not following": ("5C", "EAST", "6C 9D", "9D", names_suit, "C"),
    "not following hearts": ("5H 6H", "SOUTH", "KH 9D", "9D", names_suit, "H"),
    "the trick complete": ("5C 6C 9C KC", "NORTH", "6H", "6H", says_something, ""),
}
WHAT = {
    names_seat: "whose turn it is, {}",
    names_card: "the card not held, {}",
    names_suit: "the suit led, {}",
    says_something: "that the trick is complete",
}


@pytest.mark.part("illegal-moves")
@pytest.mark.weight(1 / len(MESSAGES))
@pytest.mark.parametrize("case", list(MESSAGES))
def test_an_illegal_move_says_what_was_wrong(student, case):
    """The IllegalMove's message names whose turn it is, the card not held, or the suit led."""
    played, who, hand, text, says, named = MESSAGES[case]
    call, message = refusal_message(student, played, who, hand, text)
    shown = SUIT_TITLES.get(named, named)
    expect_true(
        says(named, message),
        f"{call}\n  raised IllegalMove({message!r})\n  the message says what was wrong: here "
        + WHAT[says].format(shown),
    )


# -- Part 3: the original keeps its players ---------------------------------------------


@pytest.mark.part("cloning")
@pytest.mark.parametrize("variation", VARIATIONS)
def test_the_original_keeps_its_players_and_hands(student, ref, variation):
    """After clone(), game.player(d) and its hand are the very objects they were before."""
    game = student.get(f"variations.{variation}")()
    game.deal(ref.canon(ref.card.full_deck()))
    play_moves(game, "N:2H E:3H")
    before = {letter: student.call_kept(game.player, seat(letter)) for letter in SEAT_LETTERS}
    hands = {letter: student.attr_kept(before[letter], "hand") for letter in SEAT_LETTERS}
    clone_of(student, game)
    for letter in SEAT_LETTERS:
        after = student.call_kept(game.player, seat(letter))
        call = f"{variation}(), dealt and two cards played; clone(); then game.player({letter})"
        expect_true(
            student.builtin("is", before[letter], after) is True,
            f"{call} is another Player than before the clone: the original keeps its own "
            "players (a computer player made for one of them still plays for it)",
        )
        expect_true(
            student.builtin("is", hands[letter], student.attr_kept(after, "hand")) is True,
            f"{call}.hand is another Hand than before the clone: the original keeps its hands",
        )


# -- Part 4: a computer player plays a whole game for its player -----------------------

HANDS_PLAYED = 2
"""Hands of knock-out whist played with the same computer players: 13 cards, then 12."""


def computer_players(make, game, seats):
    """One SimpleComputerPlayer per seat of ``game``, made once for the whole game."""
    return {seat: make(game.player(seat)) for seat in seats}


@pytest.mark.part("computer-player")
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_same_computer_players_hand_after_hand(student, ref, seed):
    """Made once at the start, each seat's SimpleComputerPlayer chooses like the reference's."""
    rng = random.Random(seed)
    seats = list(ref.player.Direction)
    model = ref.variations.KnockOutWhist()
    game = student.get("variations.KnockOutWhist")()
    ours = computer_players(ref.simple_computer_player.SimpleComputerPlayer, model, seats)
    theirs = computer_players(
        student.pkg.simple_computer_player.SimpleComputerPlayer, game, ref.canon(seats)
    )
    for hand in range(1, HANDS_PLAYED + 1):
        deck = cardgame_play.shuffled_deck(ref, rng)
        model.deal(deck)
        game.deal(ref.canon(deck))
        while not model.is_hand_finished():
            turn = model.next_to_play
            expected = ours[turn].next_card(model.trick)
            call = (
                f"KnockOutWhist, hand {hand} ({trumps_text(model.trumps)}), the computer players "
                f"made at the start of the game; {turn.name} holds "
                f"{cardgame_play.cards_text(ref, model.player(turn).hand)}, the trick so far: "
                f"{cardgame_play.cards_text(ref, model.trick.cards)}; next_card(game.trick)"
            )
            try:
                chosen = theirs[ref.canon(turn)].next_card(game.trick)
            except StudentRaised as error:
                raise AssertionError(f"{call} raised {error.type_name}: {error.message}") from None
            expect_equal(chosen, ref.canon(expected), call)
            model.play(turn, expected)
            game.play(ref.canon(turn), ref.canon(expected))


def trumps_text(trumps):
    """How a hand's trumps read in a message."""
    return f"trumps {trumps}" if trumps is not None else "no trumps"
