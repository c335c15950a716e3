"""Hidden tests of Player and Situation (phase 1): the promises the other player tests do not reach.

The player's name, generator and ``is_human``; ``has_card`` for every card; a deal
refused whole; ``take_cards`` and ``collect`` reading an iterator once; ``choose``
leaving the hand as it was; and ``Situation.legal_plays`` in situations of real games,
compared with the reference.
"""

import random

import hearts_games
import pytest
from hearts_games import DECK

from cardlab.testing import Value, card, cards, expect_equal, expect_true

pytestmark = pytest.mark.part("player")


def situation_value(hand, trick, broken, first):
    return Value(
        "Situation",
        f"{hearts_games.notation(hand)}|{hearts_games.notation(trick)}|{int(broken)}|{int(first)}",
    )


def test_name_generator_and_is_human(student):
    """A Player keeps its name and the very generator it was given; is_human is False."""
    rng = student.builtin("Random", 590)
    player = student.pkg.player.Player("West", rng)
    expect_equal(player.name, "West", "Player('West', rng).name")
    expect_equal(
        student.builtin("is", player.rng, rng), True, "Player('West', rng).rng is the rng given"
    )
    expect_equal(player.is_human, False, "Player('West', rng).is_human")


def test_has_card_for_every_card(student, ref, seeds):
    """has_card is True for the 13 cards dealt and False for the 39 others, then for the played."""
    deck = [c.notation for c in ref.card.full_deck()]
    random.Random(seeds.seed("hearts", "has_card")).shuffle(deck)
    held = deck[:13]
    player = student.pkg.player.Player("North", student.builtin("Random", 0))
    player.take_cards(cards(" ".join(held)))
    for text in DECK:
        expect_equal(
            player.has_card(card(text)),
            text in held,
            f"has_card({text}) holding [{' '.join(held)}]",
        )
    player.play(card(held[0]))
    expect_equal(player.has_card(card(held[0])), False, f"has_card({held[0]}) after playing it")


@pytest.mark.parametrize(
    ("holding", "dealt"), [("2H AS", "3C 3C"), ("2H AS", "3C AS"), ("", "QS 2D QS")]
)
def test_a_refused_deal_adds_nothing(student, holding, dealt):
    """take_cards with a card held or dealt twice raises ValueError and adds nothing."""
    player = student.pkg.player.Player("North", student.builtin("Random", 0))
    player.take_cards(cards(holding))
    before = player.hand
    with student.raises("ValueError"):
        player.take_cards(cards(dealt))
    expect_equal(player.hand, before, f"hand after a refused take_cards([{dealt}])")


def test_choose_leaves_the_hand(student, ref, seeds):
    """choose returns a legal card and leaves the hand and the cards taken as they were."""
    games = hearts_games.game_seeds(seeds, "choose-keeps", 1, 2).values()
    for number, (hand, trick, broken, first) in enumerate(
        hearts_games.situations(ref, games, every=7)
    ):
        player = student.pkg.player.Player("East", student.builtin("Random", number))
        player.take_cards(cards(hearts_games.notation(hand)))
        got = player.choose(situation_value(hand, trick, broken, first))
        legal = ref.canon(ref.rules.legal_plays(hand, trick, broken, first))
        expect_true(
            got in legal,
            f"choose(hand [{hearts_games.notation(hand)}]) returned {got!r}, not a legal card",
        )
        expect_equal(player.hand, ref.canon(hand), "hand after choose (choose does not play)")
        expect_equal(player.taken, [], "taken after choose")


def test_situation_legal_plays(student, ref, seeds):
    """Situation.legal_plays in situations of real games: the reference's cards, sorted."""
    games = hearts_games.game_seeds(seeds, "situation", 1, 2).values()
    for hand, trick, broken, first in hearts_games.situations(ref, games, every=6):
        value = situation_value(hand, trick, broken, first)
        expected = ref.canon(ref.player.Situation(hand, trick, broken, first).legal_plays)
        expect_equal(
            student.attr(value, "legal_plays"),
            expected,
            f"Situation(hand [{hearts_games.notation(hand)}], trick "
            f"[{hearts_games.notation(trick)}], {broken}, {first}).legal_plays",
        )


def test_take_cards_from_any_iterable(student, ref, seeds):
    """take_cards accepts any iterable of cards, an iterator read once included."""
    deck = [c.notation for c in ref.card.full_deck()]
    random.Random(seeds.seed("hearts", "iterable")).shuffle(deck)
    dealt = deck[:13]
    player = student.pkg.player.Player("South", student.builtin("Random", 0))
    player.take_cards(student.builtin("iter", cards(" ".join(dealt))))
    expected = ref.canon(ref.rules.sorted_cards([ref.card.Card.from_notation(c) for c in dealt]))
    expect_equal(player.hand, expected, f"hand after take_cards(iter([{' '.join(dealt)}]))")


@pytest.mark.parametrize(
    ("dealt", "passed"), [("2C 9H KS QD", "5C AH 3S"), ("AS KD 4C", "2S QH JD")]
)
def test_cards_taken_later_join_the_sorted_hand(student, ref, dealt, passed):
    """Cards taken into a hand that holds some (cards passed to a player) are sorted in
    among them: the whole hand is in order, not the new cards after the old."""
    player = student.pkg.player.Player("North", student.builtin("Random", 0))
    player.take_cards(cards(dealt))
    player.take_cards(cards(passed))
    whole = [ref.card.Card.from_notation(c) for c in f"{dealt} {passed}".split()]
    expected = ref.canon(ref.rules.sorted_cards(whole))
    expect_equal(player.hand, expected, f"hand after take_cards([{dealt}]), then [{passed}]")


def test_collect_from_any_iterable(student, ref, seeds):
    """collect accepts any iterable of cards, an iterator read once included: every card kept."""
    deck = [c.notation for c in ref.card.full_deck()]
    random.Random(seeds.seed("hearts", "collect-iterable")).shuffle(deck)
    first, second = deck[:4], deck[4:8]
    player = student.pkg.player.Player("East", student.builtin("Random", 0))
    player.collect(student.builtin("iter", cards(" ".join(first))))
    player.collect(student.builtin("iter", cards(" ".join(second))))
    taken = first + second
    points = ref.rules.trick_points([ref.card.Card.from_notation(c) for c in taken])
    call = f"collect(iter([{' '.join(first)}])), then collect(iter([{' '.join(second)}]))"
    expect_equal(player.taken, cards(" ".join(taken)), f"taken after {call}")
    expect_equal(player.points_taken, points, f"points_taken after {call}")
