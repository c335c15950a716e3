"""The tournament (phase 3): your AutoPlayer against the reference AutoPlayer.

Every seeded deal is played twice on the reference Board, run by the grader: first
with the reference in seat 0 (it leads the first round) and you in seat 1, then with
the seats swapped. Your AutoPlayer, made once, sees only its PlayerView (built with your
PlayerView class). An answer that is not a card of your hand, or an exception, forfeits
that game; a call that hangs or crashes the worker forfeits it and every game left.
The share (wins + ties / 2) / games earns the credit of the best threshold it reaches.
"""

import random

import pytest

from cardlab.judge.proxy import StudentRaised
from cardlab.testing import show
from cardlab.worker.codec import Value
from cardlab.worker.process import WorkerFailure

pytestmark = pytest.mark.part("tournament")

WIN, TIE, LOSS = "win", "tie", "loss"


class Forfeit(Exception):
    """Your AutoPlayer gave no legal card; the message says what it did instead."""


class Canon:
    """Canonical data of reference cards and suits, looked up rather than encoded each time."""

    def __init__(self, ref):
        deck = ref.deck.Deck.standard().cards
        self.cards = dict(zip(deck, ref.canon(deck), strict=True))
        self.suits = {suit: ref.canon(suit) for suit in ref.suit.Suit}
        self.notations = {card: value.text for card, value in self.cards.items()}

    def view(self, view):
        """The fields of a reference PlayerView as canonical data."""
        cards = self.cards
        return {
            "hand": tuple(cards[c] for c in view.hand),
            "trump": self.suits[view.trump],
            "trump_card": None if view.trump_card is None else cards[view.trump_card],
            "table": tuple(cards[c] for c in view.table),
            "stock_size": view.stock_size,
            "played": tuple(cards[c] for c in view.played),
            "my_points": view.my_points,
            "opponent_points": view.opponent_points,
        }

    def sent_view(self, view):
        """A reference PlayerView as a value the worker builds with your PlayerView class.

        Same notation as the codec's ``view_notation``, from cards already looked up.
        """
        text = self.notations
        trump_card = "-" if view.trump_card is None else text[view.trump_card]
        return Value("PlayerView", "|".join((
            " ".join(text[c] for c in view.hand), self.suits[view.trump].text, trump_card,
            " ".join(text[c] for c in view.table), str(view.stock_size),
            " ".join(text[c] for c in view.played), str(view.my_points),
            str(view.opponent_points),
        )))


def ask(student, canon, bot, view):
    """The reference card matching your AutoPlayer's choice for ``view``.

    The view travels with the call: the worker builds it with your PlayerView class, then
    calls ``choose`` with it, in one request.
    """
    by_value = {canon.cards[card]: card for card in view.hand}
    try:
        answer = bot.choose(canon.sent_view(view))
    except StudentRaised as error:
        fields = canon.view(view)
        raise Forfeit(
            f"choose(PlayerView with hand {show(fields['hand'])}, table {show(fields['table'])})"
            f" raised {error.type_name}: {error.message}"
        ) from None
    if type(answer) is not Value or answer not in by_value:
        hand = tuple(by_value)
        raise Forfeit(f"choose returned {show(answer)}, not a card of the hand {show(hand)}")
    return by_value[answer]


def play_game(student, ref, canon, bot, order, seat):
    """Play one game with you in ``seat``; return WIN, TIE or LOSS for you."""
    you = ref.player.Player("Student")
    players = [ref.auto_player.AutoPlayer("Reference")]
    players.insert(seat, you)
    board = ref.board.Board(players, ref.deck.Deck(order), 0)
    while not board.is_over:
        player = board.to_play
        view = board.view_for(player)
        board.play(ask(student, canon, bot, view) if player is you else player.choose(view))
    winner = board.winner()
    if winner is None:
        return TIE
    return WIN if winner is you else LOSS


@pytest.mark.weight(1)
def test_tournament(student, ref, phase, credit):
    """Your AutoPlayer against the reference, every seeded deal played in both seats."""
    settings = phase.tournament
    canon = Canon(ref)
    bot = student.auto_player.AutoPlayer("Student")
    results = {WIN: 0, TIE: 0, LOSS: 0}
    forfeits = []
    lost_worker = None
    for deal in range(settings.deals):
        seed = settings.seed + deal
        order = ref.deck.Deck.shuffled(random.Random(seed)).cards
        for seat in (1, 0):
            if lost_worker is not None:
                results[LOSS] += 1
                continue
            game = f"deal {deal + 1} (seed {seed}), you in seat {seat}"
            try:
                results[play_game(student, ref, canon, bot, order, seat)] += 1
            except Forfeit as forfeit:
                results[LOSS] += 1
                forfeits.append(f"{game}: {forfeit}")
            except WorkerFailure as failure:
                results[LOSS] += 1
                lost_worker = f"{game} ({failure})"
    games = 2 * settings.deals
    share = (results[WIN] + results[TIE] / 2) / games
    note = (
        f"won {results[WIN]}, tied {results[TIE]}, lost {results[LOSS]} of {games} games "
        f"(share {share:.2f})"
    )
    if forfeits:
        note += f"; {len(forfeits)} forfeited, the first: {forfeits[0]}"
    if lost_worker:
        note += f"; your code stopped answering in {lost_worker}: that game and every later one "
        note += "were forfeited"
    fraction = settings.credit_for(share)
    credit.award(fraction, note)
    if fraction == 0:
        least = min(threshold.share for threshold in settings.thresholds)
        raise AssertionError(f"{note}; the least credit needs a share of {least:.2f}")
