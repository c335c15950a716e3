"""What the other bisca player's choices say about its hidden hand.

The strong bot (:mod:`.strong`) guesses the cards it has not seen. The
reference AutoPlayer chooses by fixed rules from its own hand, so each of its choices
rules hands out: a player that led the Queen of Spades holds no cheaper non-trump; one
that threw a 2 on a led non-trump Ace held no trump (it would have taken the Ace). This module
keeps the exact Bayesian posterior over the other hand under two models of the other
player, mixed by how well each explains every choice seen since the deal:

* the **AutoPlayer**: it plays the card the reference's rules choose (among cards of
  equal cost, which its hand order decides and nobody else sees, each is taken as
  equally likely);
* an **unknown player** (a person, a student's bot): its choices say nothing about its
  hand, and each card in it is equally likely to be played.

The AutoPlayer's posterior is kept as weights on *pairs* of cards. While the stock lasts
the other player holds three cards when it chooses; after it plays one, two are left and
it draws the third from the stock, each unseen card as likely as any other. So the weight
of a hand of three is the sum of the weights of the three pairs inside it, and a choice is
taken into account in one pass over the pairs left (a few hundred), not over every hand
(thousands). A card the bot draws later was in the stock all along, never in the other
hand: a pair that holds one of the bot's cards simply stops counting.

Cards are numbers and sets of them bit masks, as in the search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

PRIOR_ODDS = 4.0
"""The odds that the other player is an AutoPlayer before its first choice.

The bot is mostly matched against the reference AutoPlayer; anyone else soon shows it:
a single choice that no hand of an AutoPlayer explains sets the odds to 0.
"""

MAX_ODDS = 1e12
"""Odds for the AutoPlayer beyond which more evidence changes nothing (no overflow)."""

TRUMP_WORTHY_POINTS = 3
"""The AutoPlayer spends a trump on a led non-trump worth at least this many points."""


def bits(mask: int) -> list[int]:
    """The card numbers in the bit set ``mask``, lowest first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def choice_likelihood(hand: Sequence[int], card: int, led: int, stock_size: int, t: Any) -> float:
    """The probability that a reference AutoPlayer holding ``hand`` plays ``card``.

    Args:
        hand: The card numbers it holds, ``card`` among them.
        card: The card it played.
        led: The card it answered, or -1 if it led.
        stock_size: The cards in the stock when it chose.
        t: The search's tables of the game (``strong._Tables``).

    Returns:
        1 or 0 when its rules pick one card; ``1/k`` when they leave ``k`` cards of the
        same cost (the same rank in two non-trump suits), since the order of its hand,
        which breaks the tie, is hidden.
    """
    if led < 0:
        cost = t.lead_cost
        return _share_of_cheapest(hand, card, cost)
    led_suit, led_strength = t.suit[led], t.strength[led]
    win_value = t.win_value
    winner = -1
    for c in hand:
        beats_led = t.suit[c] == led_suit and t.strength[c] > led_strength
        if beats_led and (winner < 0 or win_value[c] > win_value[winner]):
            winner = c
    if winner >= 0:
        return 1.0 if winner == card else 0.0
    if not t.is_trump[led] and (t.points[led] >= TRUMP_WORTHY_POINTS or stock_size == 0):
        trumps = [c for c in hand if t.is_trump[c]]
        if trumps:
            return 1.0 if card == min(trumps, key=t.strength.__getitem__) else 0.0
    return _share_of_cheapest(hand, card, t.discard_cost)


def _share_of_cheapest(hand: Sequence[int], card: int, cost: Sequence[int]) -> float:
    """1/k if ``card`` is one of the ``k`` cards of lowest ``cost`` in ``hand``, else 0."""
    lowest = min(cost[c] for c in hand)
    if cost[card] != lowest:
        return 0.0
    return 1.0 / sum(1 for c in hand if cost[c] == lowest)


