"""Shared pieces of the hidden bisca graders: seeded reference games, replayed on your code.

Hidden test modules ``import bisca_games`` (grading puts the grader folders on
``sys.path``); the session fixture ``games``, a ``Games`` shared by every test, is in
``conftest.py``.

A game is fixed by a seed (the deck is ``Deck.shuffled(random.Random(seed))``), the index
of the player who leads first, and a policy that picks every move. The reference plays it
in the judge and records, round by round, what your Board must show; ``replay`` then
feeds the same moves to your Board (with your Players and Deck) and compares.

A replay first runs cheaply: it only plays the moves (a card your board refuses is a
divergence too) and compares the end of the game. Only when something differs does it
run again, comparing every round, to name the first round that went wrong.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cardlab.testing import Handle, StudentRaised, Value, show

POLICIES = ("first", "last", "auto", "random")
"""How the moves of a replayed game are picked (see ``POLICY_TEXT``)."""

NAMES = ("Ann", "Bob")
"""The two players of every replayed game: players[0] and players[1]."""

POLICY_TEXT = {
    "first": "in every turn the player to play plays the first card of its hand",
    "last": "in every turn the player to play plays the last card of its hand",
    "auto": "in every turn the player to play plays what the reference AutoPlayer chooses",
    "random": "in every turn the player to play plays a card picked by random.Random(seed)",
}
"""How each policy picks the moves of a game."""


@dataclass(frozen=True)
class RoundRecord:
    """One round of a reference game and the state right after it (after the draw)."""

    number: int
    leader: str
    led: Value
    follower: str
    followed: Value
    winner: str
    points: int
    hands: tuple[list, list]
    scores: list
    stock_size: int

    def describe(self) -> str:
        return (
            f"round {self.number} ({self.leader} led {self.led!r}, "
            f"{self.follower} played {self.followed!r})"
        )


@dataclass(frozen=True)
class GameRecord:
    """A whole reference game, in canonical data."""

    seed: int
    first: int
    policy: str
    deck: list
    dealt: tuple[list, list]
    trump: Value
    trump_card: Value
    rounds: tuple[RoundRecord, ...]
    won: tuple[list, list]
    winner: str | None

    @property
    def moves(self) -> list:
        """Every card played, in order."""
        return [card for r in self.rounds for card in (r.led, r.followed)]

    def hands_before(self, number: int) -> tuple[list, list]:
        """The hands at the start of round ``number`` (from 1)."""
        return self.dealt if number == 1 else self.rounds[number - 2].hands

    def describe(self, board: str = "") -> str:
        """The game in words; ``board`` says whose Board plays it, when not yours."""
        deck = " ".join(card.text for card in self.deck)
        on = f" on {board}" if board else ""
        return (
            f"Game{on}: Board([Player('Ann'), Player('Bob')], Deck(cards), first={self.first}) "
            f"with the cards of Deck.shuffled(random.Random({self.seed})), top first:\n"
            f"  {deck}\n"
            f"and {POLICY_TEXT[self.policy]}."
        )


class Games:
    """Seeded reference games, recorded once each."""

    def __init__(self, ref) -> None:
        self.ref = ref
        self._records: dict[tuple[int, int, str], GameRecord] = {}

    def __repr__(self) -> str:
        return "<reference games>"

    def deck_order(self, seed: int) -> tuple:
        """The reference's ``Deck.shuffled(random.Random(seed)).cards``."""
        return self.ref.deck.Deck.shuffled(random.Random(seed)).cards

    def new_board(self, seed: int, first: int):
        """A new reference board for the seed, with reference AutoPlayers Ann and Bob."""
        players = [self.ref.auto_player.AutoPlayer(name) for name in NAMES]
        board = self.ref.board.Board(players, self.ref.deck.Deck(self.deck_order(seed)), first)
        return board, players

    def board_after(self, seed: int, first: int, policy: str, count: int):
        """The reference board after ``count`` moves of the game (all of them at most)."""
        board, _ = self.new_board(seed, first)
        pick = random.Random(seed)
        for _ in range(count):
            if board.is_over:
                break
            board.play(_choose(board, policy, pick))
        return board

    def record(self, seed: int, first: int, policy: str) -> GameRecord:
        """The reference game for these settings, recorded."""
        key = (seed, first, policy)
        if key not in self._records:
            self._records[key] = self._record(seed, first, policy)
        return self._records[key]

    def _record(self, seed: int, first: int, policy: str) -> GameRecord:
        canon = self.ref.canon
        board, players = self.new_board(seed, first)
        dealt = tuple(canon(p.hand) for p in players)
        pick = random.Random(seed)
        rounds = []
        while not board.is_over:
            completed = board.play(_choose(board, policy, pick))
            if completed is None:
                continue
            rounds.append(
                RoundRecord(
                    number=len(rounds) + 1,
                    leader=completed.leader,
                    led=canon(completed.led),
                    follower=completed.follower,
                    followed=canon(completed.followed),
                    winner=completed.winner,
                    points=completed.points,
                    hands=tuple(canon(p.hand) for p in players),
                    scores=list(board.scores),
                    stock_size=board.stock_size,
                )
            )
        winner = board.winner()
        return GameRecord(
            seed=seed,
            first=first,
            policy=policy,
            deck=canon(self.deck_order(seed)),
            dealt=dealt,
            trump=canon(board.trump),
            trump_card=canon(board.trump_card),
            rounds=tuple(rounds),
            won=tuple(canon(p.won) for p in players),
            winner=winner.name if winner is not None else None,
        )


