"""The stronger bisca bot: its rules, exact endgame, determinism, honesty and strength."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from cardlab.course.project import Project
from cardlab.play import load_game

bisca_strong = load_game(Project(Path(__file__).resolve().parents[2]), "bisca", "strong")
StrongPlayer = bisca_strong.StrongPlayer

QUICK = 24
"""Random deals a move in these tests: weaker than the default, but quick."""

TO_THE_ENDGAME = 1
"""Random deals a move in the endgame tests: the moves while the stock is large only lead
each game to an endgame, which the bot searches exactly however many deals it tries."""


class SpyView:
    """A view that records which of its fields the bot reads."""

    def __init__(self, view, read: set[str]) -> None:
        self._view, self._read = view, read

    def __getattr__(self, name: str):
        self._read.add(name)
        return getattr(self._view, name)


class RandomPlayer:
    """Plays a card of its hand at random (a player the bot cannot model)."""

    def __init__(self, ref, seed: int) -> None:
        self._player = ref.player.Player("random")
        self._rng = random.Random(seed)

    def __getattr__(self, name: str):
        return getattr(self._player, name)

    def choose(self, view):
        return self._rng.choice(view.hand)


def play(ref, order, seat: int, bot, *, spy: set[str] | None = None, other=None):
    """One game of ``bot`` in ``seat`` against ``other`` (the reference AutoPlayer).

    Returns the bot's points and its cards in the order played.
    """
    me = ref.player.Player("strong")
    players = [other or ref.auto_player.AutoPlayer("reference")]
    players.insert(seat, me)
    board = ref.board.Board(players, ref.deck.Deck(order), 0)
    chosen = []
    while not board.is_over:
        player = board.to_play
        view = board.view_for(player)
        if player is me:
            card = bot.choose(view if spy is None else SpyView(view, spy))
            assert card in view.hand
            chosen.append(card)
        else:
            card = player.choose(view)
        board.play(card)
    return board.scores[seat], chosen


def bot(ref, seed: int = 0, samples: int = QUICK) -> StrongPlayer:
    return StrongPlayer(ref.deck.Deck.standard().cards, seed=seed, samples=samples)


def first_lead(ref, order, bot) -> object:
    """The card ``bot`` leads first from seat 0 against the reference AutoPlayer.

    It leads the first round: this is the first card :func:`play` would return, without
    playing the game out.
    """
    me = ref.player.Player("strong")
    board = ref.board.Board([me, ref.auto_player.AutoPlayer("reference")], ref.deck.Deck(order), 0)
    assert board.to_play is me
    view = board.view_for(me)
    card = bot.choose(view)
    assert card in view.hand
    return card


def deal(ref, seed: int):
    return ref.deck.Deck.shuffled(random.Random(seed)).cards


def test_its_playouts_follow_the_reference_autoplayer_rules(bisca_ref):
    """The rollout rules, on card numbers, choose what the reference AutoPlayer chooses."""
    deck = bisca_ref.deck.Deck.standard().cards
    number = {card: i for i, card in enumerate(deck)}
    compared = 0
    for seed in range(40):
        players = [bisca_ref.auto_player.AutoPlayer("a"), bisca_ref.auto_player.AutoPlayer("b")]
        board = bisca_ref.board.Board(players, bisca_ref.deck.Deck(deal(bisca_ref, seed)), 0)
        tables = bisca_strong._Tables(deck, board.trump)
        while not board.is_over:
            view = board.view_for(board.to_play)
            card = board.to_play.choose(view)
            hand = [number[c] for c in view.hand]
            if view.table:
                rule = bisca_strong._auto_follow(
                    hand, number[view.table[0]], view.stock_size, tables
                )
            else:
                rule = bisca_strong._auto_lead(hand, tables)
            assert deck[rule] == card, view
            compared += 1
            board.play(card)
    assert compared == 40 * 40


def _best_margin(mine, theirs, led, trump, my_turn: bool, their_choice=None) -> int:
    """Brute-force search of an endgame on card objects: my best final margin.

    The other player plays its best (minimax), or the card ``their_choice(theirs, led)``.
    """
    hand = mine if my_turn else theirs
    if not hand:
        return 0
    values = []
    choices = hand if my_turn or their_choice is None else [their_choice(theirs, led)]
    for card in choices:
        rest_mine = [c for c in mine if c != card] if my_turn else mine
        rest_theirs = theirs if my_turn else [c for c in theirs if c != card]
        if led is None:
            values.append(
                _best_margin(rest_mine, rest_theirs, card, trump, not my_turn, their_choice)
            )
            continue
        follower_won = card.beats(led, trump)
        gain = card.points + led.points
        i_won = follower_won == my_turn
        value = gain if i_won else -gain
        values.append(
            value + _best_margin(rest_mine, rest_theirs, None, trump, i_won, their_choice)
        )
    return max(values) if my_turn else min(values)


def _autoplayer_choice(ref, trump):
    """The reference AutoPlayer's card from a hand (in deck order) once the stock is empty."""
    auto = ref.auto_player.AutoPlayer("other")
    order = {card: i for i, card in enumerate(ref.deck.Deck.standard().cards)}

    def choose(hand, led):
        view = ref.board.PlayerView(
            hand=tuple(sorted(hand, key=order.__getitem__)),
            trump=trump,
            trump_card=None,
            table=() if led is None else (led,),
            stock_size=0,
            played=(),
            my_points=0,
            opponent_points=0,
        )
        return auto.choose(view)

    return choose


