"""Hidden tests of Hearts (phase 2): the promises the seeded games do not reach.

The players the constructor refuses, the seats it shows, a game dealt by a Dealer at
another seat, a refused card changing nothing, ``situation()`` during a game, what a
finished game refuses, ``winners()`` before the end, and games with another limit
(ties for the win included), each compared with the reference.
"""

import random

import hearts_games
import pytest
from hearts_games import SEAT_NAMES, seat_seed

from cardlab.testing import StudentRaised, Value, expect_equal, expect_refusals, expect_true

pytestmark = pytest.mark.part("game")

TIE_SEARCH = 200
"""Games searched for a tie for the win (about one in six has one at ``TIE_LIMIT``)."""
TIE_LIMIT = 20
"""The limit of the games searched for a tie."""


def players(student, seed, kinds="DPPP"):
    """Your players for seat kinds: D a Dealer, P a Player, in seat order."""
    made = []
    for seat, kind in enumerate(kinds):
        cls = student.pkg.dealer.Dealer if kind == "D" else student.pkg.player.Player
        made.append(cls(SEAT_NAMES[seat % 4], student.builtin("Random", seat_seed(seed, seat))))
    return made


@pytest.mark.parametrize("kinds", ["DPP", "DPPPP", "PPPP", "DDPP", "PPDD"])
def test_refused_tables(student, kinds):
    """Hearts refuses with ValueError anything but four players of whom one is a Dealer."""
    with student.raises("ValueError"):
        student.pkg.game.Hearts(players(student, 3, kinds))


def test_the_same_player_twice_is_refused(student):
    """Hearts refuses with ValueError four seats that hold one player twice."""
    dealer, east, south, _ = players(student, 4)
    with student.raises("ValueError"):
        student.pkg.game.Hearts([dealer, east, south, east])


@pytest.mark.parametrize("dealer_seat", [0, 1, 3])
def test_players_and_dealer_seat(student, seeds, dealer_seat):
    """players are the four given, in seat order; dealer_seat is the Dealer's seat."""
    seed = seeds.seed("hearts", "seats", dealer_seat)
    kinds = "".join("D" if seat == dealer_seat else "P" for seat in range(4))
    given = players(student, seed, kinds)
    game = student.pkg.game.Hearts(given)
    expect_equal(game.dealer_seat, dealer_seat, f"dealer_seat with the Dealer at {dealer_seat}")
    shown = game.players
    expect_equal(len(shown), 4, "len(players)")
    for seat in range(4):
        expect_true(
            student.builtin("is", shown[seat], given[seat]),
            f"players[{seat}] is not the player given for seat {seat}",
        )


@pytest.mark.parametrize("dealer_seat", [1, 3])
def test_a_game_dealt_from_another_seat(student, ref, seeds, dealer_seat):
    """With the Dealer at another seat, the deal starts after it: every event as the reference."""
    seed = seeds.seed("hearts", "dealer seat", dealer_seat)
    kinds = "".join("D" if seat == dealer_seat else "P" for seat in range(4))
    made = [
        (ref.dealer.Dealer if kind == "D" else ref.player.Player)(
            SEAT_NAMES[seat], random.Random(seat_seed(seed, seat))
        )
        for seat, kind in enumerate(kinds)
    ]
    expected = list(ref.game.Hearts(made).play_game())
    got = hearts_games.events_from(
        ref, student.pkg.game.Hearts(players(student, seed, kinds)).play_game()
    )
    label = f"seeded game with the Dealer at seat {dealer_seat}"
    for index, (mine, theirs) in enumerate(zip(got, expected, strict=False)):
        expect_equal(
            hearts_games.shown_events([mine]),
            hearts_games.shown_events([theirs]),
            f"{label}, event {index + 1}",
        )
    expect_equal(len(got), len(expected), f"number of events of {label}")


def test_situation_during_a_game(student, ref, seeds):
    """situation() before every card of a seeded hand: the reference's hand, trick and flags."""
    seed = seeds.seed("hearts", "situation", 1)
    model = hearts_games.reference_game(ref, seed)
    game = hearts_games.student_game(student, seed)
    for turn in range(60):
        expected = model.situation()
        got = game.situation()
        for field in ("hand", "trick", "hearts_broken", "first_trick"):
            expect_equal(
                student.attr(got, field),
                ref.canon(getattr(expected, field)),
                f"situation().{field} after {turn} cards of seeded game 1",
            )
        model.play_turn()
        game.play_turn()


def test_a_refused_card_changes_nothing(student, ref, seeds):
    """Every card held but not allowed, and a card not held, is refused; nothing changes."""
    seed = seeds.seed("hearts", "refused", 1)
    model = hearts_games.reference_game(ref, seed)
    game = hearts_games.student_game(student, seed)
    for turn in range(56):
        situation = model.situation()
        allowed = set(model.legal_plays())
        refused = [card for card in situation.hand if card not in allowed][:3]
        others = [
            card
            for card in ref.card.full_deck()
            if card not in situation.hand and card not in situation.trick
        ]
        refused.append(others[turn % len(others)])
        before = [game.to_play, game.trick, len(game.events), game.situation().hand]
        for card in refused:
            call = f"play({card.notation}) after {turn} cards of seeded game 1"
            with student.raises("ValueError"):
                game.play(ref.canon(card))
            after = [game.to_play, game.trick, len(game.events), game.situation().hand]
            expect_equal(after, before, f"{call}: [to_play, trick, len(events), hand] after")
        model.play_turn()
        game.play_turn()


