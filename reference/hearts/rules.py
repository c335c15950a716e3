"""The rules of hearts as pure functions: no input, no output, no state.

Every function here takes plain values (cards, tuples, numbers) and returns a new value,
so each rule can be tested on its own.  The game (``game.Hearts``) and the players call
them; nothing else decides what is legal, who takes a trick, or what a hand scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from .card import TWO_OF_CLUBS, Card, Suit

NUM_PLAYERS = 4
"""Hearts is played by four players."""

HAND_SIZE = 13
"""Cards dealt to each player, and tricks played in each hand."""

MOON_POINTS = 26
"""All the penalty points of a hand: 13 hearts and the Queen of Spades."""

GAME_LIMIT = 100
"""The game ends when a player's total reaches this many penalty points."""

_SORT_KEY = attrgetter("sort_key")

# The suits the rules compare cards with, looked up once: the rules run at every card
# played, and ``Suit.HEARTS`` (a member of an Enum class) takes several times as long to
# read as a name of this module.
_HEARTS, _SPADES = Suit.HEARTS, Suit.SPADES


def sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Return ``cards`` in ``Card.sort_key`` order (clubs, diamonds, spades, hearts)."""
    return tuple(sorted(cards, key=_SORT_KEY))


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Card], hearts_broken: bool, first_trick: bool
) -> tuple[Card, ...]:
    """Return the cards of ``hand`` that may be played now.

    Leading (``trick`` empty): on the first trick only the 2 of Clubs; otherwise any
    card but a heart until hearts are broken, unless the hand holds nothing but hearts.
    Following: a card of the led suit if the hand holds one, otherwise any card.  On the
    first trick, a heart or the Queen of Spades only if the hand holds nothing else
    that the two rules before allow.

    Args:
        hand: The player's cards (any order, not empty).
        trick: The cards already played in this trick, the led card first.
        hearts_broken: True once a heart has been played in this hand.
        first_trick: True during the first trick of the hand.

    Returns:
        The cards allowed, sorted by ``Card.sort_key``; never empty.

    Raises:
        ValueError: If ``hand`` is empty, or holds no 2 of Clubs when leading the first
            trick.
    """
    if not hand:
        raise ValueError("an empty hand has no card to play")
    if not trick:
        allowed = _leads(hand, hearts_broken, first_trick)
    else:
        allowed = [card for card in hand if card.suit is trick[0].suit] or list(hand)
    if first_trick:
        allowed = [card for card in allowed if not is_heart_or_queen(card)] or allowed
    return tuple(sorted(allowed, key=_SORT_KEY))


def _leads(hand: Sequence[Card], hearts_broken: bool, first_trick: bool) -> list[Card]:
    """The cards the leader may lead (see ``legal_plays``)."""
    if first_trick:
        if TWO_OF_CLUBS not in hand:
            raise ValueError("the first trick is led with the 2 of Clubs, which is not in hand")
        return [TWO_OF_CLUBS]
    if hearts_broken:
        return list(hand)
    return [card for card in hand if card.suit is not _HEARTS] or list(hand)


def trick_winner(trick: Sequence[Card]) -> int:
    """Return who takes a trick: the position of the highest card of the led suit.

    Args:
        trick: The cards of the trick in the order played, the led card first (four
            cards in a game; any number from one is accepted).

    Returns:
        The index in ``trick`` of the highest-ranking card of the led card's suit.
        Cards of other suits never take the trick, however high.

    Raises:
        ValueError: If ``trick`` is empty.
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    led = trick[0].suit
    best = 0
    for position, card in enumerate(trick):
        if card.suit is led and card.strength > trick[best].strength:
            best = position
    return best


def trick_points(cards: Sequence[Card]) -> int:
    """Return the penalty points of some cards: the sum of their ``points``."""
    return sum(card.points for card in cards)


def hand_scores(points_taken: Sequence[int]) -> tuple[int, ...]:
    """Return what each player scores for one hand, shooting the moon included.

    A player who took all ``MOON_POINTS`` (26: every heart and the Queen of Spades)
    has shot the moon: that player scores 0 and every other player scores 26.
    Otherwise each player scores the points they took.

    Args:
        points_taken: The penalty points each player took in the hand, by seat.

    Returns:
        The points each player scores for the hand, by seat.
    """
    shooter = shot_the_moon(points_taken)
    if shooter is None:
        return tuple(points_taken)
    return tuple(0 if seat == shooter else MOON_POINTS for seat in range(len(points_taken)))


def shot_the_moon(points_taken: Sequence[int]) -> int | None:
    """Return the seat of the player who took all ``MOON_POINTS`` in a hand, or None."""
    for seat, points in enumerate(points_taken):
        if points == MOON_POINTS:
            return seat
    return None


def add_scores(totals: Sequence[int], hand: Sequence[int]) -> tuple[int, ...]:
    """Return the running totals after a hand: ``totals`` plus ``hand``, seat by seat."""
    return tuple(total + points for total, points in zip(totals, hand, strict=True))


def is_game_over(totals: Sequence[int], limit: int = GAME_LIMIT) -> bool:
    """Return True when some player's total has reached ``limit`` (100) or more."""
    return any(total >= limit for total in totals)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Return the seats with the fewest penalty points, in seat order (ties all win)."""
    fewest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == fewest)


def is_heart_or_queen(card: Card) -> bool:
    """Return True for the cards that may not be played on the first trick at will."""
    return card.suit is _HEARTS or (card.suit is _SPADES and card.rank == "Q")
