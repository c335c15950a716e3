"""Bisca's part of the class tournament (``cardlab tournament bisca --phase 3``).

bisca's ``assignment.toml`` declares :data:`GAME` as its tournament game; the framework
(:mod:`cardlab.batch.tournament`) loads this module by path and uses it: how a deal is
drawn, how one game is played on the reference Board run by the judge, how a student's
AutoPlayer is asked for a card, and the fixed entrants (the reference AutoPlayer, a
random legal player and the stronger bot of the terminal game, ``play/strong.py``). The
phase-3 grader (``test_tournament.py``) shares :class:`Canon` with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardlab.testing import Forfeit, Value, folder_module

StrongPlayer = folder_module(Path(__file__).resolve().parents[1] / "play", "strong").StrongPlayer

Chooser = Callable[[Any], Any]


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
        return Value(
            "PlayerView",
            "|".join(
                (
                    " ".join(text[c] for c in view.hand),
                    self.suits[view.trump].text,
                    trump_card,
                    " ".join(text[c] for c in view.table),
                    str(view.stock_size),
                    " ".join(text[c] for c in view.played),
                    str(view.my_points),
                    str(view.opponent_points),
                )
            ),
        )


class BiscaGame:
    """Two-player bisca on the reference Board; seat 0 leads the first round."""

    seats = 2

    def __init__(self, ref) -> None:
        """Look up the reference's cards once."""
        self._ref = ref
        self._canon = Canon(ref)

    def deal(self, seed: int):
        """The deck order of a deal, drawn from its seed."""
        return self._ref.deck.Deck.shuffled(random.Random(seed)).cards

    def fixed_entrants(self) -> dict[str, Callable[[int], Chooser]]:
        """The ladder of reference bots: a factory per name, given a game's seed."""
        ref = self._ref

        def reference(seed: int) -> Chooser:
            return ref.auto_player.AutoPlayer("reference").choose

        def random_legal(seed: int) -> Chooser:
            rng = random.Random(seed)
            return lambda view: rng.choice(list(view.hand))

        def strong(seed: int) -> Chooser:
            return StrongPlayer(ref.deck.Deck.standard().cards, seed=seed).choose

        return {"reference-autoplayer": reference, "random-legal": random_legal, "strong": strong}

    def student_player(self, student) -> Chooser:
        """A new AutoPlayer in the student's worker, asked through the proxy."""
        bot = student.pkg.auto_player.AutoPlayer("Student")
        canon = self._canon

        def choose(view):
            by_value = {canon.cards[card]: card for card in view.hand}
            answer = bot.choose(canon.sent_view(view))
            if type(answer) is not Value:
                raise Forfeit("non-card", f"choose returned {answer!r:.80}, not a card")
            if answer not in by_value:
                raise Forfeit("illegal move", f"choose returned {answer.text}, not in the hand")
            return by_value[answer]

        return choose

    def play(self, order, choosers: Sequence[Chooser]) -> int | None:
        """Play one game; the winning seat, or None for a tie."""
        ref = self._ref
        players = [ref.player.Player(f"seat {seat}") for seat in range(self.seats)]
        board = ref.board.Board(players, ref.deck.Deck(order), 0)
        while not board.is_over:
            player = board.to_play
            seat = next(i for i, p in enumerate(players) if p is player)
            board.play(choosers[seat](board.view_for(player)))
        winner = board.winner()
        return None if winner is None else next(i for i, p in enumerate(players) if p is winner)


GAME = BiscaGame