def test_a_finished_game_refuses_to_go_on(student, ref, seeds):
    """Once over: to_play is None, and situation, legal_plays, play_turn and play raise."""
    seed = seeds.seed("hearts", "finished", 1)
    model = hearts_games.reference_game(ref, seed)
    model.play_game()
    game = hearts_games.student_game(student, seed)
    with student.raises("ValueError"):
        game.winners()
    game.play_game()
    expect_equal(game.to_play, None, "to_play once the game is over")
    expect_equal(game.winners(), ref.canon(model.winners()), "winners() once the game is over")
    for name in ("situation", "legal_plays", "play_turn"):
        with student.raises("ValueError"):
            getattr(game, name)()
    with student.raises("ValueError"):
        game.play(ref.canon(ref.card.TWO_OF_CLUBS))


def compare_limited_game(student, ref, seed, limit, label):
    """A whole game with ``limit``, event by event against the reference."""
    model = _fresh_reference(ref, seed, limit)
    expected = list(model.play_game())
    game = student.pkg.game.Hearts(players(student, seed), limit)
    try:
        values = game.play_game()
    except StudentRaised as error:
        raise AssertionError(f"{label}: {error}") from None
    got = hearts_games.events_from(ref, values)
    for index, (mine, theirs) in enumerate(zip(got, expected, strict=False)):
        expect_equal(
            hearts_games.shown_events([mine]),
            hearts_games.shown_events([theirs]),
            f"{label}, event {index + 1}",
        )
    expect_equal(len(got), len(expected), f"number of events of {label}")


def _fresh_reference(ref, seed, limit):
    made = [ref.dealer.Dealer("North", random.Random(seat_seed(seed, 0)))]
    made += [
        ref.player.Player(SEAT_NAMES[seat], random.Random(seat_seed(seed, seat)))
        for seat in (1, 2, 3)
    ]
    return ref.game.Hearts(made, limit)


@pytest.mark.weight(2)
@pytest.mark.parametrize("limit", [1, 26, 60])
def test_games_with_another_limit(student, ref, seeds, limit):
    """Seeded games that end at another limit: every event as the reference's."""
    seed = seeds.seed("hearts", "limit", limit)
    compare_limited_game(student, ref, seed, limit, f"seeded game with limit {limit}")


def test_a_game_won_by_several(student, ref, seeds):
    """A seeded game with a tie for the fewest points: one WIN event for each winner."""
    for number, seed in hearts_games.game_seeds(seeds, "tie", 1, TIE_SEARCH).items():
        model = _fresh_reference(ref, seed, TIE_LIMIT)
        model.play_game()
        if len(model.winners()) > 1:
            compare_limited_game(student, ref, seed, TIE_LIMIT, f"seeded tie game {number}")
            return
    raise AssertionError("no tie in the seeds searched")


def first_follower_asked(student, misbehaving):
    """A game whose Dealer (North, random.Random(0)) holds 2C and leads it; East, whose
    turn it is then, and South and West are players made by ``misbehaving``."""
    made = [student.pkg.dealer.Dealer("North", student.builtin("Random", 0))]
    made += [
        misbehaving(name, student.builtin("Random", seat))
        for seat, name in enumerate(SEAT_NAMES[1:], start=1)
    ]
    game = student.pkg.game.Hearts(made)
    while game.to_play == 0:
        game.play_turn()
    return game


def test_a_player_that_chooses_a_list_is_refused(student):
    """play_turn refuses with ValueError whatever a player chose that is not a card, one
    that cannot be hashed (a list) included, changing nothing."""
    expect_refusals(
        student,
        lambda misbehaving: first_follower_asked(student, misbehaving),
        lambda game: game.play_turn(),
        base=student.pkg.player.Player,
        method="choose",
        wrong=[Value("Card", "3C")],
        wrong_is="a list of one card, not a card",
        call="play_turn() once North has led 2C, East to play",
        role="East",
        state=lambda game: [game.trick, game.to_play, game.tricks_played],
        raising=False,
    )


@pytest.mark.weight(2)
def test_a_player_that_chooses_wrong_is_refused(student):
    """play_turn refuses a card the player may not play, None or a non-card with
    ValueError, changing nothing; an exception of the player's choose passes through."""
    expect_refusals(
        student,
        lambda misbehaving: first_follower_asked(student, misbehaving),
        lambda game: game.play_turn(),
        base=student.pkg.player.Player,
        method="choose",
        wrong=Value("Card", "2C"),
        wrong_is="a card already played",
        call="play_turn() once North has led 2C, East to play",
        role="East",
        state=lambda game: [game.trick, game.to_play, game.tricks_played],
    )
