"""Public tests of Player (phase 2): taking, playing and collecting cards."""

import pytest

from cardlab.testing import StudentRaised, card, cards, expect_equal, expect_true

pytestmark = pytest.mark.part("player")


def player_holding(student, name, hand):
    """A new player who took the cards of ``hand`` (notation, space-separated), in order."""
    made = student.pkg.player.Player(name)
    for text in hand.split():
        made.take(card(text))
    return made


def test_new_player(student):
    """A new player has its name, an empty hand, no won cards and 0 points."""
    ann = student.pkg.player.Player("Ann")
    expect_equal(ann.name, "Ann", "Player('Ann').name")
    expect_equal(ann.hand, [], "Player('Ann').hand")
    expect_equal(ann.won, [], "Player('Ann').won")
    expect_equal(ann.points, 0, "Player('Ann').points")


def test_str_is_name(student):
    """str(player) is the player's name."""
    expect_equal(
        student.builtin("str", student.pkg.player.Player("Bob")), "Bob", "str(Player('Bob'))"
    )


def test_take_keeps_order(student):
    """take adds each card to the end of the hand."""
    ann = student.pkg.player.Player("Ann")
    ann.take(card("QS"))
    expect_equal(ann.hand, cards("QS"), "after take(QS): hand")
    ann.take(card("7H"))
    ann.take(card("AD"))
    expect_equal(ann.hand, cards("QS 7H AD"), "after take(QS), take(7H), take(AD): hand")


def test_take_into_full_hand(student):
    """take raises ValueError when the hand already holds 3 cards, and keeps the hand."""
    ann = player_holding(student, "Ann", "QS 7H AD")
    with student.raises("ValueError"):
        ann.take(card("2C"))
    expect_equal(ann.hand, cards("QS 7H AD"), "hand after the refused take(2C)")


def test_take_a_card_already_held(student):
    """take raises ValueError for a card already in the hand, and keeps the hand."""
    ann = player_holding(student, "Ann", "QS 7H")
    with student.raises("ValueError"):
        ann.take(card("QS"))
    expect_equal(ann.hand, cards("QS 7H"), "hand after the refused take(QS)")


def test_play_returns_and_removes(student):
    """play removes the card from the hand and returns it; the others keep their order."""
    ann = player_holding(student, "Ann", "QS 7H AD")
    expect_equal(ann.play(card("7H")), card("7H"), "hand [QS, 7H, AD]: play(7H)")
    expect_equal(ann.hand, cards("QS AD"), "hand [QS, 7H, AD]: after play(7H), hand")
    expect_equal(ann.play(card("QS")), card("QS"), "hand [QS, AD]: play(QS)")
    expect_equal(ann.hand, cards("AD"), "hand [QS, AD]: after play(QS), hand")


def test_play_then_take_again(student):
    """After playing a card, the player can take a new one (even the same card again)."""
    ann = player_holding(student, "Ann", "QS 7H AD")
    ann.play(card("QS"))
    ann.take(card("2C"))
    expect_equal(ann.hand, cards("7H AD 2C"), "after play(QS), take(2C): hand")
    ann.play(card("2C"))
    ann.take(card("2C"))
    expect_equal(ann.hand, cards("7H AD 2C"), "after play(2C), take(2C): hand")


def test_play_a_card_not_held(student):
    """play raises ValueError for a card not in the hand, and keeps the hand."""
    ann = player_holding(student, "Ann", "QS 7H")
    with student.raises("ValueError"):
        ann.play(card("AD"))
    expect_equal(ann.hand, cards("QS 7H"), "hand after the refused play(AD)")
    with student.raises("ValueError"):
        student.pkg.player.Player("Bob").play(card("QS"))


SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


@pytest.mark.weight(0.5)
def test_error_messages_name_card_and_player(student):
    """The ValueErrors of take and play hold the card (QS or Q♠) and the player's name."""
    ann = player_holding(student, "Ann", "QS 7H AD")
    for method, text in (("take", "2C"), ("take", "QS"), ("play", "KC")):
        call = f"Player('Ann') holding [QS, 7H, AD]: {method}({text})"
        try:
            getattr(ann, method)(card(text))
        except StudentRaised as error:
            message = error.message
        else:
            raise AssertionError(f"{call} should raise ValueError, but returned normally")
        names_card = text in message or text[0] + SYMBOLS[text[1]] in message
        expect_true(
            names_card and "Ann" in message,
            f"{call} raised ValueError({message!r}); the message should name the card "
            f"({text}) and the player (Ann)",
        )


def test_collect(student):
    """collect adds won cards to the pile in order and counts their points."""
    ann = student.pkg.player.Player("Ann")
    ann.collect(cards("AS 7S"))
    expect_equal(ann.won, cards("AS 7S"), "after collect([AS, 7S]): won")
    expect_equal(ann.points, 21, "after collect([AS, 7S]): points")
    ann.collect(cards("2C KH"))
    expect_equal(ann.won, cards("AS 7S 2C KH"), "after collect([AS, 7S]), collect([2C, KH]): won")
    expect_equal(ann.points, 25, "after collect([AS, 7S]), collect([2C, KH]): points")
    ann.collect(cards("QD JD 3H 6C"))
    expect_equal(ann.points, 30, "after also collect([QD, JD, 3H, 6C]): points")


def test_collect_leaves_the_hand(student):
    """collect changes neither the hand nor, for pointless cards, the points."""
    ann = player_holding(student, "Ann", "QS 7H")
    ann.collect(cards("2S 3S"))
    expect_equal(ann.hand, cards("QS 7H"), "hand [QS, 7H]: after collect([2S, 3S]), hand")
    expect_equal(ann.points, 0, "after collect([2S, 3S]): points")
    expect_equal(ann.won, cards("2S 3S"), "after collect([2S, 3S]): won")


@pytest.mark.weight(2)
def test_hand_is_a_copy(student):
    """hand is a copy: a view the (provided) Board took before a move keeps its cards."""
    ann, bob = student.pkg.player.Player("Ann"), student.pkg.player.Player("Bob")
    deck = student.pkg.deck.Deck(cards("AS 2H 7C KD 3S QH JC 5H"))
    board = student.pkg.board.Board([ann, bob], deck, 0)
    view = board.view_for(ann)
    board.play(card("3S"))
    expect_equal(
        view.hand, cards("AS 7C 3S"),
        "Ann holds [AS, 7C, 3S]: view = board.view_for(Ann), then board.play(3S): view.hand "
        "(Player.hand must return a copy, not the list the player keeps)",
    )
