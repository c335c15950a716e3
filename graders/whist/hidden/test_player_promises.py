"""Hidden tests of BasicPlayer's and BasicStrategy's promises beyond the basic rule itself.

The player's seat, its hand given as a copy, the trumps it is told, the strategy it is
given; the strategy's default generator; ``basic_choices`` called on its own. How a tie
is broken is left open (any of the tied cards, by the generator). Where the contract
fixes an answer, it is compared with the reference's.
"""

import pytest

from cardlab.testing import (
    Value,
    card,
    cards,
    expect_equal,
    expect_handed_a_copy,
    expect_refusals,
    expect_true,
    member,
    show,
)

pytestmark = pytest.mark.part("basic-strategy")

DEALT = "AS 10H 3D KC 7S"
HEARTS = member("Suit", "HEARTS")


def dealt_player(student, seat=1, strategy=None):
    """A BasicPlayer in ``seat`` dealt the cards of DEALT, in order."""
    player = student.pkg.whist.basic_player.BasicPlayer(seat, strategy)
    for text in DEALT.split():
        student.method(player, "deal_card", card(text))
    return player


def test_every_seat_is_a_player_id(student):
    """BasicPlayer(seat).player_id is the seat, for seats 0 to 3."""
    for seat in range(4):
        player = student.pkg.whist.basic_player.BasicPlayer(seat)
        expect_equal(student.attr(player, "player_id"), seat, f"BasicPlayer({seat}).player_id")


@pytest.mark.parametrize("seat", [-1, True, 7])
def test_a_seat_that_is_not_one_is_refused(student, seat):
    """BasicPlayer(-1), BasicPlayer(True) and BasicPlayer(7) raise ValueError."""
    with student.raises("ValueError"):
        student.pkg.whist.basic_player.BasicPlayer(seat)


def test_the_hand_is_given_as_a_copy(student):
    """The hand property is a copy, in the order dealt: changing it changes nothing."""
    player = dealt_player(student)
    copy = student.attr(player, "hand")
    student.method(copy, "remove_at", 0)
    student.method(copy, "add", card("2C"))
    expect_equal(
        student.builtin("list", student.attr(player, "hand")),
        cards(DEALT),
        f"player.hand after dealing {DEALT} and changing an earlier copy of it",
    )


def held(student, player):
    """The cards the player holds, in order."""
    return student.builtin("list", student.attr(player, "hand"))


@pytest.mark.weight(2)
def test_a_strategy_that_misbehaves_is_refused(student):
    """play_card refuses a card not held, None or a non-card from the strategy with
    ValueError, the hand as it was; an exception of the strategy passes through."""
    expect_refusals(
        student,
        lambda strategy: dealt_player(student, strategy=strategy()),
        lambda player: student.method(player, "play_card", Value("Trick", "HEARTS|1|")),
        base=student.pkg.whist.player.Strategy,
        method="choose_card",
        wrong=card("2C"),
        call=f"BasicPlayer(1, strategy) dealt {DEALT}, then play_card(trick)",
        role="its strategy",
        state=lambda player: held(student, player),
    )


@pytest.mark.weight(2)
def test_the_strategy_is_handed_a_copy_of_the_hand(student):
    """The strategy gets a copy of the hand: emptying it leaves the player's hand whole."""
    expect_handed_a_copy(
        student,
        lambda strategy: dealt_player(student, strategy=strategy()),
        lambda player: student.method(player, "play_card", Value("Trick", "HEARTS|1|")),
        base=student.pkg.whist.player.Strategy,
        method="choose_card",
        answer=card("3D"),
        state=lambda player: held(student, player),
        expected=cards("AS 10H KC 7S"),
        call=f"BasicPlayer(1, strategy) dealt {DEALT}, then play_card(trick)",
        role="its strategy",
        handed="hand",
    )


def test_trumps_are_none_until_told(student):
    """trumps is None before set_trumps, then the suit last set."""
    player = dealt_player(student)
    expect_equal(student.attr(player, "trumps"), None, "trumps of a new player")
    student.method(player, "set_trumps", HEARTS)
    student.method(player, "set_trumps", member("Suit", "SPADES"))
    expect_equal(student.attr(player, "trumps"), member("Suit", "SPADES"), "trumps after two sets")


def test_dealing_something_that_is_not_a_card(student):
    """deal_card("QS") raises TypeError."""
    player = student.pkg.whist.basic_player.BasicPlayer(0)
    with student.raises("TypeError"):
        student.method(player, "deal_card", "QS")


