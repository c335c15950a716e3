"""Situations for the hidden whist graders, aimed at every branch of the basic rule.

A situation is a trick in progress and the hand of the player to play, dealt from one
shuffled deck so no card appears twice. Hypothesis draws the branch and a seed; the
seed drives a small search that deals situations until one falls in that branch. So a
rare branch (holding only trumps, a trump that cannot win) is tested as often as a
common one.
"""

import random

from hypothesis import strategies as st
from whist_ref import ALL_CARDS

SUIT_NAMES = ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")
BRANCHES = (
    "lead",
    "partner-winning",
    "follow-and-beat",
    "follow-cannot-beat",
    "void-trump-wins",
    "void-trump-loses",
    "void-no-trump",
    "only-trumps",
)
_TRIES = 5000


def branch_of(r, trumps, leader, trick_texts, hand_texts):
    """The branch of the basic rule a situation falls in (the reference's classes)."""
    trick = r.trick.Trick(r.Suit[trumps], leader)
    for offset, text in enumerate(trick_texts):
        trick.set_card((leader + offset) % 4, r.of(text))
    hand = r.cards(hand_texts)
    if not trick_texts:
        return "lead"
    seat = trick.next_player
    if trick.winner() == (seat + 2) % 4:
        return "partner-winning"
    best = trick.winning_card()
    led = [c for c in hand if c.suit is trick.lead_suit]
    if led:
        beats = any(r.trick.beats(c, best, trick.trumps) for c in led)
        return "follow-and-beat" if beats else "follow-cannot-beat"
    trumps_held = [c for c in hand if c.suit is trick.trumps]
    if not trumps_held:
        return "void-no-trump"
    if any(r.trick.beats(c, best, trick.trumps) for c in trumps_held):
        return "void-trump-wins"
    return "only-trumps" if len(trumps_held) == len(hand) else "void-trump-loses"


def _deal(rng, branch):
    """One random situation, shaped towards ``branch`` (not always in it)."""
    trumps = rng.choice(SUIT_NAMES)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    played = 0 if branch == "lead" else rng.randint(1, 3)
    trick, rest = deck[:played], deck[played:]
    if (trick and branch.startswith("void")) or branch == "only-trumps":
        led = trick[0][-1] if trick else ""
        rest = [c for c in rest if c[-1] != led]
        if branch == "only-trumps":
            rest = [c for c in rest if c[-1] == trumps[0]]
    hand = rest[: rng.randint(1, 13)]
    return trumps, rng.randrange(4), trick, hand


@st.composite
def situations(draw, r, branch=None):
    """(branch, trumps, leader, trick notations, hand notations) in the branch drawn."""
    wanted = branch or draw(st.sampled_from(BRANCHES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(_TRIES):
        trumps, leader, trick, hand = _deal(rng, wanted)
        if hand and branch_of(r, trumps, leader, trick, hand) == wanted:
            return wanted, trumps, leader, trick, hand
    raise AssertionError(f"no situation found in branch {wanted}")  # never with _TRIES
