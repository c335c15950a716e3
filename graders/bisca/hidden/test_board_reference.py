"""Hidden tests of Board (phase 3): seeded whole games and game states, against the reference."""

import bisca_games
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardlab.testing import StudentRaised, card, expect_equal, member, show

pytestmark = pytest.mark.part("board")

NAMES = bisca_games.NAMES
ALL_CARDS = [rank + suit for suit in "SHCD" for rank in "23456QJK7A"]
SUITS = ("SPADES", "HEARTS", "CLUBS", "DIAMONDS")
VIEW_FIELDS = ("hand", "trump", "trump_card", "table", "stock_size", "played", "my_points",
               "opponent_points", "is_leading", "legal_cards")

seeds = st.integers(0, 2**32 - 1)
firsts = st.sampled_from((0, 1))
policies = st.sampled_from(bisca_games.POLICIES)


@pytest.mark.weight(6)
@settings(max_examples=15)
@given(seed=seeds, first=firsts, policy=policies)
@example(seed=121, first=0, policy="first")  # ends 60-60: a tie
@example(seed=88, first=1, policy="auto")  # another tie, between AutoPlayers
@example(seed=18, first=0, policy="last")  # and a third, so that every run meets ties
def test_whole_games_like_the_reference(student, games, seed, first, policy):
    """Whole seeded games: every round, the draws, the scores and the winner as the reference."""
    bisca_games.replay(student, games.record(seed, first, policy))


@pytest.mark.weight(2)
@settings(max_examples=15)
@given(seed=seeds, first=firsts, policy=policies, moves=st.integers(0, 39),
       whose=st.sampled_from(("to_play", "other")))
@example(seed=7, first=0, policy="first", moves=34, whose="to_play")  # trump card just drawn
def test_views_like_the_reference(student, ref, games, seed, first, policy, moves, whose):
    """view_for(player) at any point of a game holds what the reference's view holds."""
    record = games.record(seed, first, policy)
    board, players = bisca_games.play_moves(student, record, moves)
    model = games.board_after(seed, first, policy, moves)
    to_play = model.to_play.name
    name = to_play if whose == "to_play" else NAMES[1 - NAMES.index(to_play)]
    expected_view = model.view_for(model.players[NAMES.index(name)])
    try:
        view = board.view_for(players[NAMES.index(name)])
    except StudentRaised as error:
        raise AssertionError(
            f"{record.describe()}\nAfter {moves} moves, board.view_for({name}) raised "
            f"{error.type_name}: {error.message}"
        ) from None
    for field in VIEW_FIELDS:
        expected = ref.canon(getattr(expected_view, field))
        got = getattr(view, field)
        if type(got) is not type(expected) or got != expected:
            raise AssertionError(
                f"{record.describe()}\nAfter {moves} moves ({to_play} to play), "
                f"board.view_for({name}).{field}\n  expected: {show(expected)}\n"
                f"  got:      {show(got)}"
            )


@pytest.mark.weight(2)
@settings(max_examples=12)
@given(seed=seeds, first=firsts, policy=policies, rounds=st.integers(1, 20),
       half=st.booleans())
def test_rounds_like_the_reference(student, games, seed, first, policy, rounds, half):
    """board.rounds and the Round of the last round, and the table of a round half played."""
    record = games.record(seed, first, policy)
    board, _ = bisca_games.play_moves(student, record, 2 * rounds)
    entry = record.rounds[rounds - 1]
    where = f"{record.describe()}\nAfter {entry.describe()}"
    recorded = board.rounds
    expect_equal(len(recorded), rounds, f"{where}: len(board.rounds)")
    last = recorded[-1]
    got = [last.leader, last.led, last.follower, last.followed, last.winner, last.points]
    expected = [entry.leader, entry.led, entry.follower, entry.followed, entry.winner,
                entry.points]
    expect_equal(got, expected,
                 f"{where}: board.rounds[-1]'s [leader, led, follower, followed, winner, points]")
    if half and rounds < 20:
        led = record.rounds[rounds].led
        board.play(led)
        expect_equal(board.table, [led], f"{where} and the lead of {led!r}: board.table")


