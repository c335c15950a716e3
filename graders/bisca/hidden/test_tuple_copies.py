"""Hidden tests of the properties documented as tuples (phases 2 and 3).

A property such as ``Player.won`` is documented as ``tuple[Card, ...]``, a copy: code
outside the player can neither change the player's cards through it nor be surprised
when they change. Its type and its independence are read in the worker, where your
objects are (``expect_tuple``, ``expect_copy``).
"""

import pytest

from cardlab.testing import Handle, card, expect_copy, expect_tuple, show


@pytest.fixture
def ann(student):
    """Player('Ann') holding QS and 7H, who has collected AS and 2D."""
    player = student.pkg.player.Player("Ann")
    player.take(card("QS"))
    player.take(card("7H"))
    player.collect([card("AS"), card("2D")])
    return player


MADE_ANN = "Player('Ann'), then take(QS), take(7H), collect([AS, 2D])"


@pytest.mark.part("player")
def test_player_gives_tuples(student, ann):
    """Player.hand and Player.won are tuples."""
    for name in ("hand", "won"):
        expect_tuple(student, ann, name, "player", MADE_ANN)


@pytest.mark.part("player")
def test_player_gives_copies(student, ann):
    """Changing what Player.hand or Player.won gave leaves the player as it was."""
    for name in ("hand", "won"):
        expect_copy(student, ann, name, "player", MADE_ANN)


MADE_DECK = "Deck([QS, 7H, AD])"


@pytest.mark.part("deck")
def test_deck_cards_is_a_tuple(student):
    """Deck.cards is a tuple."""
    deck = student.pkg.deck.Deck([card("QS"), card("7H"), card("AD")])
    expect_tuple(student, deck, "cards", "deck", MADE_DECK)


@pytest.mark.part("deck")
def test_deck_cards_is_a_copy(student):
    """Changing what Deck.cards gave leaves the deck as it was."""
    deck = student.pkg.deck.Deck([card("QS"), card("7H"), card("AD")])
    expect_copy(student, deck, "cards", "deck", MADE_DECK)


MADE_BOARD = (
    "Board([Player('Ann'), Player('Bob')], Deck.standard(), 0), then five cards played, "
    "each the first of its player's hand"
)


def board_after_two_rounds_and_a_card(student):
    """A standard deck's board after two rounds, each player's first card, and one more."""
    players = [student.pkg.player.Player("Ann"), student.pkg.player.Player("Bob")]
    board = student.pkg.board.Board(players, student.pkg.deck.Deck.standard(), 0)
    for played in range(5):
        to_play = board.to_play
        hand = to_play.hand if type(to_play) is Handle else None
        if not hand:
            raise AssertionError(
                f"{MADE_BOARD}: after {played} cards, board.to_play gave {show(to_play)}, "
                f"whose hand is {show(hand)}"
            )
        board.play(hand[0])
    return board, players


@pytest.mark.part("board")
def test_board_gives_tuples(student):
    """Board.players, table, rounds and scores are tuples."""
    board, _ = board_after_two_rounds_and_a_card(student)
    for name in ("players", "table", "rounds", "scores"):
        expect_tuple(student, board, name, "board", MADE_BOARD)


@pytest.mark.part("board")
def test_board_rounds_is_a_copy(student):
    """Changing what Board.rounds gave leaves the board's record of rounds as it was."""
    board, _ = board_after_two_rounds_and_a_card(student)
    expect_copy(student, board, "rounds", "board", MADE_BOARD)


@pytest.mark.part("board")
def test_views_hold_tuples(student):
    """The card fields of a PlayerView are tuples, as PlayerView declares them."""
    board, players = board_after_two_rounds_and_a_card(student)
    view = board.view_for(players[1])
    made = f"board.view_for(Bob), where board = {MADE_BOARD}"
    for name in ("hand", "table", "played", "legal_cards"):
        expect_tuple(student, view, name, "view", made)
