"""Hidden tests of promises that no other test checks (found by the promise audit).

Each test checks one promise of a docstring of your modules: the messages of the
errors ``Suit`` and ``Card`` raise repeat the bad value; ``Card.__eq__`` gives
``NotImplemented`` for a non-card; ``Player.play`` returns the very card it is given;
``Player.collect`` and the rules of thumb of ``auto_player`` take any iterable, an
iterator read once included; ``Deck.shuffled`` takes from ``rng`` only its one shuffle;
``play.new_game(None, ...)`` sets up games that differ.
The audit is ``docs/instructors/promises.md``.
"""

import random

import pytest

from cardlab.testing import (
    BoundMethod,
    StudentRaised,
    card,
    cards,
    expect_equal,
    expect_true,
    member,
    show,
)

BAD_LETTERS = ["X", "SH", "spades"]


def message_of(student, call, action, expected_type):
    """The message of the error ``action`` raises in your code, or a failure."""
    try:
        action()
    except StudentRaised as error:
        if not error.is_a(expected_type):
            raise AssertionError(
                f"{call} raised {error.type_name}: {error.message}, not {expected_type}"
            ) from None
        return error.message
    raise AssertionError(f"{call} returned, where it should raise {expected_type}")


@pytest.mark.part("suit")
def test_from_letter_repeats_the_bad_value(student):
    """Suit.from_letter's ValueError repeats the value it was given."""
    for letter in BAD_LETTERS:
        call = f"Suit.from_letter({letter!r})"
        message = message_of(
            student,
            call,
            lambda letter=letter: student.pkg.suit.Suit.from_letter(letter),
            "ValueError",
        )
        expect_true(
            letter in message,
            f"{call} raised ValueError({message!r}): the message must repeat {letter!r}",
        )


@pytest.mark.part("card")
@pytest.mark.weight(0.25)
@pytest.mark.parametrize(
    ("rank", "suit", "error", "repeated"),
    [
        ("10", member("Suit", "SPADES"), "ValueError", "10"),
        ("Ace", member("Suit", "HEARTS"), "ValueError", "Ace"),
        ("Q", "hearts", "TypeError", "hearts"),
        ("7", 3, "TypeError", "3"),
    ],
    ids=["rank-10", "rank-Ace", "suit-hearts", "suit-3"],
)
def test_card_errors_repeat_the_bad_value(student, rank, suit, error, repeated):
    """Card(rank, suit) refuses a bad rank (ValueError) or suit (TypeError), repeating it."""
    call = f"Card({rank!r}, {suit!r})"
    message = message_of(student, call, lambda: student.pkg.card.Card(rank, suit), error)
    expect_true(
        repeated in message,
        f"{call} raised {error}({message!r}): the message must repeat {repeated!r}",
    )


@pytest.mark.part("card")
@pytest.mark.weight(0.5)
@pytest.mark.parametrize("other", ["QS", 3, None], ids=["string-QS", "int-3", "None"])
def test_eq_gives_not_implemented_for_a_non_card(student, other):
    """Card.__eq__ returns NotImplemented, not False, when the other value is not a Card."""
    call = f"Card('Q', Suit.SPADES).__eq__({other!r})"
    try:
        answer = student.call_kept(BoundMethod(card("QS"), "__eq__"), other)
    except StudentRaised as error:
        raise AssertionError(f"{call} raised {error.type_name}: {error.message}") from None
    expect_true(
        answer.type_name == "NotImplementedType",
        f"{call}\n  expected: NotImplemented\n  got:      a {answer.type_name}"
        " (return NotImplemented, so Python can ask the other value)",
    )


@pytest.mark.part("player")
def test_play_returns_the_card_it_is_given(student):
    """Player.play(card) returns ``card`` itself, not the equal card the hand held."""
    player = student.pkg.player.Player("Ann")
    for text in ("QS", "7H", "AD"):
        player.take(card(text))
    given = student.call_kept(student.pkg.card.Card.from_notation, "7H")
    played = student.call_kept(BoundMethod(player, "play"), given)
    expect_true(
        student.builtin("is", played, given) is True,
        "Player('Ann'), then take(QS), take(7H), take(AD); then play(card), with card an "
        "equal 7H made apart from the one taken\n  expected: card itself (the same object)"
        "\n  got:      another object: the 7H the hand held",
    )