def _choose(board, policy: str, pick: random.Random):
    """The card the player to play plays next under ``policy``."""
    player = board.to_play
    hand = player.hand
    if policy == "first":
        return hand[0]
    if policy == "last":
        return hand[-1]
    if policy == "auto":
        return player.choose(board.view_for(player))
    return hand[pick.randrange(len(hand))]


class Mismatch(AssertionError):
    """Your code differed from the reference; the message says where."""


def expected_got(call: str, expected, got) -> str:
    return f"{call}\n  expected: {show(expected)}\n  got:      {show(got)}"


def who(student, obj, players) -> object:
    """The name of ``obj`` when it is one of ``players`` (the very object), else ``obj``."""
    if type(obj) is Handle:
        for name, player in zip(NAMES, players, strict=True):
            if student.builtin("is", obj, player) is True:
                return name
    return obj


class Comparison:
    """A recorded game played again on student code, failing at its first difference.

    Attributes:
        record: The reference game.
        board_text: Whose Board plays the game, when it is not yours (for ``describe``).
        where: Where in the game the next call happens, for messages ("" for none).
    """

    board_text = ""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.where = ""

    def fail(self, text: str) -> None:
        raise Mismatch(f"{self.record.describe(self.board_text)}\n{text}")

    def call(self, what: str, action):
        """Run ``action()``; an exception from your code is a mismatch naming ``what``."""
        try:
            return action()
        except StudentRaised as error:
            place = f" ({error.where})" if error.where else ""
            where = f"{self.where}, " if self.where else ""
            self.fail(f"{where}{what} raised {error.type_name}: {error.message}{place}")

    def check(self, call: str, got, expected) -> None:
        if type(got) is not type(expected) or got != expected:
            self.fail(expected_got(call, expected, got))


def first_difference(comparison: Callable[[], Comparison]) -> None:
    """Run a new comparison cheaply; if it differs, run another in detail to say where.

    Raises:
        AssertionError: The detailed run's message (or the cheap one's, should the
            detailed run find nothing).
    """
    try:
        comparison().run(detailed=False)
    except Mismatch as cheap:
        try:
            comparison().run(detailed=True)
        except Mismatch as detailed:
            raise AssertionError(str(detailed)) from None
        raise AssertionError(str(cheap)) from None


