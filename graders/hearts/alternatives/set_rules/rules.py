"""The rules of hearts, written with sets and filters from the contract."""

from __future__ import annotations

from collections.abc import Sequence

from .card import QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, Suit

NUM_PLAYERS = 4
HAND_SIZE = 13
MOON_POINTS = 26
GAME_LIMIT = 100


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards sorted by their sort key."""
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def is_heart_or_queen(card: Card) -> bool:
    """A heart or the Queen of Spades."""
    return card.suit == Suit.HEARTS or card == QUEEN_OF_SPADES


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], hearts_broken: bool, first_trick: bool
) -> tuple[Card, ...]:
    """The cards that may be played."""
    if len(hand) == 0:
        raise ValueError("empty hand")
    cards = set(hand)
    if len(trick) == 0 and first_trick:
        if TWO_OF_CLUBS not in cards:
            raise ValueError("2C must lead")
        return (TWO_OF_CLUBS,)
    if len(trick) == 0:
        allowed = cards if hearts_broken else {c for c in cards if c.suit != Suit.HEARTS}
    else:
        allowed = {c for c in cards if c.suit == trick[0].suit}
    allowed = allowed or cards
    if first_trick:
        clean = {c for c in allowed if not is_heart_or_queen(c)}
        allowed = clean or allowed
    return sorted_cards(list(allowed))


def trick_winner(trick: Sequence[Card]) -> int:
    """Index of the highest card of the led suit."""
    if len(trick) == 0:
        raise ValueError("empty trick")
    candidates = [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    return max(candidates, key=lambda i: trick[i].strength)


def trick_points(cards: Sequence[Card]) -> int:
    """Sum of the points."""
    total = 0
    for card in cards:
        total += card.points
    return total


def shot_the_moon(points_taken: Sequence[int]) -> int | None:
    """The seat that took all 26, if any."""
    return next((s for s, p in enumerate(points_taken) if p == MOON_POINTS), None)


def hand_scores(points_taken: Sequence[int]) -> tuple[int, ...]:
    """Scores of a hand with the moon."""
    shooter = shot_the_moon(points_taken)
    if shooter is None:
        return tuple(int(p) for p in points_taken)
    return tuple(MOON_POINTS * (seat != shooter) for seat in range(len(points_taken)))


def add_scores(totals: Sequence[int], hand: Sequence[int]) -> tuple[int, ...]:
    """Totals plus a hand."""
    return tuple(a + b for a, b in zip(totals, hand, strict=True))


def is_game_over(totals: Sequence[int], limit: int = GAME_LIMIT) -> bool:
    """Over once a total reaches the limit."""
    return max(totals) >= limit


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the fewest points."""
    return tuple(s for s, t in enumerate(totals) if t == min(totals))
