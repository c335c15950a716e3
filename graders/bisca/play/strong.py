"""A stronger bisca player: Monte Carlo search over the unseen cards, exact search late.

The player sees only what its ``PlayerView`` shows: its hand, the trump card while it is
at the bottom of the stock, the card led, the cards played and the scores. From those it
knows exactly which cards it has not seen (the *unseen* cards): the other hand and the
stock, apart from the shown trump card, which is drawn last.

* **Stock empty.** The other hand is then exactly the unseen cards, so the rest of the
  game is searched exactly: minimax over both hands, maximising the final points margin.
* **Stock nearly empty** (at most :data:`EXACT_STOCK` cards). The few possible deals of
  the unseen cards are tried in turn (every way of putting them in the other hand and the
  stock), each searched exactly with both hands known, and the card with the best mean
  margin over those deals is played.
* **Stock larger.** :data:`SAMPLES` random deals of the unseen cards are drawn, the same
  for every card in hand. For each card and deal the game is played out (a *rollout*):
  the bot's next card is the best of its hand (:data:`LOOKAHEAD`), then both players
  follow the reference AutoPlayer's rules of thumb until the stock is empty, and the end
  is searched exactly. The card with the best mean margin is played.

The other hand is **guessed from what the other player did**: the bot remembers the game
from its first move and keeps the exact posterior over the other hand given every choice
the other player made (:class:`~.inference.HandBelief`), for two
models of it mixed by how well each explains those choices: the reference AutoPlayer
(whose rules rule hands out: it leads its cheapest non-trump, so it holds no cheaper
one than the card it led) and an unknown player whose choices say nothing. Random deals
draw the other hand from that posterior; the exhaustive deals are weighed by it.

The rollouts model the other player as the reference AutoPlayer: that is the only
opponent the bot knows, and a quick guess at how anyone plays. The exact searches model
it as an AutoPlayer too once its choices make that nearly certain (:data:`AUTO_TRUST`);
otherwise they assume nothing, and the other player plays its best. A single choice that
no AutoPlayer would have made rules the model out for the rest of the game, so a person
or a student's bot cannot lure the bot into trusting it. The bot never reads the
other hand or the order of the stock; it deals the unseen cards itself, from its own
seeded random source, so a game replays exactly.

Against the reference AutoPlayer it scores about 0.58 of the points on duplicate deals
(``benchmarks/strong_bot.py``; the figures are in ``benchmarks/README.md``), in about
15 ms of processor time a move (up to about 50 ms at the start of a game). Told the
other hand, the same search would score about 0.66: knowing it is worth much, but the
bot's guess is already the exact posterior. Changes to the rollouts (perfect play in
their last rounds, other rules for my own moves, a lookahead that cannot use the sampled
hand) gained nothing measurable; ``benchmarks/README.md`` lists them.

Cards are numbered 0..39 inside the search (their place in the deck given to the player)
and hands are bit sets of those numbers: the searches run tens of thousands of times a
move, and small integers are much quicker than card objects.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from .inference import HandBelief, bits

SAMPLES = 100
"""Random deals of the unseen cards tried at every move while the stock is large."""

EXACT_STOCK = 2
"""With this many cards or fewer in the stock, every deal of the unseen cards is tried."""

LOOKAHEAD = 1
"""My next cards chosen by search, not by the AutoPlayer's rules, in a random deal's
rollout (:meth:`_Search.lookahead`); each costs three times the time."""

AUTO_TRUST = 0.99
"""Above this posterior chance that the other player is an AutoPlayer, the searches
model it as one (its moves are the AutoPlayer's), rather than as playing its best."""

TRUMP_WORTHY_POINTS = 3
"""The AutoPlayer spends a trump on a led non-trump worth at least this many points."""


class _Tables:
    """What the search needs to know about each card number, for one trump suit.

    Attributes:
        points: The points of each card.
        beats: ``beats[led][followed]``: the card played second wins the round.
        lead_cost: The AutoPlayer's order of cards to lead (lowest first): non-trumps
            before trumps, then fewer points, then weaker.
        discard_cost: Its order of cards to give away: fewer points, non-trumps before
            trumps, then weaker.
        win_value: Its order of same-suit winners (highest first): more points, then
            weaker.
        suit: The suit number of each card.
        strength: The strength of each card (0 for a 2 up to 9 for an Ace).
        is_trump: Whether each card is a trump.
    """

    def __init__(self, deck: Sequence[Any], trump: Any) -> None:
        """Work the tables out from the deck's cards and the trump suit."""
        suits = list(dict.fromkeys(card.suit for card in deck))
        self.suit = [suits.index(card.suit) for card in deck]
        self.strength = [card.strength for card in deck]
        self.points = [card.points for card in deck]
        self.is_trump = [card.suit == trump for card in deck]
        size = len(deck)
        self.beats = [
            [
                self.strength[f] > self.strength[led]
                if self.suit[f] == self.suit[led]
                else self.is_trump[f]
                for f in range(size)
            ]
            for led in range(size)
        ]
        self.lead_cost = [
            self.is_trump[c] * 1000 + self.points[c] * 10 + self.strength[c] for c in range(size)
        ]
        self.discard_cost = [
            self.points[c] * 100 + self.is_trump[c] * 10 + self.strength[c] for c in range(size)
        ]
        self.win_value = [self.points[c] * 10 + 9 - self.strength[c] for c in range(size)]


_CARDS: dict[int, tuple[int, ...]] = {}
"""The card numbers of every bit set met so far (hands: a few thousand of them)."""


def _cards(mask: int) -> tuple[int, ...]:
    """The card numbers in the bit set ``mask``, lowest first (remembered)."""
    cards = _CARDS.get(mask)
    if cards is None:
        cards = _CARDS[mask] = tuple(bits(mask))
    return cards


def _auto_lead(hand: Sequence[int], t: _Tables) -> int:
    """The card the AutoPlayer leads from ``hand``: the cheapest non-trump."""
    cost = t.lead_cost
    return min(hand, key=cost.__getitem__)


def _auto_follow(hand: Sequence[int], led: int, stock_size: int, t: _Tables) -> int:
    """The card the AutoPlayer plays on ``led``.

    Its strongest-scoring same-suit winner; else its weakest trump if the led card is a
    non-trump worth a trump (or the stock is empty); else its cheapest card.
    """
    return _auto_follow_rule(hand, led, stock_size, t)[0]


def _auto_follow_rule(
    hand: Sequence[int], led: int, stock_size: int, t: _Tables
) -> tuple[int, bool]:
    """The AutoPlayer's card on ``led``, and whether it merely gave away its cheapest."""
    led_suit, led_strength = t.suit[led], t.strength[led]
    winners = [c for c in hand if t.suit[c] == led_suit and t.strength[c] > led_strength]
    if winners:
        return max(winners, key=t.win_value.__getitem__), False
    if not t.is_trump[led] and (t.points[led] >= TRUMP_WORTHY_POINTS or stock_size == 0):
        trumps = [c for c in hand if t.is_trump[c]]
        if trumps:
            return min(trumps, key=t.strength.__getitem__), False
    return min(hand, key=t.discard_cost.__getitem__), True


class _Choice(NamedTuple):
    """A card the other player chose: led when ``on`` is -1, else played on ``on``."""

    card: int
    on: int
    stock_size: int


def _their_choices(
    played: Sequence[int], i_led_first: bool, first_stock: int, t: _Tables
) -> list[_Choice]:
    """The other player's choices in the finished rounds, oldest first.

    ``played`` holds each round's led card then its followed card, as ``view.played``
    does; who led each round follows from who led the first and who won each.
    """
    choices, i_lead = [], i_led_first
    for r in range(0, len(played) - 1, 2):
        led, followed = played[r], played[r + 1]
        stock_size = max(0, first_stock - r)  # two cards are drawn after each round
        if i_lead:
            choices.append(_Choice(followed, led, stock_size))
        else:
            choices.append(_Choice(led, -1, stock_size))
        i_lead = i_lead != t.beats[led][followed]
    return choices


class _Search:
    """Exact and sampled searches of one game, with a memory of solved endgames."""

    def __init__(self, tables: _Tables) -> None:
        """Start with no endgame solved."""
        self.t = tables
        self._endgames: dict[tuple[int, int, int], int] = {}
        self._leads: dict[int, int] = {}
        self._follows: dict[int, int] = {}

    def auto_lead(self, hand: int) -> int:
        """The card the AutoPlayer leads from the bit set ``hand`` (remembered)."""
        card = self._leads.get(hand)
        if card is None:
            card = self._leads[hand] = _auto_lead(_cards(hand), self.t)
        return card

    def auto_follow(self, hand: int, led: int, stock_size: int) -> int:
        """The card the AutoPlayer plays from ``hand`` on ``led`` (remembered)."""
        key = hand << 7 | led << 1 | (stock_size == 0)
        card = self._follows.get(key)
        if card is None:
            card = self._follows[key] = _auto_follow(_cards(hand), led, stock_size, self.t)
        return card

    def endgame(self, mine: int, theirs: int, led: int) -> int:
        """The best margin from now (my points minus theirs), the stock empty.

        Both hands are known. It is my move: I lead when ``led`` is -1, else I follow
        the card ``led``. The other player is assumed to play its best too (minimax).
        """
        key = (mine, theirs, led)
        known = self._endgames.get(key)
        if known is not None:
            return known
        t, best = self.t, None
        for card in _cards(mine):
            rest = mine ^ (1 << card)
            if led < 0:
                value = self.reply(rest, theirs, card)
            else:
                gain = t.points[card] + t.points[led]
                if t.beats[led][card]:
                    value = gain + (self.endgame(rest, theirs, -1) if rest else 0)
                else:
                    value = -gain + (self.they_lead(rest, theirs) if rest else 0)
            best = value if best is None else max(best, value)
        best = 0 if best is None else best
        self._endgames[key] = best
        return best

    def reply(self, mine: int, theirs: int, led: int) -> int:
        """The other player answers my ``led`` card with its best reply (stock empty)."""
        t, worst = self.t, None
        for card in _cards(theirs):
            rest = theirs ^ (1 << card)
            gain = t.points[card] + t.points[led]
            if t.beats[led][card]:
                value = -gain + (self.they_lead(mine, rest) if rest else 0)
            else:
                value = gain + (self.endgame(mine, rest, -1) if mine else 0)
            worst = value if worst is None else min(worst, value)
        return 0 if worst is None else worst

    def they_lead(self, mine: int, theirs: int) -> int:
        """The other player leads its best card (stock empty)."""
        worst = None
        for card in _cards(theirs):
            value = self.endgame(mine, theirs ^ (1 << card), card)
            worst = value if worst is None else min(worst, value)
        return 0 if worst is None else worst

    def exact(self, mine: int, theirs: int, stock: tuple[int, ...], led: int) -> int:
        """The best margin from now with both hands and the stock order known.

        ``stock`` is the cards still to draw, the next one first. It is my move: I lead
        when ``led`` is -1, else I follow ``led``. The other player plays its best.
        """
        if not stock:
            return self.endgame(mine, theirs, led)
        best = None
        for card in _cards(mine):
            rest = mine ^ (1 << card)
            if led < 0:
                value = self.exact_reply(rest, theirs, stock, card)
            else:
                value = self.settle(rest, theirs, stock, led, card, i_led=False)
            best = value if best is None else max(best, value)
        return 0 if best is None else best

    def exact_reply(self, mine: int, theirs: int, stock: tuple[int, ...], led: int) -> int:
        """The other player answers my ``led`` card, both hands and the stock known."""
        worst = None
        for card in _cards(theirs):
            value = self.settle(mine, theirs ^ (1 << card), stock, led, card, i_led=True)
            worst = value if worst is None else min(worst, value)
        return 0 if worst is None else worst

    def settle(
        self, mine: int, theirs: int, stock: tuple[int, ...], led: int, followed: int, i_led: bool
    ) -> int:
        """Score a round, draw (the round's leader first), and search the rest exactly."""
        t = self.t
        gain = t.points[led] + t.points[followed]
        i_won = i_led != t.beats[led][followed]
        first, second, stock = stock[0], stock[1], stock[2:]
        if i_led:
            mine, theirs = mine | 1 << first, theirs | 1 << second
        else:
            mine, theirs = mine | 1 << second, theirs | 1 << first
        if i_won:
            return gain + self.exact(mine, theirs, stock, -1)
        return -gain + self.exact_they_lead(mine, theirs, stock)

    def exact_they_lead(self, mine: int, theirs: int, stock: tuple[int, ...]) -> int:
        """The other player leads its best card, both hands and the stock known."""
        worst = None
        for card in _cards(theirs):
            value = self.exact(mine, theirs ^ (1 << card), stock, card)
            worst = value if worst is None else min(worst, value)
        return 0 if worst is None else worst

    def rollout(
        self, mine: int, theirs: int, stock: list[int], led: int, followed: int, i_led: bool
    ) -> int:
        """My margin from the round ``led``/``followed`` on, on one deal of the cards.

        ``stock`` is the cards still to draw, the next one *last* (it is used up). Both
        players follow the AutoPlayer's rules until the stock is empty; the rest is
        searched exactly.
        """
        t, margin = self.t, 0
        while True:
            gain = t.points[led] + t.points[followed]
            i_won = i_led != t.beats[led][followed]
            margin += gain if i_won else -gain
            if not stock:
                if not mine:
                    return margin
                return margin + (
                    self.endgame(mine, theirs, -1) if i_won else self.they_lead(mine, theirs)
                )
            first, second = stock.pop(), stock.pop()
            if i_led:
                mine, theirs = mine | 1 << first, theirs | 1 << second
            else:
                mine, theirs = mine | 1 << second, theirs | 1 << first
            if not stock:
                return margin + (
                    self.endgame(mine, theirs, -1) if i_won else self.they_lead(mine, theirs)
                )
            i_led, size = i_won, len(stock)
            if i_led:
                led = self.auto_lead(mine)
                followed = self.auto_follow(theirs, led, size)
                mine, theirs = mine ^ (1 << led), theirs ^ (1 << followed)
            else:
                led = self.auto_lead(theirs)
                followed = self.auto_follow(mine, led, size)
                mine, theirs = mine ^ (1 << followed), theirs ^ (1 << led)

    def lookahead(
        self,
        mine: int,
        theirs: int,
        stock: list[int],
        led: int,
        followed: int,
        i_led: bool,
        depth: int = 1,
    ) -> int:
        """Like :meth:`rollout`, but my next ``depth`` cards are my best, not the rule's.

        After the round ``led``/``followed`` and the draws, each card of my hand is
        played in turn and the game looked ahead from there one round less deep (rolled
        out at depth 0); the best margin counts.
        """
        if depth <= 0 or len(stock) <= 2:  # no choice of mine left before the endgame
            return self.rollout(mine, theirs, stock, led, followed, i_led)
        t = self.t
        gain = t.points[led] + t.points[followed]
        i_won = i_led != t.beats[led][followed]
        margin = gain if i_won else -gain
        first, second = stock.pop(), stock.pop()
        if i_led:
            mine, theirs = mine | 1 << first, theirs | 1 << second
        else:
            mine, theirs = mine | 1 << second, theirs | 1 << first
        size, best = len(stock), None
        their_lead = -1 if i_won else self.auto_lead(theirs)
        for card in _cards(mine):
            if i_won:
                reply = self.auto_follow(theirs, card, size)
                value = self.lookahead(
                    mine ^ 1 << card, theirs ^ 1 << reply, list(stock), card, reply, True, depth - 1
                )
            else:
                value = self.lookahead(
                    mine ^ 1 << card,
                    theirs ^ 1 << their_lead,
                    list(stock),
                    their_lead,
                    card,
                    False,
                    depth - 1,
                )
            best = value if best is None else max(best, value)
        return margin + best


class _AutoSearch(_Search):
    """The same searches, the other player following the AutoPlayer's rules.

    Only the other player's moves change: it plays the card the reference AutoPlayer
    would, rather than its best. Used when its choices so far show that it plays like
    one (:attr:`HandBelief.auto`); against anyone else it could be exploited.
    """

    def reply(self, mine: int, theirs: int, led: int) -> int:
        """The other player answers my ``led`` card as an AutoPlayer (stock empty)."""
        t = self.t
        card = self.auto_follow(theirs, led, 0)
        rest = theirs ^ (1 << card)
        gain = t.points[card] + t.points[led]
        if t.beats[led][card]:
            return -gain + (self.they_lead(mine, rest) if rest else 0)
        return gain + (self.endgame(mine, rest, -1) if mine else 0)

    def they_lead(self, mine: int, theirs: int) -> int:
        """The other player leads as an AutoPlayer (stock empty)."""
        if not theirs:
            return 0
        card = self.auto_lead(theirs)
        return self.endgame(mine, theirs ^ (1 << card), card)

    def exact_reply(self, mine: int, theirs: int, stock: tuple[int, ...], led: int) -> int:
        """The other player answers my ``led`` card as an AutoPlayer."""
        card = self.auto_follow(theirs, led, len(stock))
        return self.settle(mine, theirs ^ (1 << card), stock, led, card, i_led=True)

    def exact_they_lead(self, mine: int, theirs: int, stock: tuple[int, ...]) -> int:
        """The other player leads as an AutoPlayer, both hands and the stock known."""
        card = self.auto_lead(theirs)
        return self.exact(mine, theirs ^ (1 << card), stock, card)


class StrongPlayer:
    """Chooses bisca cards by searching; one object per game.

    Args:
        deck: Every card of the deck (the reference's ``Deck.standard().cards``).
        seed: Seeds the player's own random deals of the unseen cards, so that the same
            game with the same seed is played the same way.
        samples: Random deals of the unseen cards tried at every move while the stock
            holds more than :data:`EXACT_STOCK` cards.
    """

    def __init__(self, deck: Sequence[Any], seed: int = 0, samples: int = SAMPLES) -> None:
        """Number the deck's cards; the search tables wait for the trump suit."""
        self._deck = tuple(deck)
        self._number = {card: i for i, card in enumerate(self._deck)}
        self._rng = random.Random(seed)
        self._samples = samples
        self._search: _Search | None = None
        self._auto_search: _AutoSearch | None = None
        self._trump: Any = None
        self._start: tuple[bool, int] | None = None  # (I led the first round, its stock)
        self._shown = -1  # the trump card shown at the start
        self._belief: HandBelief | None = None
        self._learned = 0  # the other player's choices taken into account

    def choose(self, view: Any) -> Any:
        """The card to play for ``view``: one of ``view.hand``.

        Only the fields of the view are read: the hand, the trump, the shown trump card,
        the table, the stock size and the cards played.
        """
        hand = tuple(view.hand)
        number = self._number
        if self._start is None and not view.played:
            self._start = (not view.table, view.stock_size)
            self._shown = number[view.trump_card]
        if len(hand) == 1:
            return hand[0]
        search = self._search_for(view.trump)
        mine = [number[card] for card in hand]
        led = number[view.table[0]] if view.table else -1
        played = [number[card] for card in view.played]
        self._learn(played, mine, search.t)
        if self._belief is not None and self._belief.auto > AUTO_TRUST:
            search = self._auto_search
        seen = {*mine, *played, led}
        shown = -1 if view.trump_card is None else number[view.trump_card]
        unseen = [c for c in range(len(self._deck)) if c not in seen and c != shown]
        their_count = len(mine) - (1 if led >= 0 else 0)
        if view.stock_size == 0:
            values = self._endgame_values(search, mine, sum(1 << c for c in unseen), led)
        else:
            deals = self._deals(unseen, their_count, view.stock_size, shown, led)
            values = self._dealt_values(search, mine, led, deals)
        best = max(range(len(hand)), key=values.__getitem__)
        return hand[best]

    def _search_for(self, trump: Any) -> _Search:
        """The search of this game (made at the first move, when the trump is known)."""
        if self._search is None or trump != self._trump:
            tables = _Tables(self._deck, trump)
            self._search, self._auto_search = _Search(tables), _AutoSearch(tables)
            self._trump = trump
        return self._search

    @staticmethod
    def _endgame_values(search: _Search, mine: list[int], theirs: int, led: int) -> list[int]:
        """The exact margin of each card in hand, the stock empty."""
        hand = sum(1 << c for c in mine)
        t, values = search.t, []
        for card in mine:
            rest = hand ^ (1 << card)
            if led < 0:
                values.append(search.reply(rest, theirs, card))
                continue
            gain = t.points[card] + t.points[led]
            if t.beats[led][card]:
                values.append(gain + search.endgame(rest, theirs, -1))
            else:
                values.append(-gain + search.they_lead(rest, theirs))
        return values

    def _learn(self, played: list[int], mine: list[int], t: _Tables) -> None:
        """Feed the other player's new choices to the belief about its hand.

        Nothing is learnt if the bot did not see the game from its start.
        """
        if self._start is None:
            return
        choices = _their_choices(played, *self._start, t)
        theirs = {choice.card for choice in choices}
        everything = (1 << len(self._deck)) - 1
        my_cards = sum(1 << c for c in {*mine, *(c for c in played if c not in theirs)})
        if self._belief is None:
            self._belief = HandBelief(t, everything & ~my_cards & ~(1 << self._shown))
        before = 0  # the cards played before the round
        for r, choice in enumerate(choices):
            if r >= self._learned:
                pool = everything & ~my_cards & ~before
                if choice.stock_size:
                    pool &= ~(1 << self._shown)
                self._belief.observe(choice.card, choice.on, choice.stock_size, pool)
            before |= 1 << played[2 * r] | 1 << played[2 * r + 1]
        self._learned = len(choices)

    def _hand_weights(self, pool: int, led: int, stock_size: int) -> tuple[float, dict]:
        """The chance that the other player is an AutoPlayer, and its hands' weights."""
        belief = self._belief
        if belief is None or not belief.odds:
            return 0.0, {}
        weights = (
            belief.hand_weights(pool, led, stock_size)
            if led >= 0 or stock_size <= EXACT_STOCK
            else belief.pair_weights(pool)
        )
        return (belief.auto, weights) if weights else (0.0, {})

    def _deals(
        self, unseen: list[int], their_count: int, stock_size: int, shown: int, led: int
    ) -> list[tuple[float, int, tuple[int, ...]]]:
        """Weighed deals of the unseen cards: (weight, the other hand, the stock).

        The stock lists its next card first and ends with the shown trump card. Every
        possible deal when the stock is small, each weighed by the probability of its
        hand; else ``samples`` random deals, the other hand drawn from its posterior
        (:class:`HandBelief`, a mixture of an AutoPlayer and an unknown player).
        """
        hidden = stock_size - 1  # the stock's cards above the shown trump card
        pool = sum(1 << c for c in unseen)
        auto, weights = self._hand_weights(pool, led, stock_size)
        if stock_size <= EXACT_STOCK:
            return self._every_deal(unseen, their_count, hidden, shown, auto, weights)
        deals = []
        rng, guessed = self._rng, []
        chosen = sum(rng.random() < auto for _ in range(self._samples))
        if chosen:
            keys = list(weights)
            guessed = rng.choices(keys, list(weights.values()), k=chosen)
        for known in guessed:
            if known.bit_count() < their_count:  # a pair: the third card is any other
                while True:
                    third = unseen[rng.randrange(len(unseen))]
                    if not known >> third & 1:
                        break
                known |= 1 << third
            rest = [c for c in unseen if not known >> c & 1]
            rng.shuffle(rest)
            deals.append((1, known, (*rest[:hidden], shown)))
        for _ in range(self._samples - chosen):
            rng.shuffle(unseen)
            theirs = sum(1 << c for c in unseen[:their_count])
            deals.append((1, theirs, (*unseen[their_count : their_count + hidden], shown)))
        return deals

    @staticmethod
    def _every_deal(
        unseen: list[int], their_count: int, hidden: int, shown: int, auto: float, weights: dict
    ) -> list[tuple[float, int, tuple[int, ...]]]:
        """Every deal of the unseen cards, weighed by the probability of its other hand."""
        hands = [
            sum(1 << c for c in cards) for cards in itertools.combinations(unseen, their_count)
        ]
        total = sum(weights.values())
        deals = []
        for hand in hands:
            weight = (1 - auto) / len(hands) + (
                auto * weights.get(hand, 0.0) / total if auto else 0
            )
            if not weight:
                continue
            rest = [c for c in unseen if not hand >> c & 1]
            for order in itertools.permutations(rest, hidden):
                deals.append((weight, hand, (*order, shown)))
        return deals

    def _dealt_values(self, search: _Search, mine: list[int], led: int, deals: list) -> list[float]:
        """The weighed total margin of each card in hand over ``deals``."""
        hand = sum(1 << c for c in mine)
        values = [0.0] * len(mine)
        exact = len(deals[0][2]) <= EXACT_STOCK
        for weight, theirs, stock in deals:
            for i, card in enumerate(mine):
                rest = hand ^ (1 << card)
                if exact:
                    values[i] += weight * self._exact_value(search, rest, theirs, stock, card, led)
                    continue
                if led >= 0:
                    pair, others = (led, card), theirs
                else:
                    reply = search.auto_follow(theirs, card, len(stock))
                    pair, others = (card, reply), theirs ^ (1 << reply)
                drawn = list(reversed(stock))
                values[i] += weight * search.lookahead(
                    rest, others, drawn, *pair, i_led=led < 0, depth=LOOKAHEAD
                )
        return values

    @staticmethod
    def _exact_value(
        search: _Search, rest: int, theirs: int, stock: tuple[int, ...], card: int, led: int
    ) -> int:
        """My exact margin if I play ``card`` on one deal, both hands known."""
        if led >= 0:
            return search.settle(rest, theirs, stock, led, card, i_led=False)
        return search.exact_reply(rest, theirs, stock, card)