def test_a_player_with_no_card_cannot_play(student):
    """play_card with an empty hand raises ValueError."""
    player = student.pkg.whist.basic_player.BasicPlayer(2)
    with student.raises("ValueError"):
        student.method(player, "play_card", Value("Trick", "HEARTS|2|"))


def test_a_player_with_no_card_does_not_ask_its_strategy(student):
    """play_card with an empty hand raises ValueError before a HumanStrategy asks anything."""
    player = student.pkg.whist.basic_player.BasicPlayer(
        1, student.pkg.whist.human_strategy.HumanStrategy()
    )
    run = student.console(
        student.pkg.whist.basic_player.BasicPlayer.play_card,
        player,
        Value("Trick", "HEARTS|1|"),
        stdin="1\n",
    )
    expect_true(
        run.raised is not None and run.raised.is_a("ValueError"),
        "play_card of a player with no cards, its strategy a HumanStrategy: expected "
        f"ValueError, got {show(run.result) if run.raised is None else run.raised.type_name}",
    )


def test_every_card_dealt_is_played_once(student, r):
    """A player dealt five cards plays each of them once, then has none left."""
    player = dealt_player(student, seat=0)
    played = [student.method(player, "play_card", Value("Trick", "HEARTS|0|")) for _ in range(5)]
    expect_equal(
        sorted(getattr(c, "text", repr(c)) for c in played),
        sorted(DEALT.split()),
        "the five cards played",
    )
    expect_equal(student.builtin("len", student.attr(player, "hand")), 0, "len(hand) after five")


@pytest.mark.weight(2)
def test_the_strategy_set_chooses_the_card(student):
    """After set_strategy(HumanStrategy()), play_card plays the card typed at the console."""
    player = dealt_player(student, seat=3)
    student.method(player, "set_strategy", student.pkg.whist.human_strategy.HumanStrategy())
    run = student.console(
        student.pkg.whist.basic_player.BasicPlayer.play_card,
        player,
        Value("Trick", "CLUBS|3|"),
        stdin="4\n",
    )
    expect_true(
        run.raised is None and run.result == card("KC"),
        f"a player holding [{DEALT}] given a HumanStrategy, typed 4: expected K♣, got "
        f"{show(run.result) if run.raised is None else run.raised.type_name}",
    )
    expect_equal(
        student.builtin("list", student.attr(player, "hand")),
        cards("AS 10H 3D 7S"),
        "the player's hand after playing K♣",
    )


def test_a_strategy_given_when_seated_chooses_the_card(student):
    """BasicPlayer(seat, HumanStrategy()) plays the card typed at the console."""
    player = dealt_player(
        student, seat=2, strategy=student.pkg.whist.human_strategy.HumanStrategy()
    )
    run = student.console(
        student.pkg.whist.basic_player.BasicPlayer.play_card,
        player,
        Value("Trick", "CLUBS|2|"),
        stdin="2\n",
    )
    expect_true(
        run.raised is None and run.result == card("10H"),
        f"BasicPlayer(2, HumanStrategy()) holding [{DEALT}], typed 2: expected 10♥, got "
        f"{show(run.result) if run.raised is None else run.raised.type_name}",
    )


def test_a_completed_trick_reaches_the_strategy(student):
    """view_trick passes the trick to the strategy: a HumanStrategy writes who won it."""
    player = dealt_player(student, strategy=student.pkg.whist.human_strategy.HumanStrategy())
    run = student.console(
        student.pkg.whist.basic_player.BasicPlayer.view_trick,
        player,
        Value("Trick", "CLUBS|0|KH 9H 5H 2C"),
    )
    expect_true(
        run.raised is None and bool(run.out.strip()),
        "view_trick of a completed trick, the player's strategy a HumanStrategy: expected "
        f"its update_data to write who won, got {run.out!r}",
    )


def test_a_strategy_without_a_generator_plays(student):
    """BasicStrategy() makes its own generator, and still plays by the rule."""
    strategy = student.pkg.whist.basic_strategy.BasicStrategy()
    got = student.method(
        strategy, "choose_card", Value("Hand", "AS KS AD 2C"), Value("Trick", "HEARTS|0|")
    )
    expect_true(got in (card("AS"), card("AD")), f"leading from [AS KS AD 2C] chose {show(got)}")


