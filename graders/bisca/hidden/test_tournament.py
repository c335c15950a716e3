"""The tournament (phase 3): your AutoPlayer against the reference AutoPlayer.

Every deal is played twice on the reference Board, run by the grader: first with the
reference in seat 0 (it leads the first round) and you in seat 1, then with the seats
swapped. Each game starts a fresh worker and makes a new AutoPlayer in it, so no game
can know anything of an earlier one. Your AutoPlayer sees only its PlayerView (built
with your PlayerView class). An answer that is not a card of your hand, or an
exception, forfeits that game; a call that hangs or crashes the worker forfeits it and
every game left, and so does code that changes the worker or the provided modules
(the canary, checked after every game).

Your share is (wins + ties / 2) / games. Deals are played in batches, and after each
batch the grader looks at an interval for your share over the deals so far (a deal's
two games count as one result): a threshold's credit is lost only when the whole
interval lies below it, so luck in the deals cannot cost you a credit your player
deserves. Play stops once every threshold is clearly above or below the interval, or
at the spec's ``most_deals``; a player far from every threshold plays few deals.

The deals are drawn from seeds derived from the course secret, which only the
instructor holds (see ``cardlab.judge.seeds``): the spec's ``seed`` and the deal's number
name a deal, and reports show only the number, so no player can work out the stock
or the other hand from what it sees. Grading stays the same on every run.

A forfeit is also a failure of the auto-player part: an AutoPlayer that crashes or
plays an illegal card in a real game is not a working AutoPlayer, however it scores.
"""

import random
from dataclasses import dataclass, field

import pytest
from bisca_tournament import Canon

from cardlab.testing import (
    StudentRaised,
    Value,
    Verdict,
    WorkerFailure,
    measure,
    show,
    tampered,
)

pytestmark = pytest.mark.part("tournament")

WIN, TIE, LOSS = "win", "tie", "loss"


class Forfeit(Exception):
    """Your AutoPlayer gave no legal card; the message says what it did instead."""


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


SHARE_BOUNDS = (0.0, 1.0)
"""A deal's share lies between losing both games and winning both."""


@dataclass
class Outcome:
    """What the tournament gave: games by result, forfeits, a lost worker, the verdict."""

    results: dict[str, int] = field(default_factory=lambda: {WIN: 0, TIE: 0, LOSS: 0})
    forfeits: list[str] = field(default_factory=list)
    lost_worker: str | None = None
    unfinished: int = 0
    verdict: Verdict | None = None

    @property
    def games(self) -> int:
        return sum(self.results.values())

    @property
    def share(self) -> float:
        return (self.results[WIN] + self.results[TIE] / 2) / self.games

    def summary(self) -> str:
        """The note of the tournament: results, the verdict, the first forfeit, a lost worker."""
        results = self.results
        note = (
            f"won {results[WIN]}, tied {results[TIE]}, lost {results[LOSS]} of {self.games} "
            f"games; share {self.verdict.describe(lambda value: f'{value:.3f}')}"
        )
        if self.forfeits:
            note += f"; {len(self.forfeits)} forfeited, the first: {self.forfeits[0]}"
        if self.lost_worker:
            note += f"; your code stopped answering in {self.lost_worker}: that game and "
            note += "every later one were forfeited"
        return note


POINTS = {WIN: 1.0, TIE: 0.5, LOSS: 0.0}


def play_tournament(student, ref, settings, seeds) -> Outcome:
    """Play deals in both seats, in batches, each game with a new AutoPlayer in a fresh worker."""
    canon = Canon(ref)
    outcome = Outcome()

    def play_deal(deal):
        rng = random.Random(seeds.seed("tournament", settings.seed, deal))
        order = ref.deck.Deck.shuffled(rng).cards
        share = 0.0
        for seat in (1, 0):
            result = play_seat(student, ref, canon, order, deal, seat, outcome)
            outcome.results[result] += 1
            share += POINTS[result] / 2
        return share

    outcome.verdict = measure(settings, play_deal, SHARE_BOUNDS)
    student.restart(spare=False)  # later tests get a worker no game has touched
    return outcome


def play_seat(student, ref, canon, order, deal, seat, outcome) -> str:
    """One game with you in ``seat``; a forfeit or a lost worker is a loss, noted."""
    outcome.unfinished += 1  # until the game is finished
    if outcome.lost_worker is not None:
        return LOSS
    game = f"deal {deal}, you in seat {seat}"
    student.restart()  # nothing of an earlier game reaches this one
    try:
        bot = student.pkg.auto_player.AutoPlayer("Student")
        result = play_game(student, ref, canon, bot, order, seat)
        if changed := student.canary():
            raise Forfeit(tampered(changed))
        outcome.unfinished -= 1
        return result
    except Forfeit as forfeit:
        outcome.forfeits.append(f"{game}: {forfeit}")
    except StudentRaised as error:
        outcome.forfeits.append(f"{game}: {error.summary}")
    except WorkerFailure as failure:
        outcome.lost_worker = f"{game} ({failure})"
    return LOSS


@pytest.fixture(scope="module")
def tournament(part_student, ref, phase, seeds) -> Outcome:
    """The tournament, played once for the tests that judge it."""
    return play_tournament(part_student, ref, phase.tournament, seeds)


@pytest.mark.weight(1)
def test_tournament(tournament, credit, leaderboard):
    """Your AutoPlayer against the reference, every deal played in both seats.

    The benefit of the doubt covers the luck of the deals, not forfeits: an AutoPlayer
    that finished none of its games has shown no strength, and earns nothing.
    """
    leaderboard.record("Tournament share", round(tournament.share, 3))
    note = tournament.summary()
    finished = tournament.games > tournament.unfinished
    fraction = tournament.verdict.credit if finished else 0.0
    credit.award(fraction, note)
    if fraction == 0:
        raise AssertionError(note if finished else f"{note}; no game was finished")


@pytest.mark.part("auto-player")
@pytest.mark.weight(2)
def test_auto_player_finishes_every_tournament_game(tournament):
    """Your AutoPlayer plays a legal card in every turn of every tournament game."""
    problems = [*tournament.forfeits]
    if tournament.lost_worker:
        problems.insert(0, f"your code stopped answering in {tournament.lost_worker}")
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise AssertionError(
            f"an AutoPlayer must answer every view of a real game with a card of its hand; "
            f"{problems[0]}{more}"
        )
