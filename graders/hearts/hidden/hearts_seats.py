"""Seeded games played by the grader on the provided game, with your Players in the seats.

In phase 1 the game (``Hearts``) and the ``Dealer`` are provided, so a whole game tests
your Player (its ``choose``, through your rules and cards) and nothing else. The grader
plays it on the reference's own ``Hearts``, here in the judge; each seat is a stand-in
(made by :func:`seat_classes`) that keeps the hand and the cards taken as the reference
Player does, passes every change to a Player of yours in your process (``start_hand``,
``take_cards``, ``play``, ``collect``), and asks that Player to ``choose`` every card.
Each choice is checked against the reference rules before the game plays it. Nothing
your code does to the provided modules in your process reaches these games.

North deals, with the reference Dealer's shuffle and its own generator; its cards are
chosen by a Player of yours, like the other seats'.
"""

from __future__ import annotations

import random

from hearts_games import SEAT_NAMES, notation, seat_seed

from cardlab.judge.proxy import StudentRaised
from cardlab.testing import show
from cardlab.worker.codec import Value


class Illegal(AssertionError):
    """Your Player chose a card it may not play, or its code raised; the message says which."""


def situation_value(situation) -> Value:
    """A reference Situation as the value your Player's ``choose`` receives."""
    hand, trick, broken, first = situation
    return Value("Situation", f"{notation(hand)}|{notation(trick)}|{int(broken)}|{int(first)}")


def seat_classes(ref):
    """The stand-in classes for the reference game: a seat, and the dealer's seat."""

    class YourSeat(ref.player.Player):
        """A seat of the reference game whose choices and changes go to your Player."""

        def __init__(self, name: str, rng: random.Random, handle, counts: dict) -> None:
            super().__init__(name, rng)
            self.handle = handle
            self.counts = counts

        def _tell(self, what: str, action) -> None:
            try:
                action()
            except StudentRaised as error:
                raise Illegal(f"{self._where()}: the game's call {self.name}.{what} raised "
                              f"{error.type_name}: {error.message}") from None

        def _where(self) -> str:
            return f"hand {self.counts['hands']}, trick {self.counts['tricks'] + 1}"

        def start_hand(self) -> None:
            super().start_hand()
            self._tell("start_hand()", self.handle.start_hand)

        def take_cards(self, cards) -> None:
            cards = list(cards)
            super().take_cards(cards)
            sent = ref.canon(cards)
            self._tell(f"take_cards([{notation(cards)}])", lambda: self.handle.take_cards(sent))

        def play(self, card):
            super().play(card)
            sent = ref.canon(card)
            self._tell(f"play({card.notation})", lambda: self.handle.play(sent))
            return card

        def collect(self, cards) -> None:
            cards = list(cards)
            super().collect(cards)
            self.counts["tricks"] += 1
            sent = ref.canon(cards)
            self._tell(f"collect([{notation(cards)}])", lambda: self.handle.collect(sent))

        def choose(self, situation):
            """Your Player's choice, if the rules allow it."""
            hand, trick, broken, first = situation
            call = f"{self.name}.choose(hand [{notation(hand)}], trick [{notation(trick)}])"
            try:
                got = self.handle.choose(situation_value(situation))
            except StudentRaised as error:
                raise Illegal(f"{self._where()}: {call} raised {error.type_name}: "
                              f"{error.message}") from None
            legal = ref.rules.legal_plays(hand, trick, broken, first)
            by_value = {ref.canon(card): card for card in legal}
            if type(got) is Value and got in by_value:
                return by_value[got]
            held = type(got) is Value and got in {ref.canon(card) for card in hand}
            why = "a card it may not play" if held else "not a card of its hand"
            raise Illegal(f"{self._where()}: {call} returned {show(got)}, {why} "
                          f"(legal: {notation(legal)})")

    class YourDealerSeat(YourSeat, ref.dealer.Dealer):
        """North: deals with the reference Dealer's shuffle, chooses with your Player."""

        def deal(self, deck, players) -> None:
            self.counts["hands"] += 1
            self.counts["tricks"] = 0
            super().deal(deck, players)

    return YourSeat, YourDealerSeat


def judged_game(student, ref, seed: int):
    """The reference game for the seed, its four seats taken by Players of yours.

    The generators match ``hearts_games.reference_game``: North's (in the judge) shuffles,
    and each of your Players gets ``Random`` of its seat's seed in your process.
    """
    seat, dealer_seat = seat_classes(ref)
    counts = {"hands": 0, "tricks": 0}
    players = []
    for index, name in enumerate(SEAT_NAMES):
        handle = student.player.Player(name, student.builtin("Random", seat_seed(seed, index)))
        kind = dealer_seat if index == 0 else seat
        players.append(kind(name, random.Random(seat_seed(seed, index)), handle, counts))
    return ref.game.Hearts(players)
