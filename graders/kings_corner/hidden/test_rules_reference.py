"""Hidden tests of the game's rules (phase 3): whole games and rounds against the reference.

Games are played by two computers (the provided ``ComputerPlayer``, each with its own
seeded ``random.Random``) through your ``Game``, and by the reference in the judge with
the same seeds: the dealer, the penalties and the totals of every round must agree.
Rounds from set positions (an empty draw pile among them, so stalemates happen) go
through your ``play_round``.
"""

import contextlib
import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kings_corner_setup import describe_table, make_computer, make_table
from kings_corner_turns import FAMILIES, make_position

from cardlab.testing import expect_equal

pytestmark = pytest.mark.part("rules")

seeds = st.integers(0, 2**32 - 1)


def reference_games(ref, seed, games):
    """For each of ``games`` reference games: [(dealer, penalties, totals), ...] of its rounds."""
    rng = random.Random(seed)
    you = ref.computer_player.ComputerPlayer("You", random.Random(seed + 1))
    game = ref.game.Game(you, ref.computer_player.ComputerPlayer("Computer", rng), rng)
    played = []
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(games):
            rounds = []
            while not game.is_over:
                dealer = game.dealer.name
                rounds.append([dealer, list(game.play_round()), list(game.penalties)])
            played.append(rounds)
            game.new_game()
    return played


@pytest.mark.weight(4)
@settings(max_examples=6)
@given(seed=seeds, games=st.integers(1, 2))
def test_games_like_the_reference(student, ref, seed, games):
    """Every round of seeded games: the dealer, the round's penalties and the totals."""
    expected = reference_games(ref, seed, games)
    rng = student.builtin("Random", seed)
    you = student.pkg.computer_player.ComputerPlayer("You", student.builtin("Random", seed + 1))
    computer = student.pkg.computer_player.ComputerPlayer("Computer", rng)
    game = student.pkg.game.Game(you, computer, rng)
    call = (
        f"Game(ComputerPlayer('You', random.Random({seed + 1})), "
        f"ComputerPlayer('Computer', rng), rng) with rng = random.Random({seed})"
    )
    for number, rounds in enumerate(expected, start=1):
        for index, expected_round in enumerate(rounds, start=1):
            got = [student.attr(game.dealer, "name"), game.play_round(), game.penalties]
            expect_equal(
                got,
                expected_round,
                f"{call}: game {number}, round {index}: [dealer, play_round(), penalties]",
            )
        expect_equal(game.is_over, True, f"{call}: game {number}: is_over after its last round")
        game.new_game()


@pytest.mark.weight(3)
@settings(max_examples=20)
@given(family=st.sampled_from(FAMILIES), seed=seeds, stock=st.sampled_from(("", "keep")))
def test_rounds_like_the_reference(student, ref, family, seed, stock):
    """play_round(table, first, second) from set positions: the result, the hands, the piles."""
    position = make_position(family, seed, ref)
    used = set(position.hand.split()) | {c for text in position.piles for c in text.split()}
    free = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK" if rank + suit not in used]
    random.Random(seed).shuffle(free)
    second_hand = " ".join(free[:7])
    rest = " ".join(free[7:20]) if stock else ""
    Card = ref.card.Card.from_notation
    piles = [
        ref.piles.LaydownPile(n, [Card(c) for c in text.split()])
        for n, text in enumerate(position.piles, start=1)
    ]
    table = ref.table.Table(ref.piles.DrawPile([Card(c) for c in rest.split()]), piles)
    players = [
        ref.computer_player.ComputerPlayer(name, random.Random(seed + n))
        for n, name in enumerate(("first", "second"))
    ]
    for player, hand in zip(players, (position.hand, second_hand), strict=True):
        for text in hand.split():
            player.hand.add(Card(text))
    expected = [
        ref.game.play_round(table, *players),
        [ref.canon(p.hand.cards) for p in players],
        [ref.canon(p.cards) for p in table.piles],
    ]

    student_table = make_table(student, position.piles, rest)
    first = make_computer(student, position.hand, seed)
    second = make_computer(student, second_hand, seed + 1)
    got = [
        student.pkg.game.play_round(student_table, first, second),
        [first.hand.cards, second.hand.cards],
        [p.cards for p in student_table.piles],
    ]
    call = (
        f"play_round(table, first, second), first holding {position.hand} with "
        f"random.Random({seed}), second holding {second_hand} with random.Random({seed + 1}), "
        f"on:\n{describe_table(position.piles, position.hand, rest)}"
    )
    expect_equal(got, expected, f"{call}\n[the result, the two hands, the eight piles]")


@settings(max_examples=30)
@given(human=st.integers(0, 60), computer=st.integers(0, 60))
def test_winner_and_game_over_like_the_reference(student, ref, human, computer):
    """game_winner and is_game_over agree with the reference on any totals."""
    expect_equal(
        student.pkg.game.game_winner(human, computer),
        ref.game.game_winner(human, computer),
        f"game_winner({human}, {computer})",
    )
    expect_equal(
        student.pkg.game.is_game_over([human, computer]),
        ref.game.is_game_over([human, computer]),
        f"is_game_over([{human}, {computer}])",
    )


def test_every_card_penalty(student, ref):
    """card_penalty of each of the 52 cards is the reference's."""
    for suit in "CDHS":
        for rank in "A23456789TJQK":
            text = rank + suit
            expected = ref.player.card_penalty(ref.card.Card.from_notation(text))
            expect_equal(
                student.pkg.player.card_penalty(ref.canon(ref.card.Card.from_notation(text))),
                expected,
                f"card_penalty({text})",
            )
