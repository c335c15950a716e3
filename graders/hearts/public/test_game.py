"""Public tests of Hearts, the game (phase 2): a seeded game played out, step by step."""

import pytest

from cardlab.testing import Value, card, cards, expect_equal

pytestmark = pytest.mark.part("game")

def new_game(student, seed=11):
    """A game where North deals with Random(seed) and the others have Random(seed + seat)."""
    players = [student.pkg.dealer.Dealer("North", student.builtin("Random", seed))]
    players += [student.pkg.player.Player(name, student.builtin("Random", seed + seat))
                for seat, name in ((1, "East"), (2, "South"), (3, "West"))]
    return student.pkg.game.Hearts(players)


def test_first_hand_is_dealt_and_the_two_of_clubs_leads(student):
    """After the deal, the holder of 2C is to play, and may only play 2C."""
    game = new_game(student)
    seat = game.to_play
    expect_equal(game.legal_plays(), cards("2C"), "legal_plays() at the start of a hand")
    expect_equal(game.events[0], _event("deal", 0), "events[0] of a new game")
    expect_equal(game.tricks_played, 0, "tricks_played at the start")
    expect_equal(game.hearts_broken, False, "hearts_broken at the start")
    expect_equal(game.totals, [0, 0, 0, 0], "totals at the start")
    expect_equal(game.play(card("2C"))[0], _event("lead", seat, "2C"), "play(2C)")


def test_illegal_card_is_refused(student):
    """A card that may not be played raises ValueError, and nothing changes."""
    game = new_game(student)
    seat = game.to_play
    with student.raises("ValueError"):
        game.play(card("AH"))
    expect_equal(game.to_play, seat, "to_play after a refused card")
    expect_equal(game.trick, [], "trick after a refused card")


def test_a_trick_is_taken_and_led_again(student):
    """Four plays make a trick: its taker is to play next, and a TAKE event says so."""
    game = new_game(student)
    events = []
    for _ in range(4):
        events = game.play_turn()
    take = [e for e in events if e.text.startswith("take")]
    expect_equal(len(take), 1, "TAKE events after the fourth card")
    taker = int(take[0].text.split()[1])
    expect_equal(game.to_play, taker, "to_play after a trick")
    expect_equal(game.tricks_played, 1, "tricks_played after a trick")


def test_a_whole_game_ends_over_100(student):
    """play_game plays to the end: a total of 100 or more, and winners with the fewest."""
    game = new_game(student)
    game.play_game()
    totals = game.totals
    expect_equal(game.is_over, True, "is_over after play_game()")
    expect_equal(max(totals) >= 100, True, f"the highest total at the end ({totals})")
    fewest = [seat for seat, total in enumerate(totals) if total == min(totals)]
    expect_equal(game.winners(), fewest, f"winners() with totals {totals}")
    expect_equal(game.to_play, None, "to_play once the game is over")


def _event(kind, seat, text=None, points=0):
    return Value("Event", f"{kind} {seat} {text or '-'} {points}")
