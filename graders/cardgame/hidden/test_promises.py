"""Hidden tests of promises that no other test checks (found by the promise audit).

Each test checks one promise of a docstring of the methods you write: the hash of a
card is that of the pair (suit, rank), ``Trick.play`` leaves the hand to the game, and a
clone is a game of the same variation. The audit is ``docs/instructors/promises.md``.
"""

import pytest
from cardgame_setup import DECK, make_player, seat, suit

from cardlab.testing import Handle, card, cards, expect_equal, expect_true, show

MOST_CARDS_PER_HASH = 2
"""The hash of the pair (suit, rank) gives 52 cards (almost surely) 52 values."""


@pytest.mark.part("cards")
def test_hash_spreads_the_deck(student):
    """Card.__hash__ is that of the pair (suit, rank): the 52 cards spread over many values."""
    by_hash = {}
    for text in DECK:
        by_hash.setdefault(student.builtin_int("hash", card(text)), []).append(text)
    crowded = max(by_hash.values(), key=len)
    expect_true(
        len(crowded) <= MOST_CARDS_PER_HASH,
        f"hash(card) over the 52 cards: {len(by_hash)} different values; "
        f"{', '.join(crowded)} all hash to the same value (hash the pair (suit, rank))",
    )


@pytest.mark.part("illegal-moves")
def test_play_leaves_the_hand_to_the_game(student):
    """Trick.play adds the card to the trick and leaves it in the player's hand."""
    trick = student.pkg.trick.Trick(seat("N"), suit("H"))
    player = make_player(student, "N", "2H 3H KS")
    trick.play(player, card("3H"))
    call = "Trick(NORTH, trumps Hearts).play(NORTH holding 2H 3H KS, 3H)"
    expect_equal(trick.cards, cards("3H"), f"{call}; then trick.cards")
    expect_equal(sorted(player.hand), cards("2H 3H KS"), f"{call}; then the hand, sorted")


VARIATIONS = ("ClassicWhist", "SingleHandWhist", "KnockOutWhist")


@pytest.mark.part("cloning")
def test_a_clone_is_a_new_game_of_the_same_variation(student):
    """game.clone() is another object, of the class of the game cloned, in every variation."""
    for variation in VARIATIONS:
        game = student.get(f"variations.{variation}")()
        twin = game.clone()
        call = f"{variation}().clone()"
        expect_true(type(twin) is Handle, f"{call} gave {show(twin)}: return the new game")
        expect_equal(twin.type_name, variation, f"{call}: the class of the clone")
        expect_equal(student.builtin("is", twin, game), False, f"{call} is the game itself")
