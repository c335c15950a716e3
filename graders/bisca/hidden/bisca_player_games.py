"""Whole games on the provided Board, run by the grader with your Players (phase 2).

In phase 2 the Board is provided, so a whole game tests your Player alone. The grader
plays it on the reference's own Board, here in the judge; the Board's two players are
stand-ins (:class:`YourPlayer`) that pass every call the Board makes to a Player of
yours in your process: ``take`` when dealing and drawing, ``play`` for each card,
``collect`` for the winner of a round, and ``points`` for the scores. Nothing your code
does to the provided modules in your process reaches this game.

The moves are those of a recorded reference game (:mod:`bisca_games`). As there, a
game first runs cheaply, comparing only the end; when something differs it runs again,
comparing hands, won cards and points after every round, to name the first round that
went wrong.
"""

from __future__ import annotations

from bisca_games import (
    NAMES,
    Comparison,
    GameRecord,
    Mismatch,
    RoundRecord,
    expected_got,
    first_difference,
)

from cardlab.testing import show


class YourPlayer:
    """A player of the reference Board that is one of your Players, reached through the proxy.

    It offers what the Board uses while a game is played: ``name``, ``points``,
    ``take``, ``play`` and ``collect``.
    """

    def __init__(self, game: PlayerGame, name: str) -> None:
        """Make ``Player(name)`` in your process."""
        self._game = game
        self.name = name
        self.handle = game.call(f"Player({name!r})", lambda: game.student.pkg.player.Player(name))
        self._board_calls = f"the Board's call {name}"

    def __repr__(self) -> str:
        return self.name

    @property
    def points(self) -> int:
        """Your Player's points, which must be a number."""
        got = self._game.call(f"{self.name}.points", lambda: self.handle.points)
        if type(got) is not int:
            self._game.fail(expected_got(f"{self._game.where}: {self.name}.points",
                                         "a number", got))
        return got

    def take(self, card) -> None:
        """Give your Player a card, as the Board deals or draws it."""
        sent = self._game.ref.canon(card)
        self._game.call(f"{self._board_calls}.take({sent!r})", lambda: self.handle.take(sent))

    def play(self, card):
        """Have your Player play a card; it must return that card."""
        sent = self._game.ref.canon(card)
        got = self._game.call(f"{self._board_calls}.play({sent!r})",
                              lambda: self.handle.play(sent))
        if type(got) is not type(sent) or got != sent:
            self._game.fail(expected_got(f"{self._game.where}: {self.name}.play({sent!r})",
                                         sent, got))
        return card

    def collect(self, cards) -> None:
        """Give your Player the cards of a round it won."""
        sent = [self._game.ref.canon(card) for card in cards]
        self._game.call(f"{self._board_calls}.collect({show(sent)})",
                        lambda: self.handle.collect(sent))


class PlayerGame(Comparison):
    """A recorded game played again on the reference Board, with your Players in it."""

    board_text = "the provided Board, run by the grader with your Players"

    def __init__(self, student, ref, games, record: GameRecord) -> None:
        super().__init__(record)
        self.student = student
        self.ref = ref
        self.where = "Before the game"
        self._deck = games.deck_order(record.seed)
        self.players: list[YourPlayer] = []
        self.board = None

    def start(self) -> None:
        """Make your two Players and the reference Board, which deals to them."""
        self.players = [YourPlayer(self, name) for name in NAMES]
        self.where = "While dealing"
        self.board = self.ref.board.Board(self.players, self.ref.deck.Deck(self._deck),
                                          self.record.first)
        self.check("After the deal: [Ann.hand, Bob.hand]", self.hands(), list(self.record.dealt))

    def hands(self) -> list:
        return [self.call(f"{p.name}.hand", lambda p=p: p.handle.hand) for p in self.players]

    def won(self) -> list:
        return [self.call(f"{p.name}.won", lambda p=p: p.handle.won) for p in self.players]

    def scores(self) -> list:
        return [player.points for player in self.players]

    def play_round(self, entry: RoundRecord, detailed: bool) -> None:
        where = entry.describe()
        self.where = f"In {where}"
        try:
            for card in (entry.led, entry.followed):
                self.board.play(self.ref.card.Card.from_notation(card.text))
        except Mismatch as mismatch:
            before = self.record.hands_before(entry.number)
            raise Mismatch(
                f"{mismatch}\nBefore that round the reference had Ann holding "
                f"{show(before[0])} and Bob holding {show(before[1])}."
            ) from None
        if detailed:
            self.where = f"After {where}"
            self.check(f"After {where}: [Ann.hand, Bob.hand]", self.hands(), list(entry.hands))
            self.check(f"After {where}: [Ann.points, Bob.points]", self.scores(), entry.scores)
            self.check(f"After {where}: [Ann.won, Bob.won]", self.won(),
                       self.won_after(entry.number))

    def won_after(self, number: int) -> list:
        """What Ann and Bob had won after round ``number``, from the record's rounds."""
        won: list[list] = [[], []]
        for entry in self.record.rounds[:number]:
            won[NAMES.index(entry.winner)] += [entry.led, entry.followed]
        return won

    def finish(self) -> None:
        """Compare the end of the game: empty hands, the cards won, the points."""
        end = "After the last round"
        self.where = end
        self.check(f"{end}: [Ann.hand, Bob.hand]", self.hands(), [[], []])
        self.check(f"{end}: [Ann.won, Bob.won]", self.won(), list(self.record.won))
        self.check(f"{end}: [Ann.points, Bob.points]", self.scores(),
                   self.record.rounds[-1].scores)

    def run(self, detailed: bool) -> None:
        self.start()
        for entry in self.record.rounds:
            self.play_round(entry, detailed)
        self.finish()


def replay_with_players(student, ref, games, record: GameRecord) -> None:
    """Play ``record`` on the reference Board with your Players; fail at the first difference."""
    first_difference(lambda: PlayerGame(student, ref, games, record))
