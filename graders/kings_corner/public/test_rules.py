"""Public tests of the game's rules (phase 3): penalties, the deal, rounds, stalemates, winners."""

import pytest
from kings_corner_setup import make_computer, make_table

from cardlab.testing import cards, expect_equal

pytestmark = pytest.mark.part("rules")

GAME_LIMIT = 25
"""A game ends after the round in which a player's total reaches this."""

MOST_ROUNDS = 60
"""More rounds than any game can take (each round but a stalemate costs somebody points)."""


STUCK = ("9H", "5C", "JD", "2S", "KS", "KC", "KH", "KD")
"""No card of either hand below fits anywhere, and no pile can move."""


def test_penalties(student):
    """A King left in hand costs 10, any other card 1; an empty hand costs 0."""
    for text, points in (("KH", 10), ("QS", 1), ("AC", 1), ("7D", 1)):
        got = student.pkg.player.card_penalty(cards(text)[0])
        expect_equal(got, points, f"card_penalty({text})")
    expect_equal(
        student.pkg.player.hand_penalty(cards("KH KS 2C 9D")), 22, "hand_penalty([KH KS 2C 9D])"
    )
    expect_equal(student.pkg.player.hand_penalty([]), 0, "hand_penalty([])")


def test_game_over_and_winner(student):
    """A game is over at 25 penalty points; fewer points win; equal totals tie."""
    for totals, over in (([24, 24], False), ([25, 3], True), ([0, 31], True)):
        expect_equal(student.pkg.game.is_game_over(totals), over, f"is_game_over({totals})")
    for human, computer, winner in ((3, 25, "You"), (30, 12, "Computer"), (26, 26, None)):
        expect_equal(
            student.pkg.game.game_winner(human, computer),
            winner,
            f"game_winner({human}, {computer})",
        )


def new_game(student, seed=340):
    rng = student.builtin("Random", seed)
    you = student.pkg.computer_player.ComputerPlayer("You", student.builtin("Random", 1))
    computer = student.pkg.computer_player.ComputerPlayer("Computer", rng)
    return student.pkg.game.Game(you, computer, rng), you, computer


def test_the_deal(student):
    """The computer deals first: you, the non-dealer, get the first card; piles 1-4 one each."""
    game, you, computer = new_game(student)
    expect_equal(student.attr(game.dealer, "name"), "Computer", "Game(...).dealer.name")
    table = game.deal()
    expect_equal(you.hand.cards, cards("KD 7C 9H QS QC 2D TH"), "seed 340: your hand")
    expect_equal(
        computer.hand.cards, cards("JH 8H 8C 5D 8D TS 4D"), "seed 340: the computer's hand"
    )
    expect_equal(
        [pile.cards for pile in table.piles],
        [cards("7D"), cards("TC"), cards("AS"), cards("4H"), [], [], [], []],
        "seed 340: the eight piles",
    )
    expect_equal(len(table.draw_pile), 34, "seed 340: len(table.draw_pile)")


def test_a_whole_game(student):
    """Seed 340, two computers: the deal alternates, penalties add up, the game ends at 25.

    Your computer may choose otherwise than ours within a step, so the rounds it plays
    here are its own: each round's penalties must be what the hands left hold, and the
    totals their sums.  (The hidden tests play whole games with our computer player and
    compare every number with ours.)
    """
    game, you, computer = new_game(student)
    dealers = ("Computer", "You")
    totals = [0, 0]
    for number in range(1, MOST_ROUNDS + 1):
        expect_equal(game.is_over, False, f"before round {number}: game.is_over")
        dealer = dealers[(number - 1) % 2]
        expect_equal(student.attr(game.dealer, "name"), dealer, f"round {number}: the dealer")
        penalties = game.play_round()
        expect_equal(
            penalties,
            [you.penalty(), computer.penalty()],
            f"round {number}: game.play_round(), the penalties of the hands left",
        )
        totals = [total + points for total, points in zip(totals, penalties, strict=True)]
        expect_equal(game.penalties, totals, f"after round {number}: game.penalties")
        if max(totals) >= GAME_LIMIT:
            break
    expect_equal(game.is_over, True, f"after round {number}, totals {totals}: game.is_over")
    game.new_game()
    expect_equal(
        [game.penalties, student.attr(game.dealer, "name")],
        [[0, 0], dealers[number % 2]],
        "after new_game(): [penalties, the dealer] (the deal keeps alternating)",
    )


def test_a_stalemate(student):
    """Nobody can move and the draw pile is empty: play_round returns True, hands kept."""
    table = make_table(student, STUCK, "")
    first, second = make_computer(student, "8H 3C"), make_computer(student, "4C 6D 7H")
    expect_equal(
        student.pkg.game.play_round(table, first, second),
        True,
        "play_round(table, first, second) with no move for anybody",
    )
    expect_equal([first.penalty(), second.penalty()], [2, 3], "[first.penalty(), second.penalty()]")


def test_a_round_ends_when_a_hand_is_empty(student):
    """The first player lays its last card: play_round returns False at once."""
    table = make_table(student, ("9H", "5C", "JD", "2S", "KS", "", "", ""), "4S 7D")
    first, second = make_computer(student, "8S"), make_computer(student, "QS 6D")
    expect_equal(student.pkg.game.play_round(table, first, second), False, "play_round(...)")
    expect_equal(
        [first.hand.cards, second.hand.cards, len(table.draw_pile)],
        [[], cards("QS 6D"), 2],
        "[first's hand, second's hand, len(draw_pile)]",
    )