@pytest.mark.parametrize(
    ("text", "hand"),
    [
        ("HEARTS|0|", "AS KS AD 2C"),
        ("HEARTS|1|QH", "2H 9H AS"),
        ("CLUBS|2|7H 8H", "3S 3D 9C"),
        ("CLUBS|3|7H 8H AH", "2C 5C"),
    ],
)
def test_basic_choices_like_the_reference(student, r, text, hand):
    """basic_choices(hand, trick) gives the reference's allowed cards, ties included."""
    trumps, leader, played = text.split("|")
    trick = r.trick.Trick(r.Suit[trumps], int(leader))
    for offset, item in enumerate(played.split()):
        trick.set_card((int(leader) + offset) % 4, r.of(item))
    expected = sorted(c.notation for c in r.basic.basic_choices(r.cards(hand), trick))
    got = student.pkg.whist.basic_strategy.basic_choices(cards(hand), Value("Trick", text))
    call = f"basic_choices([{hand}], trick {text})"
    expect_true(isinstance(got, frozenset | set), f"{call} gave {show(got)}, not a frozenset")
    expect_equal(sorted(getattr(c, "text", repr(c)) for c in got), expected, call)


def test_basic_choices_refuses_an_empty_hand_or_a_complete_trick(student):
    """basic_choices raises ValueError for no cards, or for a trick of four cards."""
    choices = student.pkg.whist.basic_strategy.basic_choices
    with student.raises("ValueError"):
        choices([], Value("Trick", "HEARTS|0|"))
    with student.raises("ValueError"):
        choices(cards("2S"), Value("Trick", "HEARTS|0|KH 9H 5H 2C"))


@pytest.mark.parametrize("text", ["CLUBS|1|", "CLUBS|1|QH", "CLUBS|3|KD 2D"])
def test_basic_choices_of_any_iterable(student, r, text):
    """basic_choices takes any iterable of cards: an iterator gives what the list gives."""
    hand = "2H 9H AS 4C KS"
    trumps, leader, played = text.split("|")
    trick = r.trick.Trick(r.Suit[trumps], int(leader))
    for offset, item in enumerate(played.split()):
        trick.set_card((int(leader) + offset) % 4, r.of(item))
    expected = sorted(c.notation for c in r.basic.basic_choices(r.cards(hand), trick))
    walker = student.builtin("iter", cards(hand))
    got = student.pkg.whist.basic_strategy.basic_choices(walker, Value("Trick", text))
    call = f"basic_choices(iter([{hand}]), trick {text})"
    expect_true(isinstance(got, frozenset | set), f"{call} gave {show(got)}, not a frozenset")
    expect_equal(sorted(getattr(c, "text", repr(c)) for c in got), expected, call)


ACES = Value("Hand", "AS AH AD AC")
LEAD = Value("Trick", "HEARTS|0|")
"""Leading from four Aces: every card of the hand is tied, a choice for the generator."""


def tie_choices(student, strategy, times):
    """The cards ``strategy`` plays leading from the four Aces, ``times`` times over."""
    return [student.method(strategy, "choose_card", ACES, LEAD) for _ in range(times)]


@pytest.mark.weight(2)
def test_ties_are_drawn_from_the_generator_given(student):
    """BasicStrategy(rng) breaks ties with ``rng``: it draws from it, and the same seed
    breaks the same run of ties alike (which Ace each draw gives is left open)."""
    make = student.pkg.whist.basic_strategy.BasicStrategy
    rng = student.builtin("Random", 5)
    first = tie_choices(student, make(rng), 12)
    untouched = student.method(student.builtin("Random", 5), "random")
    expect_true(
        student.method(rng, "random") != untouched,
        "BasicStrategy(random.Random(5)) broke 12 ties leading from [AS AH AD AC], and its "
        "generator was never drawn from: ties are broken by the generator given",
    )
    again = tie_choices(student, make(student.builtin("Random", 5)), 12)
    expect_equal(again, first, "12 ties broken by BasicStrategy(random.Random(5)), played twice")


def test_strategies_made_without_a_generator_break_ties_apart(student):
    """BasicStrategy() makes a new, unseeded random.Random(): two of them do not break a
    run of 30 four-way ties alike (the chance that they would is 4 to the power -30)."""
    make = student.pkg.whist.basic_strategy.BasicStrategy
    first, second = tie_choices(student, make(), 30), tie_choices(student, make(), 30)
    expect_true(
        first != second,
        "two BasicStrategy() broke 30 ties leading from [AS AH AD AC] alike, "
        f"{show(first)}: each should make its own new random.Random(), not a seeded one",
    )
