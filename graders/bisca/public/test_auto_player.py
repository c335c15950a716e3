"""Public tests of AutoPlayer (phase 3): a Player whose choices are legal and repeatable.

Any strategy passes these tests, as long as it plays a card of its hand and the same
view always gives the same card. How strong the strategy is, the tournament decides.
"""

import pytest

from cardlab.testing import card, cards, expect_equal, expect_true, member

pytestmark = pytest.mark.part("auto-player")

# Views met in a 40-card game (Deck.shuffled(random.Random(2024)), Diamonds trump).
_PLAYED_26 = (
    "QD 5S 2C 6D 6C 7S 3S AD KS KC QS 3C 4D 2S AC 7H 6S 6H QC 4S 7C 2H 4C KH AS JS"
)
_PLAYED_36 = _PLAYED_26 + " JD 5C 5D 5H 7D 3D QH JH 4H JC"
VIEWS = {
    "leading-first-round": ("QD 2C 7S", "2D", "", 34, "", 0, 0),
    "following-first-round": ("5S 6D 6C", "2D", "QD", 34, "", 0, 0),
    "leading-mid-game": ("JD 5D 7D", "2D", "", 8, _PLAYED_26, 74, 10),
    "following-last-draw": ("JH 4H KD", "2D", "QH", 2, _PLAYED_26 + " JD 5C 5D 5H 7D 3D", 10, 87),
    "leading-stock-empty": ("KD 2D", None, "", 0, _PLAYED_36, 18, 87),
    "following-stock-empty": ("AH 3H", None, "KD", 0, _PLAYED_36, 87, 18),
    "last-card": ("3H", None, "2D", 0, _PLAYED_36 + " KD AH", 87, 33),
}


def make_view(student, name):
    """Build the named view as a PlayerView of the board module, its card fields tuples."""
    hand, trump_card, table, stock_size, played, mine, theirs = VIEWS[name]
    return student.pkg.board.PlayerView(
        hand=tuple(cards(hand)),
        trump=member("Suit", "DIAMONDS"),
        trump_card=card(trump_card) if trump_card else None,
        table=tuple(cards(table)),
        stock_size=stock_size,
        played=tuple(cards(played)),
        my_points=mine,
        opponent_points=theirs,
    )


def described(name):
    hand, trump_card, table, stock_size, *_ = VIEWS[name]
    return (
        f"AutoPlayer('Bot').choose(view with hand [{', '.join(hand.split())}], "
        f"table [{', '.join(table.split())}], trump Diamonds, trump_card {trump_card}, "
        f"stock_size {stock_size})"
    )


def test_is_a_player(student):
    """An AutoPlayer is a Player: a name, a hand, Player's methods, and choose on top."""
    bot = student.pkg.auto_player.AutoPlayer("Bot")
    expect_equal(student.builtin("isinstance", bot, student.pkg.player.Player), True,
                 "isinstance(AutoPlayer('Bot'), Player)")
    expect_equal(bot.name, "Bot", "AutoPlayer('Bot').name")
    bot.take(card("QD"))
    expect_equal(bot.hand, cards("QD"), "AutoPlayer('Bot'): after take(QD), hand")
    choice = bot.choose(make_view(student, "leading-first-round"))
    expect_true(
        choice in cards("QD 2C 7S"),
        f"{described('leading-first-round')}\n  expected: one of [QD, 2C, 7S]\n"
        f"  got:      {choice!r}",
    )


@pytest.mark.parametrize("name", list(VIEWS))
def test_chooses_a_card_of_the_hand(student, name):
    """choose(view) returns one of the cards of view.hand."""
    choice = student.pkg.auto_player.AutoPlayer("Bot").choose(make_view(student, name))
    hand = cards(VIEWS[name][0])
    expect_true(
        choice in hand,
        f"{described(name)}\n  expected: one of {hand}\n  got:      {choice!r}",
    )


@pytest.mark.parametrize("name", list(VIEWS))
def test_same_view_same_card(student, name):
    """The same view always gives the same card, asked twice or of another AutoPlayer."""
    view = make_view(student, name)
    bot = student.pkg.auto_player.AutoPlayer("Bot")
    first = bot.choose(view)
    expect_equal(bot.choose(view), first, f"{described(name)}, asked a second time")
    other = student.pkg.auto_player.AutoPlayer("Other").choose(make_view(student, name))
    expect_equal(other, first, f"{described(name)}, asked of AutoPlayer('Other')")


def test_no_card_to_play(student):
    """choose raises ValueError when the view's hand is empty."""
    view = student.pkg.board.PlayerView(
        hand=(), trump=member("Suit", "SPADES"), trump_card=None, table=(), stock_size=0,
        played=(), my_points=0, opponent_points=0,
    )
    with student.raises("ValueError"):
        student.pkg.auto_player.AutoPlayer("Bot").choose(view)
