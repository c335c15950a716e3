"""Hidden tests of Player (phase 1): choices in real situations, against the reference."""

import random

import hearts_games
import pytest

from cardlab.testing import Value, cards, expect_equal

pytestmark = pytest.mark.part("player")


def situation_value(hand, trick, broken, first):
    return Value("Situation", f"{hearts_games.notation(hand)}|{hearts_games.notation(trick)}|"
                              f"{int(broken)}|{int(first)}")


@pytest.mark.weight(3)
def test_choose_like_the_reference(student, ref, seeds):
    """choose in situations of real games, with seeded generators: the reference's card."""
    games = hearts_games.game_seeds(seeds, "choose", 1, 3).values()
    for number, (hand, trick, broken, first) in enumerate(hearts_games.situations(ref, games)):
        seed = seeds.seed("hearts", "chooser", number)
        model = ref.player.Player("East", random.Random(seed))
        model.take_cards(hand)
        expected = ref.canon(model.choose(ref.player.Situation(hand, trick, broken, first)))
        player = student.pkg.player.Player("East", student.builtin("Random", seed))
        player.take_cards(cards(hearts_games.notation(hand)))
        got = player.choose(situation_value(hand, trick, broken, first))
        expect_equal(got, expected, f"choose(hand [{hearts_games.notation(hand)}], trick "
                                    f"[{hearts_games.notation(trick)}]) "
                                    f"with generator {number + 1}")


@pytest.mark.weight(2)
def test_hand_and_taken_over_a_hand(student, ref, seeds):
    """A whole dealt hand played out and collected: hand, taken, points as the reference."""
    deck = ref.card.full_deck()
    random.Random(seeds.seed("hearts", "hand")).shuffle(deck)
    hand, pile = deck[:13], deck[13:33]
    model = ref.player.Player("West", random.Random(0))
    player = student.pkg.player.Player("West", student.builtin("Random", 0))
    model.take_cards(hand)
    player.take_cards(cards(hearts_games.notation(hand)))
    dealt = hearts_games.notation(hand)
    expect_equal(player.hand, ref.canon(model.hand), f"hand after take_cards([{dealt}])")
    for card in hand[::2]:
        model.play(card)
        player.play(cards(card.notation)[0])
    expect_equal(player.hand, ref.canon(model.hand), "hand after playing every other card")
    for start in range(0, 20, 4):
        model.collect(pile[start:start + 4])
        player.collect(cards(hearts_games.notation(pile[start:start + 4])))
    expect_equal(player.taken, ref.canon(model.taken), "taken after five tricks")
    expect_equal(player.points_taken, model.points_taken, "points_taken after five tricks")


HANDS_IN_A_ROW = 4
"""Hands the same Player is dealt, plays and scores one after another, as in a game."""


@pytest.mark.weight(2)
def test_hands_in_a_row_on_the_same_player(student, ref, seeds):
    """One Player for several hands, as a game keeps it: after each start_hand, deal, play
    and collect, the hand, the cards taken and their points are the reference's."""
    model = ref.player.Player("North", random.Random(0))
    player = student.pkg.player.Player("North", student.builtin("Random", 0))
    for number in range(1, HANDS_IN_A_ROW + 1):
        deck = ref.card.full_deck()
        random.Random(seeds.seed("hearts", "hands in a row", number)).shuffle(deck)
        hand, pile = deck[:13], deck[13:13 + 4 * number]
        model.start_hand()
        player.start_hand()
        where = f"in hand {number} of the same player, after start_hand()"
        expect_equal(player.hand, ref.canon(model.hand), f"hand {where}")
        expect_equal(player.taken, ref.canon(model.taken), f"taken {where}")
        model.take_cards(hand)
        player.take_cards(cards(hearts_games.notation(hand)))
        for card in hand:
            model.play(card)
            player.play(cards(card.notation)[0])
        for start in range(0, len(pile), 4):
            model.collect(pile[start:start + 4])
            player.collect(cards(hearts_games.notation(pile[start:start + 4])))
        where = f"at the end of hand {number} of the same player"
        expect_equal(player.hand, ref.canon(model.hand), f"hand {where}")
        expect_equal(player.taken, ref.canon(model.taken), f"taken {where}")
        expect_equal(player.points_taken, model.points_taken, f"points_taken {where}")
