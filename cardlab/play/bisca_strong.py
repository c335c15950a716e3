"""A stronger bisca player: a heuristic while the stock lasts, exact search after it.

While cards are left in the stock, the player does not know the other hand and plays
as a given heuristic (the reference AutoPlayer's ``choose``). Once the stock is empty,
the other hand is exactly the cards it has not seen (its own hand, the table, the cards
played and the shown trump card are known), so it searches the rest of the game
exactly: minimax over at most three cards each, maximising its final points margin.

A determinized Monte Carlo search for the stock phase (deal the unseen cards at random,
finish each deal with greedy play) was tried and measured weaker than the reference
heuristic with simple greedy playouts; see ``benchmarks/README.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def _beats(followed: Any, led: Any, trump: Any) -> bool:
    if followed.suit == led.suit:
        return followed.strength > led.strength
    return followed.suit == trump


def _exact(
    mine: tuple, theirs: tuple, my_turn_to_lead: bool, table: Any | None, trump: Any, margin: int
) -> int:
    """The best final margin (my points minus theirs, from now) with both hands known.

    It is my move: I lead when ``table`` is None, else I follow ``table``.
    """
    best = None
    for card in mine:
        rest = tuple(c for c in mine if c is not card)
        if table is not None:
            gain = card.points + table.points
            won = _beats(card, table, trump)
            value = _after_trick(rest, theirs, won, trump, margin + (gain if won else -gain))
        else:
            value = _reply(rest, theirs, card, trump, margin)
        best = value if best is None else max(best, value)
    return margin if best is None else best


def _reply(mine: tuple, theirs: tuple, led: Any, trump: Any, margin: int) -> int:
    worst = None
    for card in theirs:
        rest = tuple(c for c in theirs if c is not card)
        gain = card.points + led.points
        they_won = _beats(card, led, trump)
        value = _after_trick(
            mine, rest, not they_won, trump, margin - gain if they_won else margin + gain
        )
        worst = value if worst is None else min(worst, value)
    return margin if worst is None else worst


def _after_trick(mine: tuple, theirs: tuple, i_won: bool, trump: Any, margin: int) -> int:
    if not mine and not theirs:
        return margin
    if i_won:
        return _exact(mine, theirs, True, None, trump, margin)
    worst = None
    for card in theirs:
        rest = tuple(c for c in theirs if c is not card)
        value = _exact(mine, rest, False, card, trump, margin)
        worst = value if worst is None else min(worst, value)
    return margin if worst is None else worst


class StrongPlayer:
    """Chooses bisca cards; one object per game.

    Args:
        deck: Every card of the deck (the reference's ``Deck.standard().cards``).
        heuristic: Chooses a card while the stock is not empty.
    """

    def __init__(self, deck: Sequence[Any], heuristic: Callable[[Any], Any]) -> None:
        """Keep the deck and the heuristic."""
        self._deck = tuple(deck)
        self._heuristic = heuristic

    def choose(self, view: Any) -> Any:
        """The card to play for ``view``: one of ``view.hand``."""
        hand = tuple(view.hand)
        if view.stock_size > 0 or len(hand) == 1:
            return self._heuristic(view)
        seen = {*hand, *view.played, *view.table}
        theirs = tuple(card for card in self._deck if card not in seen)
        led = view.table[0] if view.table else None
        trump = view.trump

        def value(card: Any) -> int:
            rest = tuple(c for c in hand if c is not card)
            if led is None:
                return _reply(rest, theirs, card, trump, 0)
            gain = card.points + led.points
            won = _beats(card, led, trump)
            return _after_trick(rest, theirs, won, trump, gain if won else -gain)

        return max(hand, key=value)