@pytest.mark.weight(1)
@settings(max_examples=30)
@given(
    names=st.lists(st.sampled_from(["Ann", "Bob", "Cy"]), min_size=1, max_size=3),
    size=st.integers(0, 14),
    first=st.integers(-1, 2),
)
@example(names=["Ann", "Bob"], size=6, first=1)
@example(names=["Ann", "Bob"], size=7, first=0)
# a deck too small (with the odd one above: three in every run)
@example(names=["Bob", "Cy"], size=4, first=1)
@example(names=["Cy", "Ann"], size=0, first=0)
# two players of one name, nothing else wrong: three times in every run
@example(names=["Ann", "Ann"], size=6, first=0)
@example(names=["Bob", "Bob"], size=8, first=1)
@example(names=["Cy", "Cy"], size=10, first=0)
def test_construction_like_the_reference(student, ref, names, size, first):
    """Board(players, deck, first) accepts and refuses what the reference does."""
    cards = ALL_CARDS[:size]
    call = f"Board([{', '.join(names)}], Deck([{', '.join(cards)}]), first={first})"
    try:
        ref.board.Board([ref.player.Player(n) for n in names],
                        ref.deck.Deck([ref.card.Card.from_notation(t) for t in cards]), first)
        refused = False
    except ValueError:
        refused = True
    players = [student.pkg.player.Player(n) for n in names]
    deck = student.pkg.deck.Deck([card(t) for t in cards])
    if refused:
        with student.raises("ValueError"):
            student.pkg.board.Board(players, deck, first)
        return
    try:
        student.pkg.board.Board(players, deck, first)
    except StudentRaised as error:
        raise AssertionError(
            f"{call}\n  expected: a new board\n  got:      raised {error.type_name}: "
            f"{error.message}"
        ) from None


@pytest.mark.weight(1)
@settings(max_examples=12)
@given(seed=seeds, first=firsts, policy=policies, moves=st.integers(0, 39),
       pick=st.integers(0, 39))
def test_refused_card_changes_nothing(student, ref, games, seed, first, policy, moves, pick):
    """A card the player to play does not hold is refused with ValueError; nothing changes."""
    record = games.record(seed, first, policy)
    board, players = bisca_games.play_moves(student, record, moves)
    model = games.board_after(seed, first, policy, moves)
    held = {c.notation for c in model.to_play.hand}
    others = [t for t in ALL_CARDS if t not in held]
    wrong = card(others[pick % len(others)])
    where = f"{record.describe()}\nAfter {moves} moves ({model.to_play.name} to play)"
    with student.raises("ValueError"):
        board.play(wrong)
    state = [players[0].hand, players[1].hand, board.table, board.stock_size, board.scores]
    expected = [ref.canon(model.players[0].hand), ref.canon(model.players[1].hand),
                ref.canon(model.table), model.stock_size, list(model.scores)]
    expect_equal(state, expected, f"{where}, then the refused board.play({wrong!r}): "
                 "[Ann's hand, Bob's hand, table, stock_size, scores]")
    right = record.moves[moves]
    try:
        board.play(right)
    except StudentRaised as error:
        raise AssertionError(f"{where}, after the refused board.play({wrong!r}), "
                             f"board.play({right!r}) raised {error.type_name}: "
                             f"{error.message}") from None


@settings(max_examples=40)
@given(led=st.sampled_from(ALL_CARDS), followed=st.sampled_from(ALL_CARDS),
       trump=st.sampled_from(SUITS))
def test_round_winner_like_the_reference(student, ref, led, followed, trump):
    """round_winner(led, followed, trump) is the reference's, 0 or 1."""
    if led == followed:
        return
    expected = ref.board.round_winner(ref.card.Card.from_notation(led),
                                      ref.card.Card.from_notation(followed), ref.suit.Suit[trump])
    got = student.pkg.board.round_winner(card(led), card(followed), member("Suit", trump))
    expect_equal(got, expected, f"round_winner({led}, {followed}, Suit.{trump})")