POINTS = {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "Q": 2, "J": 3, "K": 4, "7": 10, "A": 11}
"""Points of each rank, as the rules of the game give them."""


@pytest.mark.part("player")
@pytest.mark.parametrize("won", ["AS 7S", "QH", "KD 2C 3C JS"])
def test_collect_reads_an_iterator_once(student, won):
    """Player.collect takes any iterable of cards: an iterator gives what a list gives."""
    player = student.pkg.player.Player("Ann")
    player.collect(student.builtin("iter", cards(won)))
    call = f"Player('Ann'), then collect(iter([{', '.join(won.split())}]))"
    expect_equal(player.won, cards(won), f"{call}; then won")
    points = sum(POINTS[text[0]] for text in won.split())
    expect_equal(player.points, points, f"{call}; then points")


RULE_HANDS = [
    ("KH QH 2S", "JH", "HEARTS"),
    ("AC 7C 3D", "2C", "DIAMONDS"),
    ("4S 5S 6S", "3S", "SPADES"),
    ("2D 7D KS", "QD", "CLUBS"),
    ("JC QC 2H", "AC", "CLUBS"),
]
"""(hand, led card, trump) cases for the rules of thumb: several winners, none, trumps."""


@pytest.mark.part("auto-player")
@pytest.mark.parametrize(("hand", "led", "trump"), RULE_HANDS, ids=[h for h, _, _ in RULE_HANDS])
def test_rules_of_thumb_take_an_iterator(student, hand, led, trump):
    """best_same_suit_winner and cheapest_trump give for an iterator what a list gives.

    Which card a rule picks is the strategy's, and is not checked here: only that a hand
    given as an iterator, which can be read once, gives the same answer as the list.
    """
    rules = student.pkg.auto_player
    suit = member("Suit", trump)
    for name, second in (("best_same_suit_winner", card(led)), ("cheapest_trump", suit)):
        rule = getattr(rules, name)
        from_list = rule(cards(hand), second)
        from_iterator = rule(student.builtin("iter", cards(hand)), second)
        call = f"{name}(iter([{', '.join(hand.split())}]), {show(second)})"
        expect_equal(from_iterator, from_list, f"{call} (given as a list: {show(from_list)})")


@pytest.mark.part("deck")
@pytest.mark.parametrize("seed", [0, 7, 550])
def test_shuffled_takes_only_its_shuffle_from_rng(student, seed):
    """After Deck.shuffled(rng), rng is where one shuffle of 40 cards leaves it.

    The recipe calls ``rng.shuffle`` once and takes nothing else from ``rng``, so the
    next deal from the same generator is the same for every correct deck.
    """
    rng = student.builtin("Random", seed)
    student.pkg.deck.Deck.shuffled(rng)
    model = random.Random(seed)
    model.shuffle(list(range(40)))
    expected = model.random()
    got = student.method(rng, "random")
    expect_equal(
        got,
        expected,
        f"rng = random.Random({seed}); Deck.shuffled(rng); then rng.random() (a number "
        "other than the one after a single rng.shuffle means the deck took more from rng)",
    )


UNSEEDED_GAMES = 3
"""How many games ``new_game(None, ...)`` sets up: all alike has a chance below 1e-20."""


@pytest.mark.part("play-game")
def test_no_seed_sets_up_games_that_differ(student):
    """new_game(None, True) is an unpredictable game: three of them are not all one deal."""
    deals = set()
    for _ in range(UNSEEDED_GAMES):
        board, human, computer = student.pkg.play.new_game(None, True)
        deals.add(show([board.trump_card, *human.hand, *computer.hand]))
    expect_true(
        len(deals) > 1,
        f"new_game(None, True), {UNSEEDED_GAMES} times: the trump card and both hands were "
        f"{deals.pop()} every time\n  expected: games that differ (no seed: "
        "random.Random(None), an unpredictable game)",
    )
