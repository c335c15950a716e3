"""The graded tournament (phase 2): your AdvancedStrategy against the reference BasicStrategy.

The grader runs the game itself with the reference's classes; two reference BasicStrategy
players sit on one side and two of your AdvancedStrategy objects on the other, every
seeded deal played twice with the partnerships' seats swapped. The deals come from seeds
only the instructor can derive (``cardlab.judge.seeds``), and every game starts a fresh
worker with new AdvancedStrategy objects, so no game knows anything of another. Your
strategy sees only what its interface gives: its hand and the trick so far when it
chooses, and each completed trick through ``update_data``, all built in your process with
your classes. A card it is not allowed to play (not in its hand, not following suit while
it could, not a card at all), an exception or a hang forfeits the play: the basic side
takes all thirteen tricks, and after a hang or crash every later play is forfeited too.

The completed tricks are told to your strategy without waiting for its answer: each
``update_data`` reaches your process with the next ``choose_card``. An exception from it
still forfeits the game, named with its trick.
"""

import random

import pytest
from whist_tournament import TRICKS, award, play_deals

from cardlab.testing import StudentRaised, ToldRaised, Value, WorkerFailure, show

pytestmark = pytest.mark.part("tournament")


class Forfeit(Exception):
    """Your AdvancedStrategy gave no allowed card; the message says what it did."""


def deal_hands(r, seed):
    """The four hands (reference cards), trumps and first leader of a seeded deal."""
    rng = random.Random(seed)
    deck = r.deck.Deck(rng)
    trumps = r.Suit.random(rng)
    leader = rng.randrange(4)
    hands = [[], [], [], []]
    for index, dealt in enumerate(deck):
        hands[index % 4].append(dealt)
    return hands, trumps, leader


def trick_value(trick):
    cards = " ".join(card.notation for card in trick.cards)
    return Value("Trick", f"{trick.trumps.name}|{trick.lead_player}|{cards}")


def ask(student, r, strategy, hand, trick):
    """The reference card your strategy chose, checked against the rules of play."""
    sent = Value("Hand", " ".join(card.notation for card in hand))
    try:
        answer = student.method(strategy, "choose_card", sent, trick_value(trick))
    except ToldRaised as error:
        raise Forfeit(error.summary) from None
    except StudentRaised as error:
        raise Forfeit(f"choose_card raised {error.type_name}: {error.message}") from None
    held = {card.notation: card for card in hand}
    where = f"with hand [{sent.text}] and trick [{trick_value(trick).text}]"
    if type(answer) is not Value or answer.text not in held:
        raise Forfeit(f"choose_card {where} returned {show(answer)}, not a card of the hand")
    chosen = held[answer.text]
    led = trick.lead_suit
    if led is not None and chosen.suit is not led and any(c.suit is led for c in hand):
        raise Forfeit(f"choose_card {where} returned {answer.text} without following suit")
    return chosen


def play(student, r, seed, advanced, parity):
    """Play one hand; return the tricks the advanced side (seats of ``parity``) took."""
    hands, trumps, leader = deal_hands(r, seed)
    basic = {
        seat: r.basic.BasicStrategy(random.Random(seed * 4 + seat))
        for seat in range(4)
        if seat % 2 != parity
    }
    taken = 0
    for number in range(1, TRICKS + 1):
        trick = r.trick.Trick(trumps, leader)
        for offset in range(4):
            seat = (leader + offset) % 4
            hand = hands[seat]
            if seat % 2 == parity:
                chosen = ask(student, r, advanced[seat], hand, trick)
            else:
                chosen = basic[seat].choose_card(r.hand.Hand(hand), trick)
            hand.remove(chosen)
            trick.set_card(seat, chosen)
        sent = trick_value(trick)
        for seat in sorted(advanced):
            student.tell(
                advanced[seat].update_data,
                sent,
                describe=lambda n=number, s=sent: f"update_data({s!r}) after trick {n}",
            )
        leader = trick.winner()
        taken += leader % 2 == parity
    try:
        student.flush()
    except ToldRaised as error:
        raise Forfeit(error.summary) from None
    return taken


def test_tournament(student, r, phase, credit, artifacts, seeds, leaderboard):
    """Your AdvancedStrategy against the reference BasicStrategy, every deal played twice."""
    settings = phase.tournament
    forfeits, lost_worker = [], None

    def play_deal(deal):
        nonlocal lost_worker
        seed = seeds.seed("tournament", settings.seed, deal - 1)
        taken = []
        for parity in (0, 1):
            if lost_worker is not None:
                taken.append(0)
                continue
            student.restart()  # nothing of an earlier game reaches this one
            advanced = {
                seat: student.pkg.whist.advanced_strategy.AdvancedStrategy()
                for seat in range(4)
                if seat % 2 == parity
            }
            game = f"deal {deal}, your strategy in seats {parity} and {parity + 2}"
            try:
                taken.append(play(student, r, seed, advanced, parity))
            except Forfeit as forfeit:
                taken.append(0)
                forfeits.append(f"{game}: {forfeit}")
            except WorkerFailure as failure:
                taken.append(0)
                lost_worker = f"{game} ({failure})"
        return taken

    result, verdict = play_deals(settings, play_deal)
    student.restart(spare=False)  # later tests get a worker no game has touched
    problems = ""
    if forfeits:
        problems += f" {len(forfeits)} plays forfeited, the first: {forfeits[0]}."
    if lost_worker:
        problems += (
            f" Your code stopped answering in {lost_worker}: that play and every "
            "later one were forfeited."
        )
    leaderboard.record("Points per deal over BasicStrategy", round(result.mean_and_margin()[0], 3))
    award(result, verdict, credit, (artifacts, "whist-tournament.svg"), problems)