class Replay(Comparison):
    """A recorded game played again on your Board, with your Players and Deck."""

    def __init__(self, student, record: GameRecord) -> None:
        super().__init__(record)
        self.student = student
        self.players = None
        self.board = None

    def start(self) -> None:
        """Make the players, the deck and the board, and check the deal."""
        student, record = self.student, self.record
        self.players = self.call(
            "Player('Ann') or Player('Bob')", lambda: [student.pkg.player.Player(n) for n in NAMES]
        )
        self.board = self.call(
            f"Board([Ann, Bob], Deck(cards), first={record.first})",
            lambda: student.pkg.board.Board(
                self.players, student.pkg.deck.Deck(record.deck), record.first
            ),
        )
        self.check("After the deal: [Ann's hand, Bob's hand]", self.hands(), list(record.dealt))

    def hands(self) -> list:
        return [self.call(f"{name}.hand", lambda p=p: p.hand)
                for name, p in zip(NAMES, self.players, strict=True)]

    def play(self, card, where: str):
        return self.call(f"In {where}, board.play({card!r})", lambda: self.board.play(card))

    def play_round(self, entry: RoundRecord, detailed: bool) -> None:
        where = entry.describe()
        before = self.record.hands_before(entry.number)
        try:
            opened = self.play(entry.led, where)
            closed = self.play(entry.followed, where)
        except Mismatch as mismatch:
            raise Mismatch(
                f"{mismatch}\nBefore that round the reference had Ann holding "
                f"{show(before[0])} and Bob holding {show(before[1])}."
            ) from None
        self.check(f"In {where}, board.play({entry.led!r}) (the led card)", opened, None)
        if type(closed) is not Handle:
            self.fail(expected_got(
                f"In {where}, board.play({entry.followed!r}) (completes the round)",
                "a Round", closed,
            ))
        if detailed:
            fields = [closed.leader, closed.led, closed.follower, closed.followed, closed.winner]
            expected = [entry.leader, entry.led, entry.follower, entry.followed, entry.winner]
            self.check(
                f"After {where}: the Round's [leader, led, follower, followed, winner]",
                fields, expected,
            )
            self.check(f"After {where}: [Ann's hand, Bob's hand]", self.hands(),
                       list(entry.hands))
            self.check(f"After {where}: board.scores", self.board.scores, entry.scores)
            self.check(f"After {where}: board.stock_size", self.board.stock_size,
                       entry.stock_size)

    def finish(self) -> None:
        """Compare the end of the game."""
        record, board = self.record, self.board
        end = "After the last round"
        won = [self.call(f"{name}.won", lambda p=p: p.won)
               for name, p in zip(NAMES, self.players, strict=True)]
        self.check(f"{end}: [Ann's won cards, Bob's won cards]", won, list(record.won))
        self.check(f"{end}: board.scores", board.scores, record.rounds[-1].scores)
        self.check(f"{end}: board.stock_size", board.stock_size, 0)
        self.check(f"{end}: board.is_over", board.is_over, True)
        self.check(f"{end}: board.to_play", board.to_play, None)
        winner = self.call("board.winner()", board.winner)
        self.check(f"{end}: board.winner()", who(self.student, winner, self.players),
                   record.winner)
        try:
            board.play(record.deck[0])
        except StudentRaised as error:
            if not error.is_a("ValueError"):
                self.fail(f"{end}: board.play({record.deck[0]!r}) should raise ValueError, "
                          f"but raised {error.type_name}: {error.message}")
        else:
            self.fail(f"{end}: board.play({record.deck[0]!r}) should raise ValueError "
                      "(the game is over), but returned normally")

    def run(self, detailed: bool) -> None:
        self.start()
        for entry in self.record.rounds:
            self.play_round(entry, detailed)
        self.finish()


def replay(student, record: GameRecord) -> None:
    """Play ``record`` on your Board; raise AssertionError at the first difference."""
    first_difference(lambda: Replay(student, record))


def play_moves(student, record: GameRecord, count: int):
    """Your board after the first ``count`` moves of ``record``: ``(board, players)``."""
    run = Replay(student, record)
    run.start()
    for number, card in enumerate(record.moves[:count]):
        entry = record.rounds[number // 2]
        try:
            run.play(card, entry.describe())
        except Mismatch as mismatch:
            raise AssertionError(str(mismatch)) from None
    return run.board, run.players
