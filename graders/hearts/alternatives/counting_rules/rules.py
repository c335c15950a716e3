"""The rules of hearts, written with explicit loops from the contract."""

from __future__ import annotations

from collections.abc import Sequence

from .card import Card, Suit

NUM_PLAYERS = 4
HAND_SIZE = 13
MOON_POINTS = 26
GAME_LIMIT = 100


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards sorted by their sort key."""
    result = list(cards)
    result.sort(key=lambda c: c.sort_key)
    return tuple(result)


def is_heart_or_queen(card: Card) -> bool:
    """A heart or the Queen of Spades."""
    return card.points > 0


def _filter(cards: list[Card], keep) -> list[Card]:
    kept = []
    for card in cards:
        if keep(card):
            kept.append(card)
    return kept


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], hearts_broken: bool, first_trick: bool
) -> tuple[Card, ...]:
    """The cards that may be played."""
    cards = list(hand)
    if not cards:
        raise ValueError("no card in hand")
    if trick:
        allowed = _filter(cards, lambda c: c.suit is trick[0].suit) or cards
    elif first_trick:
        allowed = _filter(cards, lambda c: c.notation == "2C")
        if not allowed:
            raise ValueError("the 2 of Clubs leads the first trick")
    elif hearts_broken:
        allowed = cards
    else:
        allowed = _filter(cards, lambda c: c.suit is not Suit.HEARTS) or cards
    if first_trick:
        allowed = _filter(allowed, lambda c: not is_heart_or_queen(c)) or allowed
    return sorted_cards(allowed)


def trick_winner(trick: Sequence[Card]) -> int:
    """Index of the highest card of the led suit."""
    if not trick:
        raise ValueError("no card in the trick")
    best = 0
    for i in range(1, len(trick)):
        if trick[i].suit is trick[0].suit and trick[i].strength > trick[best].strength:
            best = i
    return best


def trick_points(cards: Sequence[Card]) -> int:
    """Sum of the points."""
    return sum(c.points for c in cards)


def shot_the_moon(points_taken: Sequence[int]) -> int | None:
    """The seat that took all 26, if any."""
    for seat in range(len(points_taken)):
        if points_taken[seat] == MOON_POINTS:
            return seat
    return None


def hand_scores(points_taken: Sequence[int]) -> tuple[int, ...]:
    """Scores of a hand with the moon."""
    shooter = shot_the_moon(points_taken)
    scores = []
    for seat, points in enumerate(points_taken):
        if shooter is None:
            scores.append(points)
        else:
            scores.append(0 if seat == shooter else MOON_POINTS)
    return tuple(scores)


def add_scores(totals: Sequence[int], hand: Sequence[int]) -> tuple[int, ...]:
    """Totals plus a hand."""
    if len(totals) != len(hand):
        raise ValueError("lengths differ")
    return tuple(totals[i] + hand[i] for i in range(len(totals)))


def is_game_over(totals: Sequence[int], limit: int = GAME_LIMIT) -> bool:
    """Over once a total reaches the limit."""
    reached = [total for total in totals if total >= limit]
    return len(reached) > 0


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the fewest points."""
    fewest = totals[0]
    for total in totals:
        fewest = min(fewest, total)
    return tuple(s for s in range(len(totals)) if totals[s] == fewest)
