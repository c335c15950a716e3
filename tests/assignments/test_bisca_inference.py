"""What the strong bisca bot infers of the other hand from the other player's choices."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from cardlab.course.project import Project
from cardlab.play import load_game

PROJECT = Project(Path(__file__).resolve().parents[2])
bisca_strong = load_game(PROJECT, "bisca", "strong")
StrongPlayer = bisca_strong.StrongPlayer
HandBelief = load_game(PROJECT, "bisca", "inference").HandBelief
choice_likelihood = load_game(PROJECT, "bisca", "inference").choice_likelihood


class RandomPlayer:
    """Plays a card of its hand at random: not an AutoPlayer."""

    def __init__(self, player, seed: int) -> None:
        self.player, self._rng = player, random.Random(seed)

    def choose(self, view):
        return self._rng.choice(view.hand)


def deal(ref, seed: int):
    return ref.deck.Deck.shuffled(random.Random(seed)).cards


def bot_games(ref, seeds, *, random_other: bool = False):
    """Play the bot against an AutoPlayer (or a random player); yield at each bot move.

    Yields (bot, view, the other player's hand) just after the bot chose, before its
    card is played.
    """
    for seed in seeds:
        for seat in (0, 1):
            player = StrongPlayer(ref.deck.Deck.standard().cards, seed=seed, samples=8)
            me = ref.player.Player("strong")
            other = ref.auto_player.AutoPlayer("other")
            chooser = RandomPlayer(other, seed) if random_other else other
            players = [other]
            players.insert(seat, me)
            board = ref.board.Board(players, ref.deck.Deck(deal(ref, seed)), 0)
            while not board.is_over:
                view = board.view_for(board.to_play)
                if board.to_play is not me:
                    board.play(chooser.choose(view))
                    continue
                card = player.choose(view)
                yield player, view, other.hand
                board.play(card)


def test_a_choice_is_as_likely_as_the_autoplayer_makes_it_over_every_order_of_its_hand(bisca_ref):
    """choice_likelihood is the share of the hand's orders in which the AutoPlayer plays it.

    The AutoPlayer breaks ties by the order of its hand, which no one else sees; over
    every order of the hand, the share of orders in which it plays each card is that
    card's likelihood.
    """
    deck = bisca_ref.deck.Deck.standard().cards
    number = {card: i for i, card in enumerate(deck)}
    checked = ties = 0
    for seed in range(30):
        players = [bisca_ref.auto_player.AutoPlayer("a"), bisca_ref.auto_player.AutoPlayer("b")]
        board = bisca_ref.board.Board(players, bisca_ref.deck.Deck(deal(bisca_ref, seed)), 0)
        tables = bisca_strong._Tables(deck, board.trump)
        while not board.is_over:
            player = board.to_play
            view = board.view_for(player)
            orders = list(itertools.permutations(view.hand))
            chosen = Counter(player.choose(view._replace(hand=order)) for order in orders)
            led = number[view.table[0]] if view.table else -1
            hand = [number[c] for c in view.hand]
            for card in view.hand:
                likelihood = choice_likelihood(hand, number[card], led, view.stock_size, tables)
                assert likelihood == pytest.approx(chosen[card] / len(orders)), view
                checked += 1
            ties += len(chosen) > 1
            board.play(player.choose(view))
    assert checked > 30 * 60
    assert ties > 10


def brute_force_posterior(choices, bot_cards: set[int], shown: int, played, tables):
    """The posterior of the other hand of three, from every history of its draws.

    An independent, slow computation of what HandBelief keeps: every hand of three of
    the cards the bot never held (nor saw as the trump card) to start with, then for
    each choice, every card drawn after it, weighed by the choice's likelihood.
    """
    allowed = set(range(len(tables.points))) - bot_cards - {shown}
    hands = {frozenset(h): 1.0 for h in itertools.combinations(sorted(allowed), 3)}
    for r, choice in enumerate(choices):
        gone = set(played[: 2 * r + 2])
        after: dict[frozenset, float] = defaultdict(float)
        for hand, weight in hands.items():
            if choice.card not in hand:
                continue
            likelihood = choice_likelihood(
                sorted(hand), choice.card, choice.on, choice.stock_size, tables
            )
            kept = hand - {choice.card}
            for drawn in allowed - gone - kept:
                after[kept | {drawn}] += weight * likelihood
        hands = after
    left = allowed - set(played)
    hands = {hand: w for hand, w in hands.items() if hand <= left and w}
    total = sum(hands.values())
    return {sum(1 << c for c in hand): w / total for hand, w in hands.items()}


def test_the_belief_is_the_exact_posterior_of_every_history(bisca_ref):
    """When the bot leads early in the game, HandBelief's weights equal a brute force's."""
    compared = 0
    for player, view, _ in bot_games(bisca_ref, range(3)):
        if view.table or not view.played or len(view.played) > 8:
            continue
        number, t = player._number, player._search.t
        played = [number[c] for c in view.played]
        choices = bisca_strong._their_choices(played, *player._start, t)
        theirs = {choice.card for choice in choices}
        bot_cards = {number[c] for c in view.hand} | set(played) - theirs
        expected = brute_force_posterior(choices, bot_cards, player._shown, played, t)
        pool = sum(1 << c for c in range(40) if c not in bot_cards | set(played)) & ~(
            1 << player._shown
        )
        weights = player._belief.hand_weights(pool, -1, view.stock_size)
        total = sum(weights.values())
        got = {hand: w / total for hand, w in weights.items() if w}
        assert got.keys() == expected.keys()
        for hand, probability in expected.items():
            assert got[hand] == pytest.approx(probability)
        compared += 1
    assert compared >= 6


def test_a_hand_from_which_the_autoplayer_would_not_have_led_that_card_is_excluded(bisca_ref):
    """After a lead, every hand whose AutoPlayer lead differs weighs 0, the others do not.

    The only lead seen is the first of the game, so the belief is uniform before it.
    """
    deck = bisca_ref.deck.Deck.standard().cards
    trump = deck[0].suit
    tables = bisca_strong._Tables(deck, trump)
    auto = bisca_ref.auto_player.AutoPlayer("other")
    pool = (1 << 40) - 1 & ~0b111  # the bot holds cards 0, 1 and 2
    for led in random.Random(5).sample(range(3, 40), 8):
        belief = HandBelief(tables, pool)
        weights = belief.hand_weights(pool & ~(1 << led), led, stock_size=34)
        for a, b in itertools.combinations(range(3, 40), 2):
            if led in (a, b):
                continue
            hand = [deck[a], deck[b], deck[led]]
            leads = {
                auto.choose(_lead_view(bisca_ref, order, trump))
                for order in itertools.permutations(hand)
            }
            weight = weights.get(1 << a | 1 << b, 0.0)
            assert (weight > 0) == (deck[led] in leads), hand


def _lead_view(ref, hand, trump):
    """A view in which the player holding ``hand`` leads the first round."""
    fields = ref.board.PlayerView._fields
    values = dict.fromkeys(fields)
    values.update(hand=tuple(hand), trump=trump, table=(), played=(), stock_size=34)
    return ref.board.PlayerView(**values)


def test_the_true_hand_of_an_autoplayer_always_weighs_something(bisca_ref):
    """The other player's real hand is never ruled out, and its probability is high."""
    weighed, probabilities = 0, []
    for player, view, hand in bot_games(bisca_ref, range(8)):
        if not view.table or not view.stock_size:
            continue
        number = player._number
        led = number[view.table[0]]
        seen = {*(number[c] for c in (*view.hand, *view.played)), led, player._shown}
        pool = sum(1 << c for c in range(40) if c not in seen)
        weights = player._belief.hand_weights(pool, led, view.stock_size)
        truth = weights.get(sum(1 << number[c] for c in hand), 0.0)
        assert truth > 0, view
        probabilities.append(truth / sum(weights.values()))
        weighed += 1
    assert weighed > 60
    uniform = 1 / math.comb(30, 2)  # about what the bot would guess without inference
    assert sum(probabilities) / len(probabilities) > 10 * uniform


def test_it_trusts_an_autoplayer_and_not_a_random_player(bisca_ref):
    """By the end of the stock the bot is sure an AutoPlayer is one, and a random player not."""
    last = {}
    for random_other in (False, True):
        games = bot_games(bisca_ref, range(10), random_other=random_other)
        ends = [player._belief.auto for player, view, _ in games if view.stock_size == 0]
        last[random_other] = ends
    assert min(last[False]) > bisca_strong.AUTO_TRUST
    assert sum(auto < 0.01 for auto in last[True]) >= 0.9 * len(last[True])