class HandBelief:
    """The posterior over the other player's hand, from every choice it made.

    Feed it the other player's choices in order with :meth:`observe`; ask it for the
    weight of its possible hands with :meth:`hand_weights`. ``pool`` arguments are the
    cards the other hand could hold at that moment: every card but the bot's own (those
    it holds or held), the cards played before, and the shown trump card.

    Attributes:
        odds: The posterior odds that the other player is an AutoPlayer rather than
            an unknown player: :data:`PRIOR_ODDS` times how much better the AutoPlayer
            explains the choices seen.
    """

    def __init__(self, tables: Any, pool: int) -> None:
        """Start from the deal: every three cards of ``pool`` are as likely a hand."""
        self.t = tables
        cards = bits(pool)
        self._pairs = {1 << a | 1 << b: 1.0 for i, a in enumerate(cards) for b in cards[i + 1 :]}
        self.odds = PRIOR_ODDS

    @property
    def auto(self) -> float:
        """The posterior probability that the other player is an AutoPlayer."""
        return self.odds / (1.0 + self.odds)

    def _three(self, pair: int, card: int) -> float:
        """The weight of the hand ``pair`` plus ``card`` (before its choice)."""
        pairs = self._pairs
        a, b = bits(pair)
        return (
            pairs.get(pair, 0.0)
            + pairs.get(1 << a | 1 << card, 0.0)
            + pairs.get(1 << b | 1 << card, 0.0)
        )

    def _after(self, card: int, led: int, stock_size: int, pool: int) -> dict[int, float]:
        """The weights of the two cards kept, after it played ``card`` from three."""
        t, kept = self.t, {}
        rest = bits(pool & ~(1 << card))
        for i, a in enumerate(rest):
            for b in rest[i + 1 :]:
                pair = 1 << a | 1 << b
                weight = self._three(pair, card)
                if weight:
                    weight *= choice_likelihood((a, b, card), card, led, stock_size, t)
                    if weight:
                        kept[pair] = weight
        return kept

    def observe(self, card: int, led: int, stock_size: int, pool: int) -> None:
        """Take into account that it played ``card`` (on ``led``, or led it if -1).

        ``stock_size`` is the stock when it chose: while it is not empty the other
        player held three cards of ``pool``, played one and will draw another. With the
        stock empty its hand is known (``pool``): only the odds change.
        """
        if stock_size == 0:
            hand = bits(pool)
            explained = choice_likelihood(hand, card, led, stock_size, self.t)
            self._update_odds(explained * len(hand))
            return
        size = pool.bit_count()
        total = sum(w for pair, w in self._pairs.items() if not pair & ~pool) * (size - 2)
        kept = self._after(card, led, stock_size, pool)
        explained = sum(kept.values()) / total if total else 0.0
        self._update_odds(explained * size)
        if not kept:  # no hand explains it: not an AutoPlayer (the odds are now 0)
            rest = bits(pool & ~(1 << card))
            kept = {1 << a | 1 << b: 1.0 for i, a in enumerate(rest) for b in rest[i + 1 :]}
        self._pairs = kept

    def _update_odds(self, ratio: float) -> None:
        """Multiply the odds by the likelihood ratio of a choice (AutoPlayer : unknown)."""
        self.odds = min(MAX_ODDS, self.odds * ratio)

    def hand_weights(self, pool: int, led: int, stock_size: int) -> dict[int, float]:
        """The AutoPlayer model's weight of each hand it may hold now (stock not empty).

        Args:
            pool: The cards it may hold.
            led: The card it has just led and the bot must answer, or -1 if the bot
                leads (then it holds three cards, else the two left).
            stock_size: The stock now.

        Returns:
            Weights by hand (a bit set), in proportion to their probability; empty if no
            hand explains its choices.
        """
        if led >= 0:
            return self._after(led, -1, stock_size, pool | 1 << led)
        cards = bits(pool)
        weights = {}
        for i, a in enumerate(cards):
            for j in range(i + 1, len(cards)):
                b = cards[j]
                pair = 1 << a | 1 << b
                for c in cards[j + 1 :]:
                    weight = self._three(pair, c)
                    if weight:
                        weights[pair | 1 << c] = weight
        return weights

    def pair_weights(self, pool: int) -> dict[int, float]:
        """The weights of the pairs the next hand of three is drawn from (see module)."""
        return {pair: w for pair, w in self._pairs.items() if not pair & ~pool}
