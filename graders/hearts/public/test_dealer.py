"""Public tests of Dealer (phase 2): shuffling with its generator, dealing in turn."""

import random

import pytest

from cardlab.testing import cards, expect_equal

pytestmark = pytest.mark.part("dealer")

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [rank + suit for suit in "CDSH" for rank in RANKS]


@pytest.mark.parametrize("seed", [0, 7, 590])
def test_shuffled_deck(student, seed):
    """shuffled_deck() is full_deck() shuffled with the dealer's rng.shuffle."""
    expected = list(DECK)
    random.Random(seed).shuffle(expected)
    dealer = student.pkg.dealer.Dealer("North", student.builtin("Random", seed))
    expect_equal(dealer.shuffled_deck(), cards(" ".join(expected)),
                 f"Dealer('North', Random({seed})).shuffled_deck()")


def test_deal_one_card_at_a_time(student):
    """Card i of the deck goes to player i % 4; everyone holds 13 (their hands sorted)."""
    dealer = student.pkg.dealer.Dealer("North", student.builtin("Random", 0))
    others = [student.pkg.player.Player(n, student.builtin("Random", 0)) for n in ("E", "S", "W")]
    players = [*others, dealer]
    dealer.deal(cards(" ".join(DECK)), players)
    for position, player in enumerate(players):
        mine = [DECK[i] for i in range(position, 52, 4)]
        order = {text: i for i, text in enumerate(DECK)}
        expect_equal(player.hand, cards(" ".join(sorted(mine, key=order.get))),
                     f"hand of player {position} after deal(full deck)")


def test_deal_needs_13_cards_each(student):
    """A deck of the wrong size is refused with ValueError."""
    dealer = student.pkg.dealer.Dealer("North", student.builtin("Random", 0))
    others = [student.pkg.player.Player(n, student.builtin("Random", 0)) for n in ("E", "S", "W")]
    with student.raises("ValueError"):
        dealer.deal(cards(" ".join(DECK[:48])), [dealer, *others])
