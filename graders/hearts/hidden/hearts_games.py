"""Shared pieces of the hidden hearts graders: seeded reference games and their situations.

A game is fixed by a seed: North is the ``Dealer`` with ``random.Random(seed)``, and the
player at seat ``s`` (1 to 3) a ``Player`` with ``random.Random(seed * 7 + s)``. Every
seed that reaches student code comes from the course secret (the ``seeds`` fixture, see
``cardlab.judge.seeds``): a test names its games ("legality", 7) and reports show the
names, never the seeds.
"""

import random

SEAT_NAMES = ("North", "East", "South", "West")

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The ranks' notations, lowest first."""

DECK = tuple(rank + suit for suit in "CDSH" for rank in RANKS)
"""The 52 cards' notations in ``full_deck`` order: suit by suit (C, D, S, H), 2 to Ace."""


def game_seeds(seeds, purpose: str, first: int, count: int) -> dict[int, int]:
    """The seeds of games ``first`` to ``first + count - 1`` of ``purpose``, by number."""
    return {number: seeds.seed("hearts", purpose, number)
            for number in range(first, first + count)}


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the generator of the player at ``seat`` in game ``seed``."""
    return seed if seat == 0 else seed * 7 + seat


def reference_game(ref, seed: int):
    """A new reference game for the seed (the first hand dealt)."""
    players = [ref.dealer.Dealer("North", random.Random(seat_seed(seed, 0)))]
    players += [
        ref.player.Player(SEAT_NAMES[seat], random.Random(seat_seed(seed, seat)))
        for seat in (1, 2, 3)
    ]
    return ref.game.Hearts(players)


def student_game(student, seed: int):
    """The same game made of your classes, in the worker."""
    players = [student.pkg.dealer.Dealer("North", student.builtin("Random", seat_seed(seed, 0)))]
    players += [
        student.pkg.player.Player(
            SEAT_NAMES[seat], student.builtin("Random", seat_seed(seed, seat))
        )
        for seat in (1, 2, 3)
    ]
    return student.pkg.game.Hearts(players)


def situations(ref, seeds, every: int = 5):
    """Situations reached by real play: every first-trick turn and every ``every``-th other.

    Returns:
        ``(hand, trick, hearts_broken, first_trick)`` of reference cards, in play order.
    """
    found = []
    for seed in seeds:
        game = reference_game(ref, seed)
        turn = 0
        while not game.is_over and turn < 52 * 3:
            situation = game.situation()
            if situation.first_trick or turn % every == 0:
                found.append(tuple(situation))
            game.play_turn()
            turn += 1
    return found


def notation(cards) -> str:
    """Cards in notation, separated by spaces."""
    return " ".join(card.notation for card in cards)


def events_from(ref, values) -> list:
    """Reference events from the canonical events your code returned.

    Raises:
        ValueError: If a card is not in notation (the codec only sends cards that are).
    """
    event = ref.game.Event
    deck = {card.notation: card for card in ref.card.full_deck()}
    deck["-"] = None
    events = []
    for value in values:
        kind, seat, card, points = value.text.split()
        if card not in deck:
            raise ValueError(f"not a card notation: {card!r}")
        events.append(event(kind, int(seat), deck[card], int(points)))
    return events


def shown_events(events) -> list[str]:
    """Events as lines, for a failure message."""
    return [f"{e.kind} {SEAT_NAMES[e.seat]} {e.card.notation if e.card else ''} {e.points}"
            for e in events]
