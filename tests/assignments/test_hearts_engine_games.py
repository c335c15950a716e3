"""The hearts reference engine against the rules written out plainly, over seeded games.

The reference game is written to be read by students and to be fast
(``benchmarks/hearts_engine.py``). Each speed-up must leave every game exactly as it
was, so this test replays the seeded games the benchmark plays with a plain
implementation of the rules. Cards are (rank, suit letter) pairs, hands are sorted lists,
and every rule is worked out from scratch at every turn. The two must agree event by
event: every deal, card, taker, point, moon, score and winner, and every random draw
(the players pick uniformly among their sorted legal cards with their own generators).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardlab.judge.reference import Reference
from cardlab.worker.codec import Codec

REFERENCE_DIR = Path(__file__).resolve().parents[2] / "reference" / "hearts"
GAMES = 300
DRIVEN_GAMES = 30
SUITS = "CDSH"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
QUEEN_OF_SPADES = ("Q", "S")
TWO_OF_CLUBS = ("2", "C")

PlainCard = tuple[str, str]
PlainEvent = tuple[str, int, str | None, int]


def sort_key(card: PlainCard) -> tuple[int, int]:
    rank, suit = card
    return SUITS.index(suit), RANKS.index(rank)


def points(card: PlainCard) -> int:
    if card == QUEEN_OF_SPADES:
        return 13
    return 1 if card[1] == "H" else 0


def allowed(
    hand: list[PlainCard], trick: list[PlainCard], broken: bool, first: bool
) -> list[PlainCard]:
    """The legal cards, sorted, by the rules of the assignment."""
    if not trick and first:
        return [TWO_OF_CLUBS]
    if not trick:
        choices = [card for card in hand if broken or card[1] != "H"] or hand
    else:
        choices = [card for card in hand if card[1] == trick[0][1]] or hand
    if first:
        clean = [card for card in choices if points(card) == 0]
        choices = clean or choices
    return sorted(choices, key=sort_key)


def plain_game(seed: int, driver: random.Random | None = None) -> list[PlainEvent]:
    """The events of the benchmark's seeded game ``seed``, worked out plainly.

    The dealer is North, with ``Random(seed)``; East, South and West have
    ``Random(seed * 7 + 1)`` to ``Random(seed * 7 + 3)``. With ``driver``, every card
    is drawn from ``driver`` instead of the player's generator.
    """
    rngs = [random.Random(seed)] + [random.Random(seed * 7 + s) for s in (1, 2, 3)]
    totals = [0, 0, 0, 0]
    events: list[PlainEvent] = []
    while max(totals) < 100:
        deck = [(rank, suit) for suit in SUITS for rank in RANKS]
        rngs[0].shuffle(deck)
        events.append(("deal", 0, None, 0))
        hands = [sorted(deck[(seat + 3) % 4 :: 4], key=sort_key) for seat in range(4)]
        taken = [0, 0, 0, 0]
        leader = next(seat for seat in range(4) if TWO_OF_CLUBS in hands[seat])
        broken = False
        for trick_number in range(13):
            trick: list[PlainCard] = []
            for turn in range(4):
                seat = (leader + turn) % 4
                legal = allowed(hands[seat], trick, broken, trick_number == 0)
                card = (driver or rngs[seat]).choice(legal)
                hands[seat].remove(card)
                events.append(("play" if trick else "lead", seat, card[0] + card[1], 0))
                trick.append(card)
                broken = broken or card[1] == "H"
            led = [card for card in trick if card[1] == trick[0][1]]
            best = max(led, key=lambda card: RANKS.index(card[0]))
            leader = (leader + trick.index(best)) % 4
            taken[leader] += sum(points(card) for card in trick)
            events.append(("take", leader, None, sum(points(card) for card in trick)))
        scores = taken
        if 26 in taken:
            shooter = taken.index(26)
            events.append(("moon", shooter, None, 0))
            scores = [0 if seat == shooter else 26 for seat in range(4)]
        events += [("score", seat, None, scores[seat]) for seat in range(4)]
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
    fewest = min(totals)
    events += [("win", seat, None, 0) for seat in range(4) if totals[seat] == fewest]
    return events


@pytest.fixture(scope="module")
def hearts():
    reference = Reference("hearts", REFERENCE_DIR, Codec([]))
    yield reference
    reference.close()


def seeded_game(hearts, seed: int):
    players = [hearts.dealer.Dealer("North", random.Random(seed))]
    players += [
        hearts.player.Player(name, random.Random(seed * 7 + s))
        for s, name in ((1, "East"), (2, "South"), (3, "West"))
    ]
    return hearts.game.Hearts(players)


def plain_events(events) -> list[PlainEvent]:
    return [(e.kind, e.seat, e.card and e.card.notation, e.points) for e in events]


@pytest.mark.slow
def test_seeded_games_played_by_the_players_match_the_plain_rules(hearts):
    for seed in range(GAMES):
        events = plain_events(seeded_game(hearts, seed).play_game())
        expected = plain_game(seed)
        assert len(events) == len(expected), f"game {seed}"
        for number, (event, plain) in enumerate(zip(events, expected, strict=True)):
            assert event == plain, f"game {seed}, event {number}"


@pytest.mark.slow
def test_seeded_games_driven_from_outside_match_the_plain_rules(hearts):
    for seed in range(DRIVEN_GAMES):
        game, driver = seeded_game(hearts, seed), random.Random(-seed)
        while not game.is_over:
            game.play(driver.choice(game.legal_plays()))
        expected = plain_game(seed, random.Random(-seed))
        assert plain_events(game.events) == expected, f"game {seed}"
