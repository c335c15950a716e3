"""Hidden tests of the rules (phase 1), against the reference.

Legal plays are compared on situations reached by real play (every first trick, and a
sample of every hand) and on generated situations aimed at each rule; the allowed set is
what counts, sorted as the contract says. Trick winners and hand scores are compared on
generated tricks and splits of the 26 points, the moon included.
"""

import hearts_games
import pytest
from hearts_games import DECK
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.testing import cards, expect_equal

pytestmark = pytest.mark.part("rules")



def ref_cards(ref, texts):
    return tuple(ref.card.Card.from_notation(text) for text in texts)


def compare_legal(student, ref, hand, trick, broken, first):
    call = (f"legal_plays([{hearts_games.notation(hand)}], [{hearts_games.notation(trick)}], "
            f"hearts_broken={broken}, first_trick={first})")
    args = (cards(hearts_games.notation(hand)), cards(hearts_games.notation(trick)), broken, first)
    try:
        expected = ref.canon(ref.rules.legal_plays(hand, trick, broken, first))
    except ValueError:
        with student.raises("ValueError"):
            student.pkg.rules.legal_plays(*args)
        return
    expect_equal(student.pkg.rules.legal_plays(*args), expected, call)


@pytest.mark.weight(10)
def test_legal_plays_in_real_games(student, ref, seeds):
    """Legal plays in situations reached by seeded games, as the reference allows."""
    games = hearts_games.game_seeds(seeds, "rules", 1, 6).values()
    for hand, trick, broken, first in hearts_games.situations(ref, games, every=4):
        compare_legal(student, ref, hand, trick, broken, first)


@st.composite
def situations(draw):
    """A hand and a trick aimed at the branches: voids, only hearts, first trick, QS."""
    deck = list(DECK)
    shape = draw(st.sampled_from(["any", "only hearts", "hearts and queen", "void", "first"]))
    size = draw(st.integers(1, 13))
    pool = {
        "only hearts": [c for c in deck if c.endswith("H")],
        "hearts and queen": [c for c in deck if c.endswith("H")] + ["QS"],
    }.get(shape, deck)
    hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=size, unique=True))
    if shape == "first" and "2C" not in hand:
        hand = ["2C", *hand[:12]]
    rest = [c for c in deck if c not in hand]
    first = shape == "first" or draw(st.booleans())
    trick_size = draw(st.integers(0, 3))
    if first and "2C" in hand:
        trick_size = 0 if draw(st.booleans()) else trick_size
        if trick_size:
            hand.remove("2C")
            hand = hand or ["3H"]
    trick = draw(st.lists(st.sampled_from(rest), min_size=trick_size, max_size=trick_size,
                          unique=True)) if trick_size else []
    if first and trick:
        trick = ["2C", *[c for c in trick if c != "2C"]][:trick_size]
    if not trick and first and "2C" not in hand:
        first = False
    if shape == "void" and trick:
        hand = [c for c in hand if c[-1] != trick[0][-1]] or hand
    broken = draw(st.booleans())
    return hand, [c for c in trick if c not in hand], broken, first


@pytest.mark.weight(10)
@settings(max_examples=150)
@given(case=situations())
def test_legal_plays_on_generated_situations(student, ref, case):
    """Legal plays on situations aimed at every rule, as the reference allows."""
    hand, trick, broken, first = case
    compare_legal(student, ref, ref_cards(ref, hand), ref_cards(ref, trick), broken, first)


@pytest.mark.weight(2)
@settings(max_examples=80)
@given(trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True),
       same_suit=st.booleans())
def test_trick_winner(student, ref, trick, same_suit):
    """The position of the card taking a trick, as the reference says."""
    if same_suit:
        trick = [c[:-1] + trick[0][-1] for c in trick]
        trick = list(dict.fromkeys(trick))
    expected = ref.rules.trick_winner(ref_cards(ref, trick))
    expect_equal(student.pkg.rules.trick_winner(cards(" ".join(trick))), expected,
                 f"trick_winner([{' '.join(trick)}])")


@pytest.mark.weight(4)
@settings(max_examples=60)
@given(cuts=st.lists(st.integers(0, 26), min_size=3, max_size=3).map(sorted))
def test_hand_scores(student, ref, cuts):
    """Scores of a hand for any split of the 26 points, as the reference scores them."""
    a, b, c = cuts
    taken = [a, b - a, c - b, 26 - c]
    expected = list(ref.rules.hand_scores(taken))
    expect_equal(student.pkg.rules.hand_scores(taken), expected, f"hand_scores({taken})")


@pytest.mark.weight(16)
def test_hand_scores_moon_and_near_misses(student, ref):
    """The moon for each seat, and the splits that come close to it."""
    for taken in ([26, 0, 0, 0], [0, 26, 0, 0], [0, 0, 26, 0], [0, 0, 0, 26], [13, 13, 0, 0],
                  [25, 1, 0, 0], [0, 13, 0, 13], [1, 25, 0, 0], [0, 0, 12, 14]):
        expected = list(ref.rules.hand_scores(taken))
        expect_equal(student.pkg.rules.hand_scores(taken), expected, f"hand_scores({taken})")


@pytest.mark.parametrize("total", [98, 99, 100, 101])
def test_game_over_around_the_limit(student, ref, total):
    """The end of the game just under, at and over 100, for every seat."""
    for seat in range(4):
        totals = [0, 0, 0, 0]
        totals[seat] = total
        expected = ref.rules.is_game_over(totals)
        expect_equal(student.pkg.rules.is_game_over(totals), expected, f"is_game_over({totals})")