@pytest.mark.parametrize("opponent", ["autoplayer", "random"])
def test_once_the_stock_is_empty_it_plays_a_card_of_best_exact_margin(bisca_ref, opponent):
    """Every endgame choice is worth the best margin of an independent brute force.

    Against the reference AutoPlayer, which the bot has recognised by then, the best
    margin against the AutoPlayer's own replies; against a random player, the minimax
    margin (the other player plays its best).
    """
    checked = 0
    for seed in range(10):
        for seat in (0, 1):
            player, views = bot(bisca_ref, seed, TO_THE_ENDGAME), []
            original = player.choose

            def choose(view, original=original, views=views):
                card = original(view)
                views.append((view, card))
                return card

            player.choose = choose
            other = RandomPlayer(bisca_ref, seed) if opponent == "random" else None
            play(bisca_ref, deal(bisca_ref, seed), seat, player, other=other)
            for view, card in views:
                if view.stock_size or len(view.hand) == 1:
                    continue
                seen = {*view.hand, *view.played, *view.table}
                theirs = [c for c in bisca_ref.deck.Deck.standard().cards if c not in seen]
                led = view.table[0] if view.table else None
                their_choice = _autoplayer_choice(bisca_ref, view.trump) if other is None else None

                def margin(card, view=view, theirs=theirs, led=led, their_choice=their_choice):
                    rest = [c for c in view.hand if c != card]
                    if led is None:
                        return _best_margin(rest, theirs, card, view.trump, False, their_choice)
                    i_won = card.beats(led, view.trump)
                    gain = card.points + led.points
                    after = _best_margin(rest, theirs, None, view.trump, i_won, their_choice)
                    return (gain if i_won else -gain) + after

                assert margin(card) == max(margin(c) for c in view.hand), view
                checked += 1
    assert checked == 40  # two choices of two cards or more in each of 20 games


def test_the_same_seed_and_deal_give_the_same_game(bisca_ref):
    order = deal(bisca_ref, 3)
    first = play(bisca_ref, order, 0, bot(bisca_ref, seed=11))
    again = play(bisca_ref, order, 0, bot(bisca_ref, seed=11))
    assert first == again


def test_it_reads_only_the_view_and_not_the_hidden_cards(bisca_ref):
    """It reads only view fields, and deals that look the same to it get the same card.

    Two decks that differ only in the cards the bot cannot see (the other hand and the
    stock above the shown trump card) give it the same first view: its first card must
    be the same, from the same seed.
    """
    fields = set(bisca_ref.board.PlayerView._fields)
    differed = 0
    for seed in range(12):
        order = list(deal(bisca_ref, seed))
        read: set[str] = set()
        play(bisca_ref, order, 0, bot(bisca_ref, seed), spy=read)
        assert read <= fields | {"legal_cards", "is_leading"}, read - fields
        mine = set(order[0:6:2])  # seat 0 is dealt the first, third and fifth cards
        hidden = [i for i, card in enumerate(order[:-1]) if card not in mine]
        shuffled = list(order)
        cards = [order[i] for i in hidden]
        random.Random(seed).shuffle(cards)
        for i, card in zip(hidden, cards, strict=True):
            shuffled[i] = card
        first = first_lead(bisca_ref, order, bot(bisca_ref, seed))
        other_first = first_lead(bisca_ref, shuffled, bot(bisca_ref, seed))
        assert first == other_first
        differed += shuffled != order
    assert differed == 12


def test_it_wins_a_clear_majority_of_points_against_the_reference(bisca_ref):
    """Over 60 fixed duplicate deals (each played from both seats) it scores over 50%.

    A bot no better than the reference scores 0.50 on duplicate deals. The quick bot
    measured 0.53 of points over 100 deals (the full bot 0.58 over 1,000), and a deal's
    share varies by about 0.085, so 60 deals put the expected share about 2.5 standard
    errors above 0.50.
    """
    shares = []
    for seed in range(60):
        points = [
            play(bisca_ref, deal(bisca_ref, 500 + seed), seat, bot(bisca_ref, seed))[0]
            for seat in (0, 1)
        ]
        shares.append(statistics.fmean(points) / 120)
    assert statistics.fmean(shares) > 0.50
